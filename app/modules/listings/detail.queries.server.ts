import { and, asc, count, desc, eq, gte, lt, ne, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { agreements, brokers, listings, resorts, sales } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";

/** One listing with its resort and broker, whatever its status (the service decides who may see it). */
export async function selectListingDetail(db: Db, id: number) {
  const [row] = await db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      sellerId: listings.sellerId,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      prevYearPoints: listings.prevYearPoints,
      currYearPoints: listings.currYearPoints,
      nextYearPoints: listings.nextYearPoints,
      listingStatusId: listings.listingStatusId,
      isTest: listings.isTest,
      noHaggle: listings.noHaggle,
      score: listings.score,
      postedAt: listings.postedAt,
      updatedAt: listings.updatedAt,
      resort: {
        id: resorts.id,
        code: resorts.code,
        name: resorts.name,
        slug: resorts.slug,
        location: resorts.location,
        logoPath: resorts.logoPath,
        photoPath: resorts.photoPath,
        contractEndYear: resorts.contractEndYear,
        extendedEndYear: resorts.extendedEndYear,
        endYearSource: resorts.endYearSource,
        duesPerPointCents: resorts.duesPerPointCents,
        duesYear: resorts.duesYear,
        duesSource: resorts.duesSource,
        duesEstimated: resorts.duesEstimated,
        isInterval: resorts.isInterval,
      },
      brokerId: brokers.id,
      brokerName: brokers.name,
      brokerWebsite: brokers.website,
      brokerLogoPath: brokers.logoPath,
      brokerCommissionText: brokers.commissionText,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(eq(listings.id, id))
    .limit(1);
  return row ?? null;
}

export type ListingDetailRow = NonNullable<Awaited<ReturnType<typeof selectListingDetail>>>;

const publicAtResort = (resortId: number, exceptId: number) =>
  and(
    eq(listings.resortId, resortId),
    eq(listings.listingStatusId, LISTING_STATUS.active),
    eq(listings.isTest, false),
    ne(listings.id, exceptId),
  );

/**
 * The other public (active, non-test) listings at a resort, nearest in contract points first (then by id), at most
 * `limit` (a resort with thousands of listings still draws a readable chart). Read as the nearest `limit` at or above
 * the listing's points and the nearest `limit` below, each in the order of `listings_search_resort_points_idx`, so
 * a resort's 5,000 listings are not all read and sorted to keep 120 (issue 34).
 */
export function selectComparables(
  db: Db,
  args: { resortId: number; exceptId: number; contractPoints: number; limit: number },
) {
  const side = (above: boolean) =>
    db
      .select({
        id: listings.id,
        listingCode: listings.listingCode,
        useMonth: listings.useMonth,
        contractPoints: listings.contractPoints,
        pricePerPointCents: listings.pricePerPointCents,
        prevYearPoints: listings.prevYearPoints,
        currYearPoints: listings.currYearPoints,
        nextYearPoints: listings.nextYearPoints,
        score: listings.score,
        noHaggle: listings.noHaggle,
        distance: sql<number>`abs(${listings.contractPoints} - ${args.contractPoints})`.as("distance"),
      })
      .from(listings)
      .where(
        and(
          publicAtResort(args.resortId, args.exceptId),
          above ? gte(listings.contractPoints, args.contractPoints) : lt(listings.contractPoints, args.contractPoints),
        ),
      )
      .orderBy(above ? asc(listings.contractPoints) : desc(listings.contractPoints), asc(listings.id))
      .limit(args.limit);
  return unionAll(side(true), side(false)).orderBy(sql`distance`, sql`id`).limit(args.limit);
}

export async function countComparables(db: Db, args: { resortId: number; exceptId: number }) {
  const [row] = await db.select({ n: count() }).from(listings).where(publicAtResort(args.resortId, args.exceptId));
  return Number(row?.n ?? 0);
}

/**
 * The deal of a listing for one of its parties (issue 27): the latest agreement on the listing whose buyer or seller
 * is `userId`, a live or ended one before a cancelled one. Read only; null for anyone else.
 */
export async function selectDealOfParty(db: Db, listingId: number, userId: string) {
  const [row] = await db
    .select({ agreementId: agreements.id, buyerId: agreements.buyerId, sellerId: agreements.sellerId })
    .from(agreements)
    .where(
      and(eq(agreements.listingId, listingId), or(eq(agreements.buyerId, userId), eq(agreements.sellerId, userId))),
    )
    .orderBy(sql`${agreements.status} = 'cancelled'`, desc(agreements.id))
    .limit(1);
  if (!row) return null;
  return { agreementId: row.agreementId, side: row.buyerId === userId ? ("buyer" as const) : ("seller" as const) };
}

/** The closed sale (or the developer's buy-back) of a sold listing, the latest if there were several. */
export async function selectSaleOfListing(db: Db, listingId: number) {
  const [row] = await db
    .select({
      pricePerPointCents: sales.pricePerPointCents,
      points: sales.points,
      rofrResult: sales.rofrResult,
      closedAt: sales.closedAt,
    })
    .from(sales)
    .where(eq(sales.listingId, listingId))
    .orderBy(desc(sales.closedAt), desc(sales.id))
    .limit(1);
  return row ?? null;
}
