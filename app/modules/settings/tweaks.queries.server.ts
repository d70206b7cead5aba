import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { settings, userSettingValues } from "~/db/schema";

export async function selectSettingValues(db: Db | Tx, keys: string[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value as unknown]));
}

/** Writes one setting, replacing its value. */
export async function writeSetting(tx: Tx, key: string, value: unknown) {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
}

/** One person's own values of the given keys (`scope: "user"` sections). */
export async function selectUserSettingValues(db: Db | Tx, userId: string, keys: string[]) {
  const rows = await db
    .select({ key: userSettingValues.key, value: userSettingValues.value })
    .from(userSettingValues)
    .where(and(eq(userSettingValues.userId, userId), inArray(userSettingValues.key, keys)));
  return Object.fromEntries(rows.map((r) => [r.key, r.value as unknown]));
}

/** Writes one of a person's own values, replacing it. */
export async function writeUserSetting(tx: Tx, userId: string, key: string, value: unknown) {
  await tx
    .insert(userSettingValues)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userSettingValues.userId, userSettingValues.key],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
