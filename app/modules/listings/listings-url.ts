import { type OrderColumn, RESALE_PAGE_LIMIT, type Range, type UseYearName } from "./search-constants";

/**
 * The listings page keeps its filters, sort and page in the query string (ARCHITECTURE rule 5).
 * These pure functions map the query string to the search filters and back. Canonical keys:
 * points=100-200, ppp=90-130 (dollars per point), price=0-15000 (dollars), score=30-100, pct=0-100,
 * resort=AKV, broker=<id> (repeatable), uy=Feb (repeatable), limit, page, sort=score-desc.
 * The filter form (which works without JavaScript) also sends points_min/points_max and so on,
 * plus `from` (the query it was rendered for) so the server can tell what changed.
 */

export const SORTS = {
  "score-desc": { column: "score", order: "desc", label: "Best score" },
  "resort-asc": { column: "resort", order: "asc", label: "Resort A-Z" },
  "resort-desc": { column: "resort", order: "desc", label: "Resort Z-A" },
  "price-asc": { column: "price", order: "asc", label: "Price low-high" },
  "price-desc": { column: "price", order: "desc", label: "Price high-low" },
  "age-asc": { column: "age", order: "asc", label: "Oldest first" },
  "age-desc": { column: "age", order: "desc", label: "Newest first" },
  "ppp-asc": { column: "price_per_point", order: "asc", label: "Price per point low-high" },
  "ppp-desc": { column: "price_per_point", order: "desc", label: "Price per point high-low" },
} as const satisfies Record<string, { column: OrderColumn; order: "asc" | "desc"; label: string }>;
export type SortKey = keyof typeof SORTS;
export const SORT_KEYS = Object.keys(SORTS) as SortKey[];
export const DEFAULT_SORT: SortKey = "score-desc";
export const PAGE_SIZES = [30, 60, 120] as const;

/** Range filters: the URL key and the search schema key. */
export const RANGE_PARAMS = {
  points: "points",
  ppp: "pricePerPoint",
  price: "price",
  score: "score",
  pct: "pointPercentage",
} as const;
export type RangeParam = keyof typeof RANGE_PARAMS;
export const RANGE_PARAM_KEYS = Object.keys(RANGE_PARAMS) as RangeParam[];

export type ListingsQuery = {
  points: Range | null;
  ppp: Range | null;
  price: Range | null;
  score: Range | null;
  pct: Range | null;
  resort: string | null;
  brokers: number[];
  useYears: UseYearName[];
  limit: number;
  page: number;
  sort: SortKey;
};

export const DEFAULT_QUERY: ListingsQuery = {
  points: null,
  ppp: null,
  price: null,
  score: null,
  pct: null,
  resort: null,
  brokers: [],
  useYears: [],
  limit: RESALE_PAGE_LIMIT,
  page: 1,
  sort: DEFAULT_SORT,
};

/** SPEC section 9 quick choices (prices in dollars). */
export const BANDS: Record<"points" | "ppp" | "price" | "score", { label: string; range: Range }[]> = {
  points: [
    [25, 100],
    [100, 140],
    [140, 160],
    [160, 180],
    [180, 230],
    [230, 270],
    [270, 310],
    [310, 400],
  ].map(([min, max]) => ({ label: `${min}-${max}`, range: { min, max } })),
  ppp: [
    { label: "$90-$130", range: { min: 90, max: 130 } },
    { label: "$130-$170", range: { min: 130, max: 170 } },
  ],
  price: [
    { label: "$0-$15K", range: { min: 0, max: 15_000 } },
    { label: "$15K-$25K", range: { min: 15_000, max: 25_000 } },
  ],
  score: [{ label: "Above 30", range: { min: 30, max: null } }],
};

function rangeText(r: Range) {
  return `${r.min ?? ""}-${r.max ?? ""}`;
}

/** The canonical query string of a query: defaults are left out, keys in a fixed order. */
export function serializeListingsQuery(q: ListingsQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.resort) out.set("resort", q.resort);
  for (const key of RANGE_PARAM_KEYS) {
    const r = q[key];
    if (r) out.set(key, rangeText(r));
  }
  for (const y of q.useYears) out.append("uy", y);
  for (const b of q.brokers) out.append("broker", String(b));
  if (q.limit !== RESALE_PAGE_LIMIT) out.set("limit", String(q.limit));
  if (q.sort !== DEFAULT_SORT) out.set("sort", q.sort);
  if (q.page !== 1) out.set("page", String(q.page));
  return out;
}

/** "/listings" plus the canonical query string. */
export function listingsHref(q: ListingsQuery) {
  const qs = serializeListingsQuery(q).toString();
  return qs ? `/listings?${qs}` : "/listings";
}

/** Whether the query string is exactly the canonical form of its query (otherwise the page redirects to it). */
export function isCanonical(params: URLSearchParams, q: ListingsQuery) {
  return params.toString() === serializeListingsQuery(q).toString();
}

const sameRange = (a: Range | null, b: Range | null) => a?.min === b?.min && a?.max === b?.max;
const sameList = <T>(a: T[], b: T[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Whether any filter other than sort and page differs (limit counts as a filter, SPEC section 3). */
export function filtersDiffer(a: ListingsQuery, b: ListingsQuery) {
  return (
    RANGE_PARAM_KEYS.some((k) => !sameRange(a[k], b[k])) ||
    a.resort !== b.resort ||
    !sameList(a.brokers, b.brokers) ||
    !sameList(a.useYears, b.useYears) ||
    a.limit !== b.limit
  );
}

/**
 * The query after a change from `prev` to `next` (SPEC section 4): changing any filter except the sort
 * resets the sort to score descending; changing a filter or the sort goes back to page 1.
 */
export function applyFilterChange(prev: ListingsQuery, next: ListingsQuery): ListingsQuery {
  if (filtersDiffer(prev, next)) return { ...next, sort: DEFAULT_SORT, page: 1 };
  if (prev.sort !== next.sort) return { ...next, page: 1 };
  return next;
}

/** The data's bounds of each range filter, by URL key (`getFilterBounds`; prices in whole dollars). */
export type RangeBounds = Record<RangeParam, readonly [number, number] | null>;

/** A range with the ends at or beyond the data's bounds left open: null when it covers all the data. */
export function trimRange(r: Range | null, b: readonly [number, number] | null): Range | null {
  if (!r || !b) return r;
  const min = r.min !== null && r.min <= b[0] ? null : r.min;
  const max = r.max !== null && r.max >= b[1] ? null : r.max;
  return min === null && max === null ? null : { min, max };
}

/**
 * SPEC section 4 "a slider is active when its range differs from the bounds": the ranges of a form
 * submission (`next`) with the ends at the bounds dropped, so untouched sliders give the clean URL. A range
 * that filters the same as the one the form was rendered for (`prev`, e.g. 25-100 from a quick choice when
 * the smallest contract has 50 points) keeps its earlier form, so it does not count as a filter change.
 */
export function settleRanges(prev: ListingsQuery, next: ListingsQuery, bounds: RangeBounds): ListingsQuery {
  const out = { ...next };
  for (const key of RANGE_PARAM_KEYS) {
    const trimmed = trimRange(next[key], bounds[key]);
    out[key] = sameRange(trimRange(prev[key], bounds[key]), trimmed) ? prev[key] : trimmed;
  }
  return out;
}
