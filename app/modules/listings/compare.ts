/**
 * Compare (issue 3 "Favorites, compare, share"): up to four listings side by side. The ids live in the cookie
 * `compare-listings` as `12.45.78`, written by the server; on every read the listings come from the database.
 * Pure and safe for the browser.
 */
import { parseListingId, readCookie, setCookieHeader } from "./listing-cookies";
import type { ScoreExplanation } from "./score";

export const COMPARE_COOKIE = "compare-listings";
export const MAX_COMPARE = 4;

export const COMPARE_FULL_MESSAGE = `You can compare up to ${MAX_COMPARE} listings. Remove one from the comparison before adding another.`;

/** The ids of a cookie value; anything that is not a short list of ids gives []; at most MAX_COMPARE. */
export function parseCompareCookie(value: string | null | undefined): number[] {
  if (!value || value.length > 60) return [];
  const out: number[] = [];
  for (const part of value.split(".")) {
    const id = parseListingId(part);
    if (id === null) return [];
    if (!out.includes(id)) out.push(id);
  }
  return out.slice(0, MAX_COMPARE);
}

export function compareIdsFromCookieHeader(header: string | null | undefined): number[] {
  return parseCompareCookie(readCookie(header, COMPARE_COOKIE));
}

/** The Set-Cookie header for a list of ids (an empty list clears the cookie). */
export function compareSetCookie(ids: readonly number[]): string {
  return setCookieHeader(COMPARE_COOKIE, ids.slice(0, MAX_COMPARE).join("."));
}

/** One listing in the comparison: its facts, its dues and contract end, and the inputs of its score. */
export type CompareListing = {
  id: number;
  title: string;
  listingCode: string;
  href: string;
  resortCode: string;
  resortName: string;
  resortSlug: string;
  /** The resort's uploaded photo (else its illustration is shown). */
  photoPath: string | null;
  broker: string | null;
  noHaggle: boolean;
  useYear: string;
  contractPoints: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
  pricePerPointCents: number;
  totalCents: number;
  /** Dues per point this year (null when the resort has none on record) and for the whole contract. */
  duesPerPointCents: number | null;
  annualDuesCents: number | null;
  /** The year of the dues figure, and whether it is our estimate rather than the published figure. */
  duesYear: number | null;
  duesEstimated: boolean;
  contractEndYear: number | null;
  extendedEndYear: number | null;
  yearsLeft: number | null;
  score: ScoreExplanation | null;
};
