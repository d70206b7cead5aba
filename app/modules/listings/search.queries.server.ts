import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { createStatementMemo } from "~/db/statement-memo.server";
import { brokers, listings, resorts, sales } from "~/db/schema";
import {
  type FacetColumns,
  type FacetWhere,
  facetConditions,
  facetOrder,
  rangeBoundsSelect,
  type SortSql,
} from "~/lib/facets/facets.queries.server";
import { LISTING_STATUS } from "./listing-status";
import { type OrderColumn, RECENT_SALE_DAYS, RESALE_SEARCH } from "./listings-url";

/** A resale search's filters as the database takes them (the resort resolved to its id). */
export type SearchWhere = FacetWhere<typeof RESALE_SEARCH>;

const totalPriceCents = sql<number>`(${listings.contractPoints}::bigint * ${listings.pricePerPointCents})`;

/** The column each resale facet filters (prices in cents), in the order the conditions are written. */
const FACET_COLUMNS = {
  points: listings.contractPoints,
  pricePerPoint: listings.pricePerPointCents,
  price: totalPriceCents,
  score: listings.score,
  pointPercentage: listings.pointPercentage,
  resort: listings.resortId,
  brokers: listings.brokerId,
  useYears: listings.useMonth,
  // Not a plain condition: see statusCondition (never read by facetConditions, whose input leaves it out).
  status: listings.listingStatusId,
} satisfies FacetColumns<typeof RESALE_SEARCH>;

/**
 * Which listings a search reads: active ones (the partial indexes share this predicate), plus, when asked
 * (issue 27), those under contract and those sold within RECENT_SALE_DAYS (their sale closed then).
 */
function statusCondition(shown: readonly number[] | undefined) {
  const active = eq(listings.listingStatusId, LISTING_STATUS.active);
  if (!shown || shown.length === 0) return active;
  const or: SQL[] = [active];
  if (shown.includes(LISTING_STATUS.underContract)) or.push(eq(listings.listingStatusId, LISTING_STATUS.underContract));
  if (shown.includes(LISTING_STATUS.sold))
    or.push(
      sql`(${listings.listingStatusId} = ${LISTING_STATUS.sold} and exists (select 1 from ${sales} s where s.listing_id = ${listings.id} and s.closed_at > now() - make_interval(days => ${RECENT_SALE_DAYS})))`,
    );
  return sql`(${sql.join(or, sql` or `)})`;
}

/** Searchable listings only: not test listings, in the states asked for (active unless more are asked). */
function whereOf(w: Partial<SearchWhere>) {
  const { status, ...facets } = w;
  return and(
    statusCondition(status),
    eq(listings.isTest, false),
    ...facetConditions(RESALE_SEARCH, FACET_COLUMNS, facets),
  );
}

/** The price a point a sold listing closed at (its latest sale), null for any other listing. */
const soldPricePerPointCents = sql<
  number | null
>`case when ${listings.listingStatusId} = ${LISTING_STATUS.sold} then (select s.price_per_point_cents from ${sales} s where s.listing_id = ${listings.id} order by s.closed_at desc limit 1) end`.as(
  "sold_price_per_point_cents",
);

/** Every order ends with the listing id, so paging is stable. */
const ORDER_BY: SortSql<OrderColumn> = {
  resort: (dir) => [dir(resorts.name), dir(listings.id)], // see selectRowsByResort
  price: (dir) => [dir(totalPriceCents), dir(listings.id)],
  age: (dir) => [dir(listings.postedAt), dir(listings.id)],
  price_per_point: (dir) => [dir(listings.pricePerPointCents), dir(listings.id)],
  // matches listings_search_score_idx (score desc nulls last, id desc nulls last)
  score: (_, order) => [
    sql`${listings.score} ${sql.raw(order)} nulls last, ${listings.id} ${sql.raw(order)} nulls last`,
  ],
};

/** The listing columns a search row carries (the resort and broker columns are added by the query). */
const rowColumns = {
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
  brokerId: listings.brokerId,
  soldPricePerPointCents,
};

type RowsOptions = { column: OrderColumn; order: "asc" | "desc"; limit: number; offset: number };

/** The search's two statements, built once per distinct search (app/db/statement-memo.server.ts). */
const searchStatements = createStatementMemo();

/** One page of search rows (the statement built once per distinct search and page). */
export function readSearchRows(db: Db, w: SearchWhere, opts: RowsOptions) {
  return searchStatements(db, JSON.stringify(["rows", w, opts]), () => selectSearchRows(db, w, opts));
}

