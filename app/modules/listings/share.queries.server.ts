import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";

/** One active, public (non-test) listing with the facts a share mail states, or undefined. */
export async function selectShareableListing(db: Db, id: number) {
  const [row] = await db
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
      brokerName: brokers.name,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(and(eq(listings.id, id), eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)));
  return row;
}

export type ShareableListing = NonNullable<Awaited<ReturnType<typeof selectShareableListing>>>;
