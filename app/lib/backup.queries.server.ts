import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** How many migrations the database has, and the newest one's time (drizzle's journal); none on a new database. */
export async function selectMigrationLevel(db: Db): Promise<{ applied: number; newest: string | null }> {
  try {
    const r = (await db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number; newest: string | null }[] };
    return r.rows[0];
  } catch {
    return { applied: 0, newest: null };
  }
}
