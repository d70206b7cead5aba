import { emptyState } from "~/lib/facets/facets";
import pg from "pg";
import type { Db } from "~/db/client.server";
import type { Bounds } from "~/lib/facets/facets";
import { boundsFromRow, expectKnownIds, resolveCode } from "~/lib/facets/facets.server";
import { useMonthName } from "~/lib/format";
import { getYearsTweaks } from "~/modules/settings/tweaks.server";
import { type ListingsQuery, listingsHref, RESALE_SEARCH, USE_YEAR_MONTHS, USE_YEAR_NAMES } from "./listings-url";
import {
  type SearchWhere,
  selectBrokerIds,
  selectSearchBounds,
  selectSearchBrokers,
  selectSearchCount,
  selectSearchResorts,
  readSearchRows,
  selectResortForSale,
  selectSearchUseMonths,
} from "./search.queries.server";
import { centsToDollars } from "~/lib/money";
import { findResortByCodeOrId } from "~/modules/resorts/resorts.server";
import { sharedRead } from "~/lib/shared-reads.server";
import { type MarketState, marketStateOf } from "./listing-status";

/** One resale listing as the search answers it (SPEC section 3 "Listing" names, plus what the cards show). */
export type SearchListing = {
  id: number;
  listing_code: string;
  source: "member" | "broker";
  use_month: string;
  use_month_full: string;
  contract_points: number;
  price_per_points: number;
  price_per_point_cents: number;
  total_price_cents: number;
  prev_year_points: number;
  curr_year_points: number;
  next_year_points: number;
  listing_status_id: number;
  score: number | null;
  point_percentage: number;
  no_haggle: boolean;
  posted_at: string;
  resort_id: number;
  resort_code: string;
  resort_name: string;
  resort_slug: string;
  resort_logo_path: string;
  /** The resort's uploaded photo, or null (its illustration is shown). */
  resort_photo_path: string | null;
  broker: { id: number; name: string } | null;
  /** For sale, under contract or sold (issue 27: only when the search asks for them, `status`). */
  market_state: MarketState;
  /** The price a point a sold listing closed at (null unless sold). */
  sold_price_per_point_cents: number | null;
};

export type SearchResult = {
  data: SearchListing[];
  meta: { total: number; per_page: number; current_page: number; total_pages: number; total_is_capped: boolean };
  lastModified: string | null;
};

/**
 * Whether the database is a pg Pool (PostgreSQL): its connections run a search's two queries side by
 * side. PGlite is one connection, so there they run one after the other.
 */
