/**
 * Favorites (SPEC section 3 "Favorites", section 4 "Favorites toggle", section 9): a list kept in the cookie
 * `my-favorite-listings` for 30 days. Each entry is the SPEC's array:
 *   [0] id, [1] title, [2] use year, [3] points, [4] price per point (dollars), [5..7] available points
 *   (previous, current, next use year).
 * The server writes the entries from database values; on every read only the ids count (a forged price or
 * points value in the cookie is never shown). Pure and safe for the browser.
 */
import { isListingId, readCookie, setCookieHeader } from "./listing-cookies";

export const FAVORITES_COOKIE = "my-favorite-listings";
/** How many listings the list holds: enough for a shortlist, and the cookie stays well under 4 KB. */
export const MAX_FAVORITES = 30;
/** A cookie longer than this was not written by us and is ignored whole. */
export const MAX_FAVORITES_COOKIE_CHARS = 4000;

export type FavoriteEntry = [
  id: number,
  title: string,
  useYear: string,
  points: number,
  pricePerPoint: number,
  prevYearPoints: number,
  currYearPoints: number,
  nextYearPoints: number,
];

const isCount = (x: unknown) => typeof x === "number" && Number.isFinite(x) && x >= 0 && x < 1e9;
const isText = (x: unknown, max: number) => typeof x === "string" && x.length <= max;

function isEntry(e: unknown): e is FavoriteEntry {
  return (
    Array.isArray(e) &&
    e.length === 8 &&
    isListingId(e[0]) &&
    isText(e[1], 120) &&
    isText(e[2], 20) &&
    e.slice(3).every(isCount)
  );
}

function toBase64Url(text: string) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The entries of a cookie value. A value that is too long, not base64url, not JSON or not a list gives [];
 * an entry of the wrong shape is dropped; repeated ids keep their first entry; at most MAX_FAVORITES.
 */
export function parseFavoritesCookie(value: string | null | undefined): FavoriteEntry[] {
  if (!value || value.length > MAX_FAVORITES_COOKIE_CHARS) return [];
  const json = fromBase64Url(value);
  if (json === null) return [];
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const seen = new Set<number>();
  const out: FavoriteEntry[] = [];
  for (const e of list) {
    if (!isEntry(e) || seen.has(e[0])) continue;
    seen.add(e[0]);
    out.push(e);
    if (out.length === MAX_FAVORITES) break;
  }
  return out;
}

/** The listing ids in a request's Cookie header, in the order they were added. */
export function favoriteIdsFromCookieHeader(header: string | null | undefined): number[] {
  return parseFavoritesCookie(readCookie(header, FAVORITES_COOKIE)).map((e) => e[0]);
}

export function serializeFavorites(entries: readonly FavoriteEntry[]): string {
  return entries.length === 0 ? "" : toBase64Url(JSON.stringify(entries));
}

/** The Set-Cookie header for a list: 30 days, path /, SameSite=Lax; an empty list clears the cookie. */
export function favoritesSetCookie(entries: readonly FavoriteEntry[]): string {
  return setCookieHeader(FAVORITES_COOKIE, serializeFavorites(entries));
}

/** One favorite as the modal and the /favorites page show it: every figure from the database. */
export type FavoriteRow = {
  id: number;
  title: string;
  listingCode: string;
  href: string;
  resortCode: string;
  resortName: string;
  logoPath: string;
  /** The resort's picture (decision 0052): its slug for the illustration, its uploaded photo if any. */
  resortSlug: string;
  resortPhotoPath: string | null;
  useYear: string;
  contractPoints: number;
  pricePerPointCents: number;
  totalCents: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
  /** False once the listing has left the market (sold, withdrawn): shown so the visitor can remove it. */
  available: boolean;
};

export type ToggleResult = { ids: number[]; added: boolean } | { full: true };

/** SPEC section 4: a listing already in the list is removed, otherwise added (at the end); a full list refuses. */
export function toggleId(ids: readonly number[], id: number, max: number): ToggleResult {
  if (ids.includes(id)) return { ids: ids.filter((x) => x !== id), added: false };
  if (ids.length >= max) return { full: true };
  return { ids: [...ids, id], added: true };
}

/** Total price of an entry: points x price per point (SPEC section 3). */
export function entryTotal(entry: FavoriteEntry): number {
  return entry[3] * entry[4];
}
