import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { inactiveUsers, listings, user } from "~/db/schema";

const lastActivity = sql<Date>`coalesce(${user.lastActiveAt}, ${user.createdAt})`;

/** Sellers (not deleted) with active listings (status 3) whose last activity is before `cutoff`. */
export async function selectInactiveSellers(db: Db | Tx, cutoff: Date, activeStatus: number) {
  return db
    .select({
      userId: user.id,
      lastActivity: sql<Date>`max(${lastActivity})`.mapWith(user.createdAt),
      n: count(listings.id),
    })
    .from(user)
    .innerJoin(listings, and(eq(listings.sellerId, user.id), eq(listings.listingStatusId, activeStatus)))
    .where(and(isNull(user.deletedAt), lt(lastActivity, cutoff)))
    .groupBy(user.id);
}

export async function replaceInactiveUsers(
  tx: Tx,
  rows: { userId: string; lastActivity: Date; activeListings: number }[],
  foundAt: Date,
) {
  await tx.delete(inactiveUsers);
  if (rows.length > 0) await tx.insert(inactiveUsers).values(rows.map((r) => ({ ...r, foundAt })));
}

export async function selectInactiveUsers(db: Db, limit: number) {
  return db
    .select({
      id: user.id,
      name: user.name,
      role: user.role,
      userUniqid: user.userUniqid,
      lastActivity: inactiveUsers.lastActivity,
      activeListings: inactiveUsers.activeListings,
    })
    .from(inactiveUsers)
    .innerJoin(user, eq(user.id, inactiveUsers.userId))
    .orderBy(inactiveUsers.lastActivity, user.name)
    .limit(limit);
}

export async function countInactiveUsers(db: Db) {
  const [row] = await db.select({ n: count() }).from(inactiveUsers);
  return row?.n ?? 0;
}