function onPool(db: Db) {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/** Totals above this are reported as "at least" (meta.total_is_capped); exact below it. */
export const SEARCH_COUNT_CAP = 5_000;

/** Resale search (dvc-broker-listings.store): active, non-test listings matching the filters, one page of them. */
export async function searchListings(
  db: Db,
  filters: ListingsQuery,
  opts: { countCap?: number } = {},
): Promise<SearchResult> {
  const where = await toWhere(db, filters);
  const { limit, page, orderBy } = filters;
  const cap = opts.countCap ?? SEARCH_COUNT_CAP;
  const counting = () => selectSearchCount(db, where, cap);
  const reading = () => readSearchRows(db, where, { ...orderBy, limit, offset: (page - 1) * limit });
  const [{ total, lastModified }, rows] = onPool(db)
    ? await Promise.all([counting(), reading()])
    : [await counting(), await reading()];
  return {
    data: rows.map((r) => ({
      id: r.id,
      listing_code: r.listingCode,
      source: r.source,
      use_month: useMonthName(r.useMonth),
      use_month_full: useMonthName(r.useMonth, true),
      contract_points: r.contractPoints,
      price_per_points: centsToDollars(r.pricePerPointCents),
      price_per_point_cents: r.pricePerPointCents,
      total_price_cents: r.contractPoints * r.pricePerPointCents,
      prev_year_points: r.prevYearPoints,
      curr_year_points: r.currYearPoints,
      next_year_points: r.nextYearPoints,
      listing_status_id: r.listingStatusId,
      score: r.score,
      point_percentage: r.pointPercentage,
      no_haggle: r.noHaggle,
      posted_at: new Date(r.postedAt).toISOString(),
      resort_id: r.resortId,
      resort_code: r.resortCode,
      resort_name: r.resortName,
      resort_slug: r.resortSlug,
      resort_logo_path: r.resortLogoPath,
      resort_photo_path: r.resortPhotoPath,
      broker: r.brokerId === null || r.brokerName === null ? null : { id: r.brokerId, name: r.brokerName },
      market_state: marketStateOf(r.listingStatusId) ?? "for-sale",
      sold_price_per_point_cents: r.soldPricePerPointCents,
    })),
    meta: {
      total,
      per_page: limit,
      current_page: page,
      total_pages: Math.ceil(total / limit),
      total_is_capped: total >= cap,
    },
    lastModified: lastModified ? new Date(lastModified).toISOString() : null,
  };
}

/** Resolves the resort and checks the brokers (an unknown one is a BAD_INPUT with the field named). */
async function toWhere(db: Db, f: ListingsQuery): Promise<SearchWhere> {
  const resort = await resolveCode(f.resort, (key) => findResortByCodeOrId(db, key), "resort", "resort");
  await expectKnownIds(f.brokers, (ids) => selectBrokerIds(db, ids), "brokers", "broker");
  return { ...f, resort };
}

export type FilterBounds = {
  points: Bounds;
  pricePerPoint: Bounds;
  price: Bounds;
  score: Bounds;
  pointPercentage: Bounds;
  resorts: { id: number; code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
  /** The offered use-year months that listings have ("Feb"). */
  useYears: string[];
  /** Every use-year month the site offers (/admin/tweaks "Years"), the filter's choices. */
  useYearsOffered: string[];
};

/** dvc-broker-resale-listings-filters: the bounds of each range filter (prices in whole dollars) and the choices. */
export function getFilterBounds(db: Db): Promise<FilterBounds> {
  // The same for every visitor and every query: kept in the web process until the next write (decision 0098), so a
  // signed-in search (no page cache) sends its own two statements, not these six as well (issue 34).
  return sharedRead("listings:filter-bounds", () => readFilterBounds(db));
}

async function readFilterBounds(db: Db): Promise<FilterBounds> {
  const bounds = boundsFromRow(RESALE_SEARCH, await selectSearchBounds(db));
  const resortList = await selectSearchResorts(db);
  const brokerList = await selectSearchBrokers(db);
  const offered = (await getYearsTweaks(db)).useMonths as string[];
  const months = new Set(await selectSearchUseMonths(db, Object.values(USE_YEAR_MONTHS)));
  const useYearsOffered = USE_YEAR_NAMES.filter((n) => offered.includes(n));
  return {
    ...bounds,
    resorts: resortList,
    brokers: brokerList,
    useYears: useYearsOffered.filter((n) => months.has(USE_YEAR_MONTHS[n])),
    useYearsOffered,
  };
}

/** How many of a resort's listings the resort page shows, the best value first. */
export const RESORT_PAGE_LISTINGS = 2;

/**
 * A resort page's "For sale now" (issue 13 item 10): how many of its contracts are listed, their range of prices per
 * point, and the best-scored few, as the search finds them (active, not test listings).
 */
export async function getResortForSale(db: Db, resort: { id: number; code: string }) {
  const [summary, page] = await Promise.all([
    selectResortForSale(db, resort.id),
    searchListings(db, {
      ...emptyState(RESALE_SEARCH),
      resort: resort.code,
      limit: RESORT_PAGE_LISTINGS,
      orderBy: { column: "score", order: "desc" },
    }),
  ]);
  // The link to all of them in the search, made here: the page's browser code then needs none of the search's URL code.
  const searchPath = listingsHref({ ...emptyState(RESALE_SEARCH), resort: resort.code });
  return { ...summary, listings: page.data, searchPath };
}
