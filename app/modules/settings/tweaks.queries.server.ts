import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { settings } from "~/db/schema";

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
