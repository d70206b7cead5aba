import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { userFavorites } from "~/db/schema";

type Q = Db | Tx;

/** A signed-in person's favourite listing ids, oldest first (decision 0092). */
export async function selectUserFavoriteIds(db: Q, userId: string): Promise<number[]> {
  const rows = await db
    .select({ listingId: userFavorites.listingId })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .orderBy(asc(userFavorites.createdAt), asc(userFavorites.listingId));
  return rows.map((r) => r.listingId);
}

/**
 * Adds listings to a person's favourites, keeping the order given, while the person holds fewer than `max` rows
 * (checked in the insert itself, so a list never grows past the limit). A listing already there is kept as it is.
 */
export async function insertUserFavorites(db: Q, userId: string, listingIds: readonly number[], max: number) {
  for (const listingId of listingIds) {
    await db.execute(sql`insert into ${userFavorites} (user_id, listing_id, created_at)
      select ${userId}, ${listingId}, clock_timestamp()
      where (select count(*) from ${userFavorites} where user_id = ${userId}) < ${max}
      on conflict do nothing`);
  }
}

export async function deleteUserFavorites(db: Q, userId: string, listingIds: readonly number[]) {
  if (listingIds.length === 0) return;
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), inArray(userFavorites.listingId, [...listingIds])));
}

/** Every favourite of a person (their account was deleted: nothing of it is kept). */
export async function deleteAllUserFavorites(db: Q, userId: string) {
  await db.delete(userFavorites).where(eq(userFavorites.userId, userId));
}
