import { and, asc, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreements, brokers, listings, resorts, sales } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/** The content embeds' reads (issue 32): the sales of a period and the brokers on record. */
type Conn = Db | Tx;

/**
 * The medians of the sales closed in (since, until], test listings left out, per resort (`code` set) and over all of
 * them (`code` null; always a row, with 0 sales when there are none): days on market (the listing's posting to the
 * agreement, in whole days as JavaScript's Math.round counts them, at least 0), days to close (the sale's, at least 0)
 * and their sum. `percentile_cont(0.5)`: the middle value, or the mean of the two middle ones.
 */
export async function medianDaysOfSales(db: Conn, since: Date, until: Date) {
  const s = db
    .select({
      code: resorts.code,
      name: resorts.name,
      slug: resorts.slug,
      dom: sql<number>`greatest(0, floor(extract(epoch from date_trunc('milliseconds', ${agreements.createdAt})
        - date_trunc('milliseconds', ${listings.postedAt})) / 86400 + 0.5))::int`.as("dom"),
      dtc: sql<number>`greatest(0, ${sales.daysToClose})`.as("dtc"),
    })
    .from(sales)
    .innerJoin(agreements, eq(agreements.id, sales.agreementId))
    .innerJoin(listings, eq(listings.id, sales.listingId))
    .innerJoin(resorts, eq(resorts.id, sales.resortId))
    .where(and(gt(sales.closedAt, since), lte(sales.closedAt, until), eq(listings.isTest, false)))
    .as("s");
  const median = (x: SQL | SQL.Aliased) =>
    sql<number | null>`percentile_cont(0.5) within group (order by ${x})`.mapWith(Number);
  return db
    .select({
      code: sql<string | null>`${s.code}`,
      name: sql<string | null>`${s.name}`,
      slug: sql<string | null>`${s.slug}`,
      sales: sql<number>`count(*)::int`,
      daysOnMarket: median(sql`${s.dom}`),
      daysToClose: median(sql`${s.dtc}`),
      daysListingToClose: median(sql`${s.dom} + ${s.dtc}`),
    })
    .from(s)
    .groupBy(sql`grouping sets ((${s.code}, ${s.name}, ${s.slug}), ())`);
}

/** The total price (cents) of each sale closed in (since, until], test listings left out. */
export async function saleTotals(db: Conn, since: Date, until: Date): Promise<number[]> {
  const rows = await db
    .select({ total: sql<number>`${sales.points}::bigint * ${sales.pricePerPointCents}`.mapWith(Number) })
    .from(sales)
    .innerJoin(listings, eq(listings.id, sales.listingId))
    .where(and(gt(sales.closedAt, since), lte(sales.closedAt, until), eq(listings.isTest, false)));
  return rows.map((r) => r.total);
}

/** The active brokers by name, with their active (not test) listings counted. */
export async function activeBrokers(db: Conn) {
  const rows = await db
    .select({
      name: brokers.name,
      website: brokers.website,
      commissionText: brokers.commissionText,
      // Qualified by hand: drizzle leaves a one-table select's columns unqualified, and inside the subquery an
      // unqualified "id" would be the listing's (as in brokers.resource.ts).
      activeListings: sql<number>`(select count(*)::int from ${listings} l where l.broker_id = "brokers"."id" and l.listing_status_id = ${LISTING_STATUS.active} and l.is_test = false)`,
    })
    .from(brokers)
    .where(eq(brokers.isActive, true))
    .orderBy(asc(brokers.name));
  return rows.map((r) => ({ ...r, activeListings: Number(r.activeListings) }));
}
