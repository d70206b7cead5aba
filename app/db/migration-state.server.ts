import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Db, MIGRATIONS_DIR } from "./client.server";

/** The newest migration this code brings (drizzle's folderMillis), read once. */
let newest: number | undefined;

/**
 * Whether the database has every migration this code knows: drizzle's journal in the database
 * (`drizzle.__drizzle_migrations`, on both drivers) has one at least as new as the newest in MIGRATIONS_DIR. A database
 * migrated further, by a newer release during a rolling update, counts as applied. For the readiness check.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  newest ??= Math.max(0, ...readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis));
  try {
    const result = await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    const applied = (result as unknown as { rows: { newest: string | null }[] }).rows[0]?.newest;
    return applied != null && Number(applied) >= newest;
  } catch (err) {
    // No journal yet: nothing is applied.
    if ((err as { code?: string }).code === "42P01" || (err as { cause?: { code?: string } }).cause?.code === "42P01") {
      return false;
    }
    throw err;
  }
}
