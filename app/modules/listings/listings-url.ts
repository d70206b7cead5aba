import { code, defineSearch, multi, type RangeBounds, range, type SearchState, searchHref } from "~/lib/facets/facets";
import { SHORT_MONTHS } from "~/lib/format";

/**
 * The resale search (SPEC section 3 "Resale listing filters"), declared once with the faceted-search kit
 * (decision 0024): the /listings page's links, the dvc-broker-listings body and the SQL all follow it.
 * Links keep the filters, sort and page in the query string (ARCHITECTURE rule 5), canonical keys in this
 * order: resort=AKV, points=100-200, ppp=90-130 (dollars per point), price=0-15000 (dollars), score=30-100,
 * pct=0-100, uy=Feb and broker=<id> (repeatable), limit, sort=score-desc, page. The filter form (which works
 * without JavaScript) sends points_min/points_max and so on, plus `from` (the query it was rendered for) so
 * the server can tell what changed. No zod here: the filter panel runs this in the browser.
 */

/** SPEC section 9: use-year months (by short name), default page size 60; the API caps the page size at 120. */
// Every month can be named in the query: which ones the site offers is /admin/tweaks "Years" (decision 0093).
export type UseYearName = (typeof SHORT_MONTHS)[number];
export const USE_YEAR_NAMES: readonly UseYearName[] = SHORT_MONTHS;
/** Month numbers by short name ({ Jan: 1, ... Dec: 12 }). */
export const USE_YEAR_MONTHS = Object.fromEntries(SHORT_MONTHS.map((m, i) => [m, i + 1])) as Record<
  UseYearName,
  number
>;
export const RESALE_PAGE_LIMIT = 60;
export const RESALE_MAX_PAGE_LIMIT = 120;
export const ORDER_COLUMNS = ["resort", "price", "age", "price_per_point", "score"] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** The listings no longer for sale a search may add (status=…): under contract, and sold within RECENT_SALE_DAYS. */
export const LISTING_STATES_SHOWN = { "under-contract": 5, sold: 7 } as const;
/** "Recently sold": a sale that closed within this many days. */
export const RECENT_SALE_DAYS = 365;

const pointBands = [
  [25, 100],
  [100, 140],
  [140, 160],
  [160, 180],
  [180, 230],
  [230, 270],
  [270, 310],
  [310, 400],
].map(([min, max]) => ({ label: `${min}-${max}`, range: { min, max } }));

export const RESALE_SEARCH = defineSearch({
  // Ranges in whole units (prices in dollars); the bands are SPEC section 9's quick choices.
  facets: {
    points: range({ param: "points", label: "Points", max: 100_000, slider: true, bands: pointBands }),
    pricePerPoint: range({
      param: "ppp",
      label: "Price per point",
      max: 100_000,
      money: true,
      slider: true,
      bands: [
        { label: "$90-$130", range: { min: 90, max: 130 } },
        { label: "$130-$170", range: { min: 130, max: 170 } },
      ],
    }),
    price: range({
      param: "price",
      label: "Price",
      max: 1_000_000_000,
      money: true,
      slider: true,
      bands: [
        { label: "$0-$15K", range: { min: 0, max: 15_000 } },
        { label: "$15K-$25K", range: { min: 15_000, max: 25_000 } },
      ],
    }),
    score: range({
      param: "score",
      label: "Score",
      max: 100,
      slider: true,
      bands: [{ label: "Above 30", range: { min: 30, max: null } }],
    }),
    pointPercentage: range({ param: "pct", label: "Point percentage", max: 100, slider: true }),
    resort: code({
      param: "resort",
      label: "Resort",
      message: "Resort must be a resort code (like AKV) or id.",
      several: "first",
    }),
    brokers: multi({ param: "broker", label: "Brokers", noun: "broker" }),
    // A body may spell the month out ("February"): its first three letters count.
    useYears: multi({
      param: "uy",
      label: "Use years",
      noun: "months",
      names: USE_YEAR_MONTHS,
      alias: (text) => (text.length > 9 ? "" : text.slice(0, 3)),
    }),
    // Issue 27: listings no longer for sale, shown beside those for sale only when asked (status=under-contract,
    // status=sold); off by default. The ids are the listing statuses (listing-status.ts).
    status: multi({ param: "status", label: "Also show", noun: "statuses", names: LISTING_STATES_SHOWN }),
  },
  urlOrder: ["resort", "points", "pricePerPoint", "price", "score", "pointPercentage", "useYears", "brokers", "status"],
  columns: ORDER_COLUMNS,
  sorts: {
    "score-desc": { column: "score", order: "desc", label: "Best score" },
    "resort-asc": { column: "resort", order: "asc", label: "Resort A-Z" },
    "resort-desc": { column: "resort", order: "desc", label: "Resort Z-A" },
    "price-asc": { column: "price", order: "asc", label: "Price low-high" },
    "price-desc": { column: "price", order: "desc", label: "Price high-low" },
    "age-asc": { column: "age", order: "asc", label: "Oldest first" },
    "age-desc": { column: "age", order: "desc", label: "Newest first" },
    "ppp-asc": { column: "price_per_point", order: "asc", label: "Price per point low-high" },
    "ppp-desc": { column: "price_per_point", order: "desc", label: "Price per point high-low" },
  },
  defaultSort: "score-desc",
  limit: { default: RESALE_PAGE_LIMIT, max: RESALE_MAX_PAGE_LIMIT, sizes: [30, 60, 120] },
});

/** A resale search: the /listings page's query, the API's filters and the SQL's input are this one shape. */
export type ListingsQuery = SearchState<typeof RESALE_SEARCH>;
/** The data's bounds of each range filter (`getFilterBounds`; prices in whole dollars). */
export type ListingsBounds = RangeBounds<typeof RESALE_SEARCH>;

/** "/listings" plus the canonical query string. */
export function listingsHref(q: ListingsQuery) {
  return searchHref(RESALE_SEARCH, "/listings", q);
}
