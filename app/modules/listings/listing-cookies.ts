import { isDbId } from "~/lib/field-values";

/**
 * Cookie plumbing shared by favorites and compare (pure, safe for the browser). Both cookies are written by the
 * server only; what a visitor's browser sends back is read defensively and never trusted beyond listing ids.
 */

/** SPEC section 9: the favorites cookie lasts 30 days; compare uses the same life. */
export const LISTING_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/** An id a listing can have (a Postgres `serial`: 1 to 2,147,483,647). */
export function isListingId(x: unknown): x is number {
  return isDbId(x);
}

/** A listing id from a form or URL field: digits only, no sign, no exponent, no leading zero. */
export function parseListingId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return isListingId(n) ? n : null;
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** A Set-Cookie header: path /, SameSite=Lax, HttpOnly (only the server reads it). An empty value clears it. */
export function setCookieHeader(name: string, value: string, maxAge = LISTING_COOKIE_MAX_AGE) {
  const age = value === "" ? 0 : maxAge;
  return `${name}=${value}; Max-Age=${age}; Path=/; SameSite=Lax; HttpOnly`;
}
