import pg from "pg";
import { useMonthName } from "~/lib/format";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { type Range, type ResaleSearch, USE_YEAR_MONTHS, USE_YEAR_NAMES } from "./search.schema";
import {
  type SearchWhere,
  selectBrokerIds,
  selectResortByCodeOrId,
  selectSearchBounds,
  selectSearchBrokers,
  selectSearchCount,
  selectSearchResorts,
  selectSearchRows,
  selectSearchUseMonths,
} from "./search.queries.server";
import { centsToDollars, dollarBoundToCents } from "~/lib/money";

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
  broker: { id: number; name: string } | null;
};

export type SearchResult = {
  data: SearchListing[];
  meta: { total: number; per_page: number; current_page: number; total_pages: number; total_is_capped: boolean };
  lastModified: string | null;
};

/** A dollar range (from the URL or a slider) in cents, rounded inward. */
const centsRange = (r: Range | null) =>
  r && {
    min: r.min === null ? null : dollarBoundToCents(r.min, "min"),
    max: r.max === null ? null : dollarBoundToCents(r.max, "max"),
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

/** Integer columns compare with whole numbers: a fractional bound is rounded inwards (ceil the min, floor the max). */
const wholeNumbers = (r: Range | null) =>
  r && {
    min: r.min === null ? null : Math.ceil(r.min),
    max: r.max === null ? null : Math.floor(r.max),
  };

/** Resale search (dvc-broker-listings.store): active, non-test listings matching the filters, one page of them. */
export async function searchListings(
  db: Db,
  filters: ResaleSearch,
  opts: { countCap?: number } = {},
): Promise<SearchResult> {
  const where = await toWhere(db, filters);
  const { limit, page, orderBy } = filters;
  const cap = opts.countCap ?? SEARCH_COUNT_CAP;
  const counting = () => selectSearchCount(db, where, cap);
  const reading = () => selectSearchRows(db, where, { ...orderBy, limit, offset: (page - 1) * limit });
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
      broker: r.brokerId === null || r.brokerName === null ? null : { id: r.brokerId, name: r.brokerName },
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

/** Resolves the resort and brokers (unknown ones are a BAD_INPUT with the field named) and converts dollars to cents. */
async function toWhere(db: Db, f: ResaleSearch): Promise<SearchWhere> {
  let resortId: number | null = null;
  if (f.resort !== null) {
    const [resort] = await selectResortByCodeOrId(db, f.resort);
    if (!resort) {
      throw new AppError("BAD_INPUT", `Unknown resort: ${f.resort}.`, { resort: [`Unknown resort: ${f.resort}.`] });
    }
    resortId = resort.id;
  }
  if (f.brokers.length > 0) {
    const found = new Set((await selectBrokerIds(db, f.brokers)).map((b) => b.id));
    const unknown = f.brokers.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      const message = `Unknown broker id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`;
      throw new AppError("BAD_INPUT", message, { brokers: [message] });
    }
  }
  return {
    points: wholeNumbers(f.points),
    pricePerPointCents: centsRange(f.pricePerPoint),
    priceCents: centsRange(f.price),
    score: wholeNumbers(f.score),
    pointPercentage: wholeNumbers(f.pointPercentage),
    resortId,
    brokerIds: f.brokers,
    useMonths: f.useYears,
  };
}

export type FilterBounds = {
  points: [number, number] | null;
  pricePerPoint: [number, number] | null;
  price: [number, number] | null;
  score: [number, number] | null;
  pointPercentage: [number, number] | null;
  resorts: { id: number; code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
  useYears: string[];
};

const pair = (lo: unknown, hi: unknown, scale = 1): [number, number] | null =>
  lo === null || hi === null || lo === undefined || hi === undefined
    ? null
    : [Math.floor(Number(lo) / scale), Math.ceil(Number(hi) / scale)];

/** dvc-broker-resale-listings-filters: the bounds of each range filter (prices in whole dollars) and the choices. */
export async function getFilterBounds(db: Db): Promise<FilterBounds> {
  const b = await selectSearchBounds(db);
  const resortList = await selectSearchResorts(db);
  const brokerList = await selectSearchBrokers(db);
  const months = new Set(await selectSearchUseMonths(db, Object.values(USE_YEAR_MONTHS)));
  return {
    points: pair(b?.pointsMin, b?.pointsMax),
    pricePerPoint: pair(b?.pppMin, b?.pppMax, 100),
    price: pair(b?.priceMin, b?.priceMax, 100),
    score: pair(b?.scoreMin, b?.scoreMax),
    pointPercentage: pair(b?.ppMin, b?.ppMax),
    resorts: resortList,
    brokers: brokerList,
    useYears: USE_YEAR_NAMES.filter((n) => months.has(USE_YEAR_MONTHS[n])),
  };
}
