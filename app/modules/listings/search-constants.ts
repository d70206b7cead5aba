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
