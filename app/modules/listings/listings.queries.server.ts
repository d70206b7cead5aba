import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";

/** Active, featured, non-test listings with their resort, newest first. */
export function selectFeaturedListings(db: Db, limit: number) {
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
      resortCode: resorts.code,
      resortName: resorts.name,
      resortSlug: resorts.slug,
      resortLogoPath: resorts.logoPath,
      resortPhotoPath: resorts.photoPath,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(
      and(
        eq(listings.listingStatusId, LISTING_STATUS.active),
        eq(listings.isFeatured, true),
        eq(listings.isTest, false),
      ),
    )
    .orderBy(desc(listings.postedAt), desc(listings.id))
    .limit(limit);
}
