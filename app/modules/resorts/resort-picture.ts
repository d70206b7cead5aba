import { href } from "react-router";

/**
 * Where a resort's picture comes from (decision 0052): the company's own photo when an administrator uploaded one,
 * else the illustration generated from the resort's data. Safe for the browser.
 */

/** Bumped whenever the drawing changes, so browsers fetch the new pictures (`?v=` on their addresses). */
export const ART_VERSION = "1";

/** Only photos the admin form stored (served from /media/resorts/...), never an address typed elsewhere. */
const STORED_PHOTO = /^\/media\/resorts\/[a-f0-9]{16}\.webp$/;

/** What a picture of a resort needs. */
export type ResortPictureSource = { slug: string; photoPath: string | null };

/** The illustration's address: `/resorts/{slug}/illustration.svg?v=...`. */
export function resortIllustrationHref(slug: string) {
  return `${href("/resorts/:resort/illustration.svg", { resort: slug })}?v=${ART_VERSION}`;
}

/** The home page's scene. */
export function homeIllustrationHref() {
  return `${href("/illustrations/home.svg")}?v=${ART_VERSION}`;
}

/** The uploaded photo's address, or null when there is none (or the stored value is not one of ours). */
export function resortPhotoHref(photoPath: string | null | undefined): string | null {
  return photoPath && STORED_PHOTO.test(photoPath) ? photoPath : null;
}
