import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { userFavorites } from "~/db/schema";
import { preparedStatement } from "~/db/statement-memo.server";

type Q = Db | Tx;

/** On every signed-in page (the header's count): built once (app/db/statement-memo.server.ts). */
const favoritesOf = preparedStatement((db: Q) =>
  db
    .select({ listingId: userFavorites.listingId, removedAt: userFavorites.removedAt })
    .from(userFavorites)
    .where(eq(userFavorites.userId, sql.placeholder("userId")))
    .orderBy(asc(userFavorites.createdAt), asc(userFavorites.listingId)),
);

/**
 * A signed-in person's favourite listing ids, oldest first, and the ids they removed (decision 0092): a removed one
 * is not merged back from a cookie.
 */
export async function selectUserFavorites(db: Q, userId: string): Promise<{ ids: number[]; removed: Set<number> }> {
  const rows = await favoritesOf(db, { userId });
  return {
    ids: rows.filter((r) => r.removedAt === null).map((r) => r.listingId),
    removed: new Set(rows.filter((r) => r.removedAt !== null).map((r) => r.listingId)),
  };
}

/**
 * Adds listings to a person's favourites, keeping the order given, while the person holds fewer than `max` of them
 * (checked in the statement itself, so a list never grows past the limit). A listing already there is kept as it
 * is. `chosen`: the person added it now, so one they had removed becomes a favourite again; a merge from a cookie
 * (not chosen) leaves a removed one removed.
 */
export async function insertUserFavorites(
  db: Q,
  userId: string,
  listingIds: readonly number[],
  max: number,
  chosen = false,
) {
  const onConflict = chosen
    ? sql`on conflict (user_id, listing_id) do update set removed_at = null, created_at = clock_timestamp()
        where ${userFavorites.removedAt} is not null`
    : sql`on conflict do nothing`;
  for (const listingId of listingIds) {
    await db.execute(sql`insert into ${userFavorites} (user_id, listing_id, created_at)
      select ${userId}, ${listingId}, clock_timestamp()
      where (select count(*) from ${userFavorites} where user_id = ${userId} and removed_at is null) < ${max}
      ${onConflict}`);
  }
}

/** The person took these listings out of their favourites: kept as removed (one only in a cookie too). */
export async function removeUserFavorites(db: Q, userId: string, listingIds: readonly number[]) {
  for (const listingId of listingIds) {
    await db.execute(sql`insert into ${userFavorites} (user_id, listing_id, removed_at)
      values (${userId}, ${listingId}, now())
      on conflict (user_id, listing_id) do update set removed_at = now()`);
  }
}

/** Every favourite of a person (their account was deleted: nothing of it is kept). */
export async function deleteAllUserFavorites(db: Q, userId: string) {
  await db.delete(userFavorites).where(eq(userFavorites.userId, userId));
}
