import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreements, brokers, listings, resorts, sales } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/** The content embeds' reads (issue 32): the sales of a period and the brokers on record. */
type Conn = Db | Tx;

/** The sales closed in (since, until], with the listing's posting, the agreement's date and the resort. */
export function salesWithDates(db: Conn, since: Date, until: Date) {
  return db
    .select({
      code: resorts.code,
      name: resorts.name,
      slug: resorts.slug,
      postedAt: listings.postedAt,
      agreedAt: agreements.createdAt,
      daysToClose: sales.daysToClose,
    })
    .from(sales)
    .innerJoin(agreements, eq(agreements.id, sales.agreementId))
    .innerJoin(listings, eq(listings.id, sales.listingId))
    .innerJoin(resorts, eq(resorts.id, sales.resortId))
    .where(and(gt(sales.closedAt, since), lte(sales.closedAt, until), eq(listings.isTest, false)));
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
