/**
 * The plain checks behind the field helpers (app/lib/fields.ts), without zod: what a browser module needs to read
 * an id or check a value (the favourites and compare cookies on every list page) without loading zod's 25 KB.
 */

/** The largest value of a PostgreSQL `integer` (int4): every serial id of the database is at most this. */
export const INT4_MAX = 2_147_483_647;

/** SPEC section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;
export const EMAIL_INVALID = "Email address is invalid, enter correct email.";

/**
 * True when `v` holds a character no person types into a field: a control character (C0, DEL, C1; NUL is the one
 * PostgreSQL refuses outright) or half of a surrogate pair. In `multiline` text, tab and line breaks are text.
 */
export function hasForbiddenCharacters(v: string, multiline = false): boolean {
  if (typeof v !== "string") return false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 32) {
      if (multiline && (c === 9 || c === 10 || c === 13)) continue;
      return true;
    }
    if (c >= 127 && c <= 159) return true;
  }
  return !v.isWellFormed();
}

/**
 * The text of a search box or another free-text query parameter (`?q=`): never refused (a list falls back rather
 * than fails), so control characters become spaces, then it is trimmed and cut to `max` characters.
 */
export function searchText(raw: unknown, max = 100): string {
  if (typeof raw !== "string") return "";
  // \p{Cc}: C0 controls, DEL and C1 controls.
  const clean = raw
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, max)
    .trim();
  return clean.toWellFormed();
}

/** A plain decimal whole number as typed ("42", " 42 "): its value; anything else (1e3, 0x10, 1.5, "") is null. */
export function wholeOf(v: unknown): number | null {
  if (typeof v === "number") return Number.isInteger(v) ? v : null;
  if (typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v)) return Number(v);
  return null;
}

/** True when `n` can be a row id: a whole number from 1 to 2,147,483,647. */
export function isDbId(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= INT4_MAX;
}

/** An id from a form, a URL or JSON (a number or a numeric string): the number, or null when it cannot be one. */
export function toDbId(v: unknown): number | null {
  const n = wholeOf(v);
  return isDbId(n) ? n : null;
}
