import { z } from "zod";

/**
 * The media library's rules both sides know (decision 0067): the upload cap, the messages the SPEC prints, and the
 * metadata's schema. The server side is `media.server.ts`.
 */

/** The largest picture accepted, by the file's own size. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_LABEL = "10 MB";

export const MEDIA_MESSAGES = {
  /** SPEC section 7, `/media/meta/save`. */
  metaSaved: "Metadata saved!",
  metaError: "Error saving metadata.",
  tooBig: `The image is too large: at most ${MEDIA_MAX_LABEL}.`,
  notImage: "The file must be a PNG, JPEG or WebP image.",
  missing: "Choose an image to upload.",
  /** SPEC section 8: what the editor says when the answer has no location, or the upload failed. */
  invalidResponse: "Invalid response from server",
  uploadFailed: "Upload failed",
};

/** The form's help under the file input (and the upload button's title). */
export const MEDIA_UPLOAD_HELP = `A PNG, JPEG or WebP image of at most ${MEDIA_MAX_LABEL}. It is kept as WebP at 100, 75, 50 and 25% of its size.`;

export const MEDIA_LIMITS = { title: 200, alt: 300, description: 2000 };

/** Optional text: an empty or missing value is "". */
const line = (label: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), lineString(label, max));

const lineString = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} is at most ${max} characters.`)
    .refine((v) => !hasControlCharacter(v), `${label} contains characters that are not allowed.`);

/** A picture's words: what the library lists and the alt text rich text gets. All three may be empty. */
export const MediaMetaSchema = z.object({
  title: line("The title", MEDIA_LIMITS.title),
  alt: line("The alt text", MEDIA_LIMITS.alt),
  description: line("The description", MEDIA_LIMITS.description),
});

/** One picture as the picker lists it. */
export type MediaPick = {
  id: number;
  /** The full-size picture's address (`/media/library/<name>.webp`). */
  url: string;
  /** The 25% size, for the thumbnail. */
  thumbUrl: string;
  title: string;
  alt: string;
  width: number;
  height: number;
  /** Every stored size, largest first. */
  sizes: { percent: number; url: string; width: number; height: number }[];
};

/** A control character other than tab and line breaks (never typed by a person). */
export function hasControlCharacter(v: string) {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}
