/**
 * /admin/seo's rules that the browser shares (decision 0085): which addresses an entry may name, and how long a title
 * and a description read well in a search result. No zod here.
 */

/** Search engines show about 60 characters of a title and 155 of a description; longer is cut, not refused. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;

/** Areas that are not public pages: an entry for them would be read by no one. */
const PRIVATE_PREFIXES = ["/admin", "/api", "/v2", "/profile", "/agreements"];

/** "/Listings/" and "listings?x=1" both become "/listings"; the fragment and the query go. */
export function normalizeSeoPath(input: string): string {
  const path = input.trim().split(/[?#]/)[0].toLowerCase();
  const withSlash = path.startsWith("/") ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
}

/** A public page's address: lower-case letters, digits, hyphens, dots and underscores between slashes. */
export function isSeoPath(path: string): boolean {
  if (!/^\/([a-z0-9._-]+(\/[a-z0-9._-]+)*)?$/.test(path)) return false;
  if (path.split("/").some((part) => /^\.+$/.test(part))) return false;
  return !PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** A canonical address: a path on this site or an https:// address. */
export function isCanonicalTarget(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** What the shell carries to every page's `meta` (root loader data): the entry for this address, and the defaults. */
export type SeoShell = {
  /** The site's address ("https://example.com"), for absolute canonical and picture links. */
  origin: string;
  /** The picture a link preview shows when the page has none of its own (the SEO defaults); null: none. */
  defaultImage: string | null;
  entry: {
    title: string | null;
    description: string | null;
    canonical: string | null;
    imagePath: string | null;
    noindex: boolean;
  } | null;
};
