import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "./listing-status";

const inventoryColumns = {
  id: listings.id,
  listingCode: listings.listingCode,
  sellerId: listings.sellerId,
  useMonth: listings.useMonth,
  contractPoints: listings.contractPoints,
  pricePerPointCents: listings.pricePerPointCents,
  prevYearPoints: listings.prevYearPoints,
  currYearPoints: listings.currYearPoints,
  nextYearPoints: listings.nextYearPoints,
  noHaggle: listings.noHaggle,
  listingStatusId: listings.listingStatusId,
  approvedAt: listings.approvedAt,
  resortId: listings.resortId,
  resortCode: resorts.code,
  resortName: resorts.name,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
};

/** One seller's listings with the given statuses, newest first, one page. */
export async function selectSellerListings(
  db: Db,
  args: { sellerId: string; statusIds: number[]; limit: number; offset: number },
) {
  const where = and(eq(listings.sellerId, args.sellerId), inArray(listings.listingStatusId, args.statusIds));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(inventoryColumns)
      .from(listings)
      .innerJoin(resorts, eq(resorts.id, listings.resortId))
      .where(where)
      .orderBy(desc(listings.updatedAt), desc(listings.id))
      .limit(args.limit)
      .offset(args.offset),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function selectListingById(db: Db, id: number) {
  const [row] = await db
    .select(inventoryColumns)
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(eq(listings.id, id))
    .limit(1);
  return row ?? null;
}

/** Resorts a member can list a contract at (not the interval-resorts entry). */
export function selectListableResorts(db: Db) {
  return (
    db
      .select({ id: resorts.id, code: resorts.code, name: resorts.name })
      .from(resorts)
      .where(eq(resorts.isInterval, false))
      // A-Z by name: a seller looks for their resort by its name (issue 13), not by when it opened.
      .orderBy(asc(resorts.name))
  );
}

/** The highest number used in a `VPM-<number>` listing code, or 10000 when there is none. */
export async function selectHighestListingNumber(db: Db) {
  const [row] = await db
    .select({
      n: sql<number | null>`max(cast(substring(${listings.listingCode} from 5) as integer))`,
    })
    .from(listings)
    .where(sql`${listings.listingCode} ~ '^VPM-[0-9]{1,9}$'`);
  return Number(row?.n ?? 10000);
}

export async function insertListing(db: Db, values: typeof listings.$inferInsert) {
  const [row] = await db
    .insert(listings)
    .values(values)
    .returning({ id: listings.id, listingCode: listings.listingCode });
  return row;
}

/** A listing's own fields (never its status: only the listing workflow writes that). */
export async function updateListingRow(
  db: Db,
  id: number,
  values: Omit<Partial<typeof listings.$inferInsert>, "listingStatusId">,
) {
  const [row] = await db
    .update(listings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .returning({
      id: listings.id,
      listingCode: listings.listingCode,
      listingStatusId: listings.listingStatusId,
      approvedAt: listings.approvedAt,
      resortId: listings.resortId,
    });
  return row ?? null;
}

/**
 * Asking prices of the active, non-test listings per resort (optionally leaving one listing out): the count, the
 * median and the quartiles, in one grouped statement.
 */
export async function selectAskingPriceStats(db: Db, args: { excludeListingId?: number } = {}) {
  const price = listings.pricePerPointCents;
  const rows = await db
    .select({
      resortId: listings.resortId,
      count: count(),
      median: sql<number>`percentile_cont(0.5) within group (order by ${price})`,
      q1: sql<number>`percentile_cont(0.25) within group (order by ${price})`,
      q3: sql<number>`percentile_cont(0.75) within group (order by ${price})`,
    })
    .from(listings)
    .where(
      and(
        eq(listings.listingStatusId, LISTING_STATUS.active),
        eq(listings.isTest, false),
        args.excludeListingId === undefined ? undefined : sql`${listings.id} <> ${args.excludeListingId}`,
      ),
    )
    .groupBy(listings.resortId);
  return rows.map((r) => ({
    resortId: r.resortId,
    count: Number(r.count),
    median: Number(r.median),
    q1: Number(r.q1),
    q3: Number(r.q3),
  }));
}
