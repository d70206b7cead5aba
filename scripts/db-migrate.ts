/**
 * `npm run db:migrate`: the release step. Applies the migrations that are not applied yet, under the same lock that
 * start-up takes (app/db/client.server.ts withStartupLock), then exits: run it once before rolling out a new version,
 * and the web processes and workers that start afterwards find nothing to do. Seeding stays with start-up.
 * Needs only DATABASE_URL (or DATA_DIR for the embedded database, which must not be open in another process).
 */
import { sql } from "drizzle-orm";
import { type Db, migrateDatabase, openDatabase, withStartupLock } from "~/db/client.server";
import { parseDatabaseConfig } from "~/lib/config.server";

async function applied(db: Db) {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0].n;
  } catch {
    return 0; // a new database: no migration journal yet
  }
}

try {
  const config = parseDatabaseConfig();
  const database = await openDatabase(config);
  try {
    const t0 = performance.now();
    const { before, after } = await withStartupLock(database, async () => {
      const before = await applied(database.db);
      await migrateDatabase(database);
      return { before, after: await applied(database.db) };
    });
    const where = database.driver === "pg" ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
    console.log(
      `Migrations: ${after - before} applied, ${after} in all, on ${where} (${Math.round(performance.now() - t0)} ms).`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
