import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { settings } from "~/db/schema";

export async function selectSettings(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
}

export async function upsertSettings(db: Db, values: Record<string, unknown>) {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  for (const row of rows) {
    await db.insert(settings).values(row).onConflictDoNothing();
  }
}
