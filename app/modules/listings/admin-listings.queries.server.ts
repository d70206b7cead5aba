import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, listings, resorts, user } from "~/db/schema";
import { clampPage, containsPattern } from "~/lib/list-query";

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

/** Columns an admin listing screen may be ordered by (`sort` in the query string). */
const ADMIN_LISTING_SORT_COLUMNS = {
  code: listings.listingCode,
  owner: sql`coalesce(${user.name}, ${brokers.name})`,
  resort: resorts.name,
  points: listings.contractPoints,
  ppp: listings.pricePerPointCents,
  submitted: listings.createdAt,
  updated: listings.updatedAt,
  posted: listings.postedAt,
  reposted: listings.repostedAt,
  reposts: listings.repostCount,
} as const;
export type AdminListingSort = keyof typeof ADMIN_LISTING_SORT_COLUMNS;

/** The filter of one admin screen: which listings it holds, and the search text. */
export type AdminListingFilter = { statusId?: number; isTest?: boolean; q: string };

function adminListingWhere(f: AdminListingFilter) {
  const conditions: SQL[] = [];
  if (f.statusId !== undefined) conditions.push(eq(listings.listingStatusId, f.statusId));
  if (f.isTest !== undefined) conditions.push(eq(listings.isTest, f.isTest));
  if (f.q) {
    const p = containsPattern(f.q);
    const match = or(
      ilike(listings.listingCode, p),
      ilike(resorts.name, p),
      ilike(resorts.code, p),
      ilike(user.name, p),
      ilike(user.email, p),
      ilike(brokers.name, p),
    );
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

/** Listings of one admin screen with the seller or broker and the resort: the total, then one page. */
export async function selectAdminListings(
  db: Db,
  args: {
    filter: AdminListingFilter;
    sort: AdminListingSort;
    dir: "asc" | "desc";
    pageSize: number;
    /** Page wanted; a page past the last gives the last page. */
    page: number;
  },
) {
  const where = adminListingWhere(args.filter);
  const [{ total }] = await db
    .select({ total: count() })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(user, eq(user.id, listings.sellerId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(where);
  const { page, pageCount } = clampPage(args.page, Number(total), args.pageSize);
  const column = ADMIN_LISTING_SORT_COLUMNS[args.sort];
  const order = args.dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const rows = await db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      sellerId: listings.sellerId,
      sellerName: user.name,
      sellerEmail: user.email,
      brokerName: brokers.name,
      resortId: listings.resortId,
      resortCode: resorts.code,
      resortName: resorts.name,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      listingStatusId: listings.listingStatusId,
      isTest: listings.isTest,
      approvedAt: listings.approvedAt,
      deactivationReasonId: listings.deactivationReasonId,
      deactivationReasonText: listings.deactivationReasonText,
      postedAt: listings.postedAt,
      repostedAt: listings.repostedAt,
      repostCount: listings.repostCount,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .leftJoin(user, eq(user.id, listings.sellerId))
    .leftJoin(brokers, eq(brokers.id, listings.brokerId))
    .where(where)
    .orderBy(order, args.dir === "asc" ? asc(listings.id) : desc(listings.id))
    .limit(args.pageSize)
    .offset((page - 1) * args.pageSize);
  return { rows, total: Number(total), page, pageCount };
}

export async function selectListingByCode(db: Db, listingCode: string) {
  const [row] = await db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      resortId: listings.resortId,
      isTest: listings.isTest,
      listingStatusId: listings.listingStatusId,
    })
    .from(listings)
    .where(eq(sql`upper(${listings.listingCode})`, listingCode.toUpperCase()))
    .limit(1);
  return row ?? null;
}

export async function selectListingForAdmin(db: Db, id: number) {
  const [row] = await db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      resortId: listings.resortId,
      isTest: listings.isTest,
      listingStatusId: listings.listingStatusId,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  return row ?? null;
}

/** Flags or unflags a test listing. */
export async function updateTestFlag(db: Db, id: number, isTest: boolean) {
  const [row] = await db
    .update(listings)
    .set({ isTest, updatedAt: new Date() })
    .where(eq(listings.id, id))
    .returning({ id: listings.id, listingCode: listings.listingCode, resortId: listings.resortId });
  return row ?? null;
}

/** Puts an active listing back at the top: posted and reposted now, one more repost. Null when not active. */
export async function repostListingRow(db: Db, id: number, activeStatusId: number) {
  const now = new Date();
  const [row] = await db
    .update(listings)
    .set({ postedAt: now, repostedAt: now, repostCount: sql`${listings.repostCount} + 1`, updatedAt: now })
    .where(and(eq(listings.id, id), eq(listings.listingStatusId, activeStatusId)))
    .returning({
      id: listings.id,
      listingCode: listings.listingCode,
      postedAt: listings.postedAt,
      repostCount: listings.repostCount,
    });
  return row ?? null;
}
