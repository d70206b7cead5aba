/** Search constants and types shared by the server and the browser (no zod here: it stays out of the bundle). */
/** SPEC section 9: resale use-year months, default page size 60; the API caps the page size at 120. */
export const USE_YEAR_MONTHS = { Feb: 2, Mar: 3, Apr: 4, Jun: 6, Aug: 8, Sep: 9, Oct: 10, Dec: 12 } as const;
export type UseYearName = keyof typeof USE_YEAR_MONTHS;
export const USE_YEAR_NAMES = Object.keys(USE_YEAR_MONTHS) as UseYearName[];
export const RESALE_PAGE_LIMIT = 60;
export const RESALE_MAX_PAGE_LIMIT = 120;
export const ORDER_COLUMNS = ["resort", "price", "age", "price_per_point", "score"] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export const RANGE_KEYS = ["points", "pricePerPoint", "price", "score", "pointPercentage"] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

export type Range = { min: number | null; max: number | null };

/** The largest value each range accepts (points, dollars per point, total dollars, 0-100 scales). */
export const RANGE_LIMITS: Record<RangeKey, { label: string; max: number }> = {
  points: { label: "Points", max: 100_000 },
  pricePerPoint: { label: "Price per point", max: 100_000 },
  price: { label: "Price", max: 1_000_000_000 },
  score: { label: "Score", max: 100 },
  pointPercentage: { label: "Point percentage", max: 100 },
};

/** A resort code as the search takes it (AKV, BLT; letters, digits and dashes). */
export const RESORT_CODE_RE = /^[A-Za-z][A-Za-z0-9-]{0,19}$/;

/** A number from a query-string or JSON value: null when empty, undefined when it is not a plain decimal. */
export function toNumber(v: unknown): number | null | undefined {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/**
 * One range filter from its two ends (numbers, numeric strings, or null/"" for an open end): the range
 * (null when both ends are open) or the message saying what is wrong. The search schema and the page's
 * query-string reader share it, so the browser gets the same rule without zod.
 */
export function checkRange(
  key: RangeKey,
  min: unknown,
  max: unknown,
): { ok: true; range: Range | null } | { ok: false; message: string } {
  const { label, max: limit } = RANGE_LIMITS[key];
  const lo = toNumber(min);
  const hi = toNumber(max);
  if (lo === undefined || hi === undefined) return { ok: false, message: `${label} range must hold two numbers.` };
  for (const n of [lo, hi]) {
    if (n !== null && (n < 0 || n > limit)) return { ok: false, message: `${label} must be between 0 and ${limit}.` };
  }
  if (lo !== null && hi !== null && lo > hi) {
    return { ok: false, message: `${label} range is inverted: the minimum ${lo} is above the maximum ${hi}.` };
  }
  return { ok: true, range: lo === null && hi === null ? null : { min: lo, max: hi } };
}