/** One page of search rows (the builder, so the benchmark can read its SQL). */
export function selectSearchRows(db: Db, w: SearchWhere, opts: RowsOptions) {
  if (opts.column === "resort") return selectRowsByResort(db, w, opts);
  return db
    .select({
      ...rowColumns,
      resortId: resorts.id,
      resortCode: resorts.code,
      resortName: resorts.name,
      resortSlug: resorts.slug,
      resortLogoPath: resorts.logoPath,
      resortPhotoPath: resorts.photoPath,
      brokerId: brokers.id,
      brokerName: brokers.name,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(whereOf(w))
    .orderBy(...facetOrder(ORDER_BY, opts))
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * Sorted by resort name (then listing id): no index of listings knows resort names, so a plain ORDER BY
 * sorts every match (30-40 ms over 100,000 listings). Instead the resorts are walked in name order and,
 * for each, its first offset+limit matches are read in id order from listings_search_resort_idx (a LATERAL
 * join); PostgreSQL's incremental sort then only orders within one resort name, and the LIMIT stops the
 * walk after the resorts the page needs (well under a millisecond for the first pages).
 */
function selectRowsByResort(db: Db, w: SearchWhere, opts: RowsOptions) {
  const dir = opts.order === "asc" ? asc : desc;
  const r = db
    .select({
      id: resorts.id,
      code: resorts.code,
      name: resorts.name,
      slug: resorts.slug,
      logoPath: resorts.logoPath,
      photoPath: resorts.photoPath,
    })
    .from(resorts)
    .orderBy(dir(resorts.name))
    .as("r");
  const l = db
    .select(rowColumns)
    .from(listings)
    .where(and(whereOf(w), eq(listings.resortId, r.id)))
    .orderBy(dir(listings.id))
    .limit(opts.offset + opts.limit)
    .as("l");
  return db
    .select({
      id: l.id,
      listingCode: l.listingCode,
      source: l.source,
      useMonth: l.useMonth,
      contractPoints: l.contractPoints,
      pricePerPointCents: l.pricePerPointCents,
      prevYearPoints: l.prevYearPoints,
      currYearPoints: l.currYearPoints,
      nextYearPoints: l.nextYearPoints,
      listingStatusId: l.listingStatusId,
      score: l.score,
      pointPercentage: l.pointPercentage,
      noHaggle: l.noHaggle,
      postedAt: l.postedAt,
      soldPricePerPointCents: l.soldPricePerPointCents,
      resortId: r.id,
      resortCode: r.code,
      resortName: r.name,
      resortSlug: r.slug,
      resortLogoPath: r.logoPath,
      resortPhotoPath: r.photoPath,
      brokerId: brokers.id,
      brokerName: brokers.name,
    })
    .from(r)
    .crossJoinLateral(l)
    .leftJoin(brokers, eq(brokers.id, l.brokerId))
    .orderBy(dir(r.name), dir(l.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/**
 * How many listings match, counting at most `cap`, and when any listing last changed (the marketplace's
 * `lastModified`, read backwards from the updated_at index), in one statement: one round trip fewer per
 * search. Counting stops at the cap, so a broad search over a huge inventory costs the same as a narrow
 * one. (The builder, so the benchmark can read its SQL.)
 */
export function searchCountQuery(db: Db, w: SearchWhere, cap: number) {
  const matches = db.select({ id: listings.id }).from(listings).where(whereOf(w)).limit(cap).as("matches");
  return db
    .select({
      total: count(),
      lastModified: sql<Date | null>`(select max(${listings.updatedAt}) from ${listings})`.mapWith(listings.updatedAt),
    })
    .from(matches);
}

export async function selectSearchCount(db: Db, w: SearchWhere, cap: number) {
  const [row] = await searchStatements(db, JSON.stringify(["count", w, cap]), () => searchCountQuery(db, w, cap));
  return { total: Number(row?.total ?? 0), lastModified: row?.lastModified ?? null };
}

/**
 * Min and max of every range filter over the searchable listings. Two statements, because PostgreSQL reads a
 * min or max from the end of an index only when every aggregate of the statement can be: the point
 * percentage has its own index (listings_search_pct_idx); without it, that statement alone scans the table.
 */
export async function selectSearchBounds(db: Db) {
  const [row] = await db
    .select(rangeBoundsSelect(RESALE_SEARCH, FACET_COLUMNS, ["points", "pricePerPoint", "price", "score"]))
    .from(listings)
    .where(whereOf({}));
  const [pct] = await db
    .select(rangeBoundsSelect(RESALE_SEARCH, FACET_COLUMNS, ["pointPercentage"]))
    .from(listings)
    .where(whereOf({}));
  return row && pct ? { ...row, ...pct } : undefined;
}

/**
 * Resorts with their count of searchable listings (every non-interval resort, so the list is stable). One
 * count per resort, each an index-only scan of that resort's entries.
 */
export function selectSearchResorts(db: Db) {
  return db
    .select({
      id: resorts.id,
      code: resorts.code,
      name: resorts.name,
      // Spelled out: Drizzle leaves column names unqualified in a one-table select, and "id" would mean listings.id here.
      count: sql<number>`(select count(*)::int from ${listings} l where l.resort_id = ${resorts}.id and l.listing_status_id = ${LISTING_STATUS.active} and not l.is_test)`,
    })
    .from(resorts)
    .where(eq(resorts.isInterval, false))
    .orderBy(asc(resorts.name));
}

export function selectSearchBrokers(db: Db) {
  return db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(eq(brokers.isActive, true))
    .orderBy(asc(brokers.name));
}

/** Which of these use-year months some searchable listing has: one EXISTS each, not a scan of every listing. */
export async function selectSearchUseMonths(db: Db, months: number[]) {
  if (months.length === 0) return [];
  const values = sql.join(
    months.map((m) => sql`(${m}::smallint)`),
    sql`, `,
  );
  const rows = await db
    .select({ useMonth: sql<number>`v.m`.mapWith(Number) })
    .from(sql`(values ${values}) as v(m)`)
    .where(
      sql`exists (select 1 from ${listings} l where l.use_month = v.m and l.listing_status_id = ${LISTING_STATUS.active} and not l.is_test)`,
    )
    .orderBy(sql`v.m`);
  return rows.map((r) => r.useMonth);
}

export function selectBrokerIds(db: Db, ids: number[]) {
  return db.select({ id: brokers.id }).from(brokers).where(inArray(brokers.id, ids));
}

/** How many listings of one resort are for sale, and their lowest and highest price per point (cents). */
export async function selectResortForSale(db: Db, resortId: number) {
  const [row] = await db
    .select({
      n: count(),
      lowest: sql<number | null>`min(${listings.pricePerPointCents})`,
      highest: sql<number | null>`max(${listings.pricePerPointCents})`,
    })
    .from(listings)
    .where(whereOf({ resort: resortId }));
  return { total: Number(row?.n ?? 0), lowestCents: row?.lowest ?? null, highestCents: row?.highest ?? null };
}
