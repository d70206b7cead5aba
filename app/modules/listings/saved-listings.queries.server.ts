import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, listings, resorts } from "~/db/schema";

/**
 * The listings a visitor saved (favorites, compare), by id, whatever their status: the services decide what is
 * shown. At most a few dozen ids, looked up by primary key.
 */
export async function selectSavedListings(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return await db
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
      isTest: listings.isTest,
      approvedAt: listings.approvedAt,
      noHaggle: listings.noHaggle,
      score: listings.score,
      resortId: resorts.id,
      resortCode: resorts.code,
      resortName: resorts.name,
      resortSlug: resorts.slug,
      resortLogoPath: resorts.logoPath,
      resortPhotoPath: resorts.photoPath,
      contractEndYear: resorts.contractEndYear,
      extendedEndYear: resorts.extendedEndYear,
      duesPerPointCents: resorts.duesPerPointCents,
      duesYear: resorts.duesYear,
      duesEstimated: resorts.duesEstimated,
      brokerName: brokers.name,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(inArray(listings.id, [...ids]));
}

export type SavedListingRow = Awaited<ReturnType<typeof selectSavedListings>>[number];
