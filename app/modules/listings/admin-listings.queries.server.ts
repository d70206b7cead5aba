import { count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listings } from "~/db/schema";

/** Listings per status id over the whole marketplace (test listings excluded). */
export function countListingsByStatus(db: Db) {
  return db
    .select({ statusId: listings.listingStatusId, count: count() })
    .from(listings)
    .where(eq(listings.isTest, false))
    .groupBy(listings.listingStatusId);
}

/** One seller's listings per status id. */
export function countSellerListingsByStatus(db: Db, sellerId: string) {
  return db
    .select({ statusId: listings.listingStatusId, count: count() })
    .from(listings)
    .where(eq(listings.sellerId, sellerId))
    .groupBy(listings.listingStatusId);
}
