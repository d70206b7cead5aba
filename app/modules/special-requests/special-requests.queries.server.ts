import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { listings, resorts, specialRequestMatches, specialRequests, user } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

type Conn = Db | Tx;

export type SpecialRequestRow = typeof specialRequests.$inferSelect;

export async function insertSpecialRequest(db: Conn, values: typeof specialRequests.$inferInsert) {
  const [row] = await db.insert(specialRequests).values(values).returning();
  return row;
}

export async function countOpenRequests(db: Conn, buyerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(specialRequests)
    .where(and(eq(specialRequests.buyerId, buyerId), eq(specialRequests.status, "open")));
  return row?.n ?? 0;
}

/** A buyer's requests, open first, newest first, with how many listings were announced for each. */
export function selectBuyerRequests(db: Conn, buyerId: string) {
  return db
    .select({
      request: specialRequests,
      matches: sql<number>`(select count(*)::int from special_request_matches m where m.request_id = "special_requests"."id")`,
    })
    .from(specialRequests)
    .where(eq(specialRequests.buyerId, buyerId))
    .orderBy(asc(specialRequests.status), desc(specialRequests.createdAt), desc(specialRequests.id));
}

export async function selectRequest(db: Conn, id: number, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select({ request: specialRequests, buyerName: user.name, buyerEmail: user.email })
    .from(specialRequests)
    .innerJoin(user, eq(user.id, specialRequests.buyerId))
    .where(eq(specialRequests.id, id))
    .limit(1);
  const rows = await (opts.forUpdate ? q.for("update", { of: specialRequests }) : q);
  return rows[0] ?? null;
}

export type SpecialRequestStatus = SpecialRequestRow["status"];

/** The workflow's read of a request (special-request.workflow.ts). */
export async function selectRequestForWorkflow(tx: Tx, id: number): Promise<SpecialRequestRow | null> {
  const [row] = await tx.select().from(specialRequests).where(eq(specialRequests.id, id)).limit(1);
  return row ?? null;
}

/** The workflow's one status write: only where the request is still in one of `from` (one statement). */
export async function closeRequestWhere(
  tx: Tx,
  id: number,
  change: { from: readonly SpecialRequestStatus[]; to: SpecialRequestStatus; set: Record<string, unknown> },
): Promise<SpecialRequestRow | null> {
  const [row] = await tx
    .update(specialRequests)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(specialRequests.id, id), inArray(specialRequests.status, [...change.from])))
    .returning();
  return row ?? null;
}

export async function selectResortNames(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: resorts.id, name: resorts.name })
    .from(resorts)
    .where(inArray(resorts.id, ids))
    .orderBy(asc(resorts.sortOrder));
}

export function selectResortChoices(db: Conn) {
  return db
    .select({ id: resorts.id, name: resorts.name, code: resorts.code })
    .from(resorts)
    .where(eq(resorts.isInterval, false))
    .orderBy(asc(resorts.sortOrder), asc(resorts.name));
}

/** The conditions under which a listing (the `listings` table in the query) meets a request's criteria. */
function meets(r: SpecialRequestRow) {
  const parts = [eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)];
  if (r.resortIds.length) parts.push(inArray(listings.resortId, r.resortIds));
  if (r.useMonths.length) parts.push(inArray(listings.useMonth, r.useMonths));
  if (r.minPoints !== null) parts.push(sql`${listings.contractPoints} >= ${r.minPoints}`);
  if (r.maxPoints !== null) parts.push(sql`${listings.contractPoints} <= ${r.maxPoints}`);
  if (r.maxPricePerPointCents !== null) parts.push(sql`${listings.pricePerPointCents} <= ${r.maxPricePerPointCents}`);
  if (r.budgetCents !== null) {
    parts.push(sql`${listings.contractPoints}::bigint * ${listings.pricePerPointCents} <= ${r.budgetCents}`);
  }
  return and(...parts);
}

/** Active listings that meet a request now, best value first. */
export function selectListingsMeeting(db: Conn, r: SpecialRequestRow, limit: number) {
  return db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      resortName: resorts.name,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      score: listings.score,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(meets(r))
    .orderBy(sql`${listings.score} desc nulls last`, desc(listings.id))
    .limit(limit);
}

/** The listing the matcher looks at (any status: it judges). */
export async function selectListingForMatching(db: Conn, id: number) {
  const [row] = await db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      sellerId: listings.sellerId,
      resortId: listings.resortId,
      resortName: resorts.name,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      listingStatusId: listings.listingStatusId,
      isTest: listings.isTest,
    })
    .from(listings)
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(eq(listings.id, id));
  return row ?? null;
}

/**
 * The open requests a listing meets (never its own seller's), with their buyers' addresses. Each request's
 * criteria are checked in SQL against the one listing.
 */
export function selectOpenRequestsMetBy(
  db: Conn,
  l: {
    id: number;
    sellerId: string | null;
    resortId: number;
    useMonth: number;
    contractPoints: number;
    pricePerPointCents: number;
  },
) {
  const total = l.contractPoints * l.pricePerPointCents;
  return db
    .select({ id: specialRequests.id, buyerId: user.id, buyerName: user.name, buyerEmail: user.email })
    .from(specialRequests)
    .innerJoin(user, eq(user.id, specialRequests.buyerId))
    .where(
      and(
        eq(specialRequests.status, "open"),
        sql`${user.deletedAt} is null`,
        l.sellerId ? sql`${specialRequests.buyerId} <> ${l.sellerId}` : undefined,
        sql`(cardinality(${specialRequests.resortIds}) = 0 or ${l.resortId} = any(${specialRequests.resortIds}))`,
        sql`(cardinality(${specialRequests.useMonths}) = 0 or ${l.useMonth}::smallint = any(${specialRequests.useMonths}))`,
        sql`(${specialRequests.minPoints} is null or ${specialRequests.minPoints} <= ${l.contractPoints})`,
        sql`(${specialRequests.maxPoints} is null or ${specialRequests.maxPoints} >= ${l.contractPoints})`,
        sql`(${specialRequests.maxPricePerPointCents} is null or ${specialRequests.maxPricePerPointCents} >= ${l.pricePerPointCents})`,
        sql`(${specialRequests.budgetCents} is null or ${specialRequests.budgetCents} >= ${total})`,
      ),
    )
    .orderBy(asc(specialRequests.id));
}

/** Records that a listing was announced for a request; null when it already was (each is announced once). */
export async function insertMatchOnce(db: Conn, requestId: number, listingId: number, reason: "listed" | "price") {
  const [row] = await db
    .insert(specialRequestMatches)
    .values({ requestId, listingId, reason })
    .onConflictDoNothing({ target: [specialRequestMatches.requestId, specialRequestMatches.listingId] })
    .returning();
  return row ?? null;
}

export async function deleteMatch(db: Conn, id: number) {
  await db.delete(specialRequestMatches).where(eq(specialRequestMatches.id, id));
}

/** The listings announced for a request, newest first. */
export function selectAnnounced(db: Conn, requestId: number) {
  return db
    .select({
      listingId: listings.id,
      listingCode: listings.listingCode,
      source: listings.source,
      resortName: resorts.name,
      reason: specialRequestMatches.reason,
      notifiedAt: specialRequestMatches.notifiedAt,
      listingStatusId: listings.listingStatusId,
    })
    .from(specialRequestMatches)
    .innerJoin(listings, eq(listings.id, specialRequestMatches.listingId))
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(eq(specialRequestMatches.requestId, requestId))
    .orderBy(desc(specialRequestMatches.notifiedAt), desc(specialRequestMatches.id));
}
