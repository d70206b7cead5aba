import { and, asc, count, desc, eq, inArray, isNotNull, max, min, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";
import type { OrderColumn } from "./search.schema";

/** Filters in database units: cents, points, resort id, month numbers. */
export type SearchWhere = {
  points?: { min: number | null; max: number | null } | null;
  pricePerPointCents?: { min: number | null; max: number | null } | null;
  priceCents?: { min: number | null; max: number | null } | null;
  score?: { min: number | null; max: number | null } | null;
  pointPercentage?: { min: number | null; max: number | null } | null;
  resortId?: number | null;
  brokerIds?: number[];
  useMonths?: number[];
};

const totalPriceCents = sql<number>`(${listings.contractPoints}::bigint * ${listings.pricePerPointCents})`;

function between(col: SQLWrapper, r: { min: number | null; max: number | null } | null | undefined) {
  if (!r) return [];
  const out: SQL[] = [];
  if (r.min !== null) out.push(sql`${col} >= ${r.min}`);
  if (r.max !== null) out.push(sql`${col} <= ${r.max}`);
  return out;
}

/** Searchable listings only: active and not test listings (the partial indexes share this predicate). */
function whereOf(w: SearchWhere) {
  return and(
    eq(listings.listingStatusId, LISTING_STATUS.active),
    eq(listings.isTest, false),
    ...between(listings.contractPoints, w.points),
    ...between(listings.pricePerPointCents, w.pricePerPointCents),
    ...between(totalPriceCents, w.priceCents),
    ...between(listings.score, w.score),
    ...between(listings.pointPercentage, w.pointPercentage),
    w.resortId ? eq(listings.resortId, w.resortId) : undefined,
    w.brokerIds?.length ? inArray(listings.brokerId, w.brokerIds) : undefined,
    w.useMonths?.length ? inArray(listings.useMonth, w.useMonths) : undefined,
  );
}

function orderOf(column: OrderColumn, order: "asc" | "desc"): SQL[] {
  const dir = order === "asc" ? asc : desc;
  switch (column) {
    case "resort":
      return [dir(resorts.name), dir(listings.id)];
    case "price":
      return [dir(totalPriceCents), dir(listings.id)];
    case "age":
      return [dir(listings.postedAt), dir(listings.id)];
    case "price_per_point":
      return [dir(listings.pricePerPointCents), dir(listings.id)];
    case "score":
      // matches listings_search_score_idx (score desc nulls last, id desc nulls last)
      return [sql`${listings.score} ${sql.raw(order)} nulls last, ${listings.id} ${sql.raw(order)} nulls last`];
  }
}

export function selectSearchRows(
  db: Db,
  w: SearchWhere,
  opts: { column: OrderColumn; order: "asc" | "desc"; limit: number; offset: number },
) {
  return db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      prevYearPoints: listings.prevYearPoints,
      currYearPoints: listings.currYearPoints,
      nextYearPoints: listings.nextYearPoints,
      listingStatusId: listings.listingStatusId,
      score: listings.score,
      pointPercentage: listings.pointPercentage,
      noHaggle: listings.noHaggle,
      postedAt: listings.postedAt,
      resortId: resorts.id,
      resortCode: resorts.code,
      resortName: resorts.name,
      resortSlug: resorts.slug,
      resortLogoPath: resorts.logoPath,
      brokerId: brokers.id,
      brokerName: brokers.name,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(whereOf(w))
    .orderBy(...orderOf(opts.column, opts.order))
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * How many listings match, counting at most `cap` (the builder, so its SQL can be read). Counting stops
 * at the cap, so a broad search over a huge inventory costs the same as a narrow one.
 */
export function searchCountQuery(db: Db, w: SearchWhere, cap: number) {
  const matches = db.select({ id: listings.id }).from(listings).where(whereOf(w)).limit(cap).as("matches");
  return db.select({ total: count() }).from(matches);
}

export async function selectSearchCount(db: Db, w: SearchWhere, cap: number) {
  const [row] = await searchCountQuery(db, w, cap);
  return Number(row?.total ?? 0);
}

/** When any listing last changed: the marketplace's `lastModified`, read backwards from the updated_at index. */
export function lastModifiedQuery(db: Db) {
  return db.select({ lastModified: max(listings.updatedAt) }).from(listings);
}

export async function selectLastModified(db: Db) {
  const [row] = await lastModifiedQuery(db);
  return row?.lastModified ?? null;
}

/** Min and max of every range filter over the searchable listings. */
export async function selectSearchBounds(db: Db) {
  const [row] = await db
    .select({
      pointsMin: min(listings.contractPoints),
      pointsMax: max(listings.contractPoints),
      pppMin: min(listings.pricePerPointCents),
      pppMax: max(listings.pricePerPointCents),
      priceMin: sql<string | null>`min(${totalPriceCents})`,
      priceMax: sql<string | null>`max(${totalPriceCents})`,
      scoreMin: min(listings.score),
      scoreMax: max(listings.score),
      ppMin: min(listings.pointPercentage),
      ppMax: max(listings.pointPercentage),
    })
    .from(listings)
    .where(whereOf({}));
  return row;
}

/** Resorts with their count of searchable listings (every non-interval resort, so the list is stable). */
export function selectSearchResorts(db: Db) {
  return db
    .select({
      id: resorts.id,
      code: resorts.code,
      name: resorts.name,
      count: sql<number>`count(${listings.id})::int`,
    })
    .from(resorts)
    .leftJoin(
      listings,
      and(
        eq(listings.resortId, resorts.id),
        eq(listings.listingStatusId, LISTING_STATUS.active),
        eq(listings.isTest, false),
      ),
    )
    .where(eq(resorts.isInterval, false))
    .groupBy(resorts.id)
    .orderBy(asc(resorts.name));
}

export function selectSearchBrokers(db: Db) {
  return db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(eq(brokers.isActive, true))
    .orderBy(asc(brokers.name));
}

export async function selectSearchUseMonths(db: Db) {
  const rows = await db
    .selectDistinct({ useMonth: listings.useMonth })
    .from(listings)
    .where(and(whereOf({}), isNotNull(listings.useMonth)))
    .orderBy(asc(listings.useMonth));
  return rows.map((r) => r.useMonth);
}

export function selectResortByCodeOrId(db: Db, key: string | number) {
  return db
    .select({ id: resorts.id, code: resorts.code })
    .from(resorts)
    .where(typeof key === "number" ? eq(resorts.id, key) : eq(resorts.code, key))
    .limit(1);
}

export function selectBrokerIds(db: Db, ids: number[]) {
  return db.select({ id: brokers.id }).from(brokers).where(inArray(brokers.id, ids));
}
