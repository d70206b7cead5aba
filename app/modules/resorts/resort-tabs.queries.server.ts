import { and, asc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listings, resortDining, resorts, sales } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/** A resort's dining, in its order. Read only. */
export function selectResortDining(db: Db, resortId: number) {
  return db
    .select({
      id: resortDining.id,
      name: resortDining.name,
      kind: resortDining.kind,
      description: resortDining.description,
    })
    .from(resortDining)
    .where(eq(resortDining.resortId, resortId))
    .orderBy(asc(resortDining.sortOrder), asc(resortDining.name));
}

/** Every resort with a position (for the map's neighbours). Read only. */
export function selectMappedResorts(db: Db) {
  return db
    .select({
      code: resorts.code,
      name: resorts.name,
      slug: resorts.slug,
      lat: sql<number>`${resorts.latitude}`,
      lng: sql<number>`${resorts.longitude}`,
    })
    .from(resorts)
    .where(and(eq(resorts.isInterval, false), isNotNull(resorts.latitude), isNotNull(resorts.longitude)));
}

const easternMonth = (c: unknown) => sql<string>`to_char(${c} at time zone 'America/New_York', 'YYYY-MM')`;
const median = (c: unknown) => sql<number>`round(percentile_cont(0.5) within group (order by ${c}))::int`;

/**
 * The median asking price per point of the listings posted at a resort in each month since `since` (every listing
 * that went public: not test listings, not those still pending review). Read only.
 */
export function selectAskingByMonth(db: Db, resortId: number, since: Date) {
  const month = easternMonth(listings.postedAt);
  return db
    .select({ month, medianCents: median(listings.pricePerPointCents), count: sql<number>`count(*)::int` })
    .from(listings)
    .where(
      and(
        eq(listings.resortId, resortId),
        eq(listings.isTest, false),
        ne(listings.listingStatusId, LISTING_STATUS.pending),
        gte(listings.postedAt, since),
      ),
    )
    .groupBy(month);
}

/** The median price per point of the resales that closed at a resort in each month since `since`. Read only. */
export function selectSoldByMonth(db: Db, resortId: number, since: Date) {
  const month = easternMonth(sales.closedAt);
  return db
    .select({ month, medianCents: median(sales.pricePerPointCents), count: sql<number>`count(*)::int` })
    .from(sales)
    .where(and(eq(sales.resortId, resortId), eq(sales.rofrResult, "waived"), gte(sales.closedAt, since)))
    .groupBy(month);
}
