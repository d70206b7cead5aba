import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
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

/** A repost's columns: posted and reposted now, one more repost (and one more automatic one when automatic). */
function repostedNow(kind: "manual" | "automatic") {
  const now = new Date();
  return {
    postedAt: now,
    repostedAt: now,
    repostCount: sql`${listings.repostCount} + 1`,
    ...(kind === "automatic" ? { autoRepostCount: sql`${listings.autoRepostCount} + 1` } : {}),
    lastRepostKind: kind,
    updatedAt: now,
  };
}

/** Puts an active listing back at the top: posted and reposted now, one more repost. Null when not active. */
export async function repostListingRow(db: Db, id: number, activeStatusId: number) {
  const [row] = await db
    .update(listings)
    .set(repostedNow("manual"))
    .where(and(eq(listings.id, id), eq(listings.listingStatusId, activeStatusId)))
    .returning({
      id: listings.id,
      listingCode: listings.listingCode,
      postedAt: listings.postedAt,
      repostCount: listings.repostCount,
    });
  return row ?? null;
}

/** What makes an active listing due for an automatic repost (issue 33): the "Repost" tweaks, as of `now`. */
export type AutoRepostRule = { postedBefore: Date; maxPerListing: number };

function autoRepostDue(rule: AutoRepostRule, activeStatusId: number) {
  return and(
    eq(listings.listingStatusId, activeStatusId),
    eq(listings.isTest, false),
    lt(listings.postedAt, rule.postedBefore),
    lt(listings.autoRepostCount, rule.maxPerListing),
  );
}

/** The active listings due for an automatic repost, the longest unposted first, at most `limit`. */
export async function selectAutoRepostDue(db: Db, rule: AutoRepostRule, activeStatusId: number, limit: number) {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(autoRepostDue(rule, activeStatusId))
    .orderBy(asc(listings.postedAt), asc(listings.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Reposts one listing automatically, if it is still due (checked in the same statement, so two runs cannot both
 * repost it): posted and reposted now, one more repost and one more automatic one. Null when no longer due.
 */
export async function autoRepostListingRow(db: Db | Tx, id: number, rule: AutoRepostRule, activeStatusId: number) {
  const [row] = await db
    .update(listings)
    .set(repostedNow("automatic"))
    .where(and(eq(listings.id, id), autoRepostDue(rule, activeStatusId)))
    .returning({
      id: listings.id,
      listingCode: listings.listingCode,
      sellerId: listings.sellerId,
      repostCount: listings.repostCount,
      autoRepostCount: listings.autoRepostCount,
    });
  return row ?? null;
}
