/**
 * `npm run db:migrate`: the release step. Applies the migrations that are not applied yet, under the same lock that
 * start-up takes (app/db/client.server.ts withStartupLock), then exits: run it once before rolling out a new version,
 * and the web processes and workers that start afterwards find nothing to do. Seeding stays with start-up.
 * Needs only DATABASE_URL (or DATA_DIR for the embedded database, which must not be open in another process).
 * It names each migration it applied (from app/db/migrations/meta/_journal.json), or says the database was already up
 * to date (issue 29). Migrations follow expand-then-contract (docs/decisions: the previous release must run on the
 * migrated schema), so this step can run while the previous release still serves.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, MIGRATIONS_DIR, migrateDatabase, openDatabase, withStartupLock } from "~/db/client.server";
import { parseDatabaseConfig } from "~/lib/config.server";

type JournalEntry = { tag: string; when: number };

/** The newest migration applied (drizzle records each migration's `when` from the journal), 0 for a new database. */
async function newestApplied(db: Db) {
  try {
    const result = (await db.execute(
      sql`select coalesce(max(created_at), 0)::text as at, count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { at: string; n: number }[] };
    return { at: Number(result.rows[0].at), count: result.rows[0].n };
  } catch {
    return { at: 0, count: 0 }; // a new database: no migration journal yet
  }
}

try {
  const config = parseDatabaseConfig();
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const database = await openDatabase(config);
  try {
    const t0 = performance.now();
    const { before, after } = await withStartupLock(database, async () => {
      const before = await newestApplied(database.db);
      await migrateDatabase(database);
      return { before, after: await newestApplied(database.db) };
    });
    const where = database.driver === "pg" ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
    const ms = Math.round(performance.now() - t0);
    const applied = journal.entries.filter((e) => e.when > before.at && e.when <= after.at).map((e) => e.tag);
    if (applied.length === 0) {
      console.log(`Migrations: already up to date, ${after.count} applied, on ${where} (${ms} ms).`);
    } else {
      console.log(`Migrations: applied ${applied.length} on ${where} (${ms} ms):`);
      for (const tag of applied) console.log(`  ${tag}`);
      console.log(`${after.count} in all.`);
    }
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
