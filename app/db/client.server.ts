import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseHandle =
  | { driver: "pglite"; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { driver: "pg"; db: Db; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

export const MIGRATIONS_DIR = path.resolve("app/db/migrations");

/** PGlite in `<dataDir>/pglite` (the embedded default). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  return wrapPglite(pglite);
}

export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { driver: "pglite", db, pglite, close: () => pglite.close() };
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max });
  // A connection the server drops while it is idle (a restart, a failover, or one still closing after pool.end())
  // reports an 'error' event; unheard, that event would end the process. The pool replaces idle connections, and a
  // query in flight gets the error itself, so these are only logged (57P01, the server shutting a connection, is
  // expected and kept quiet).
  const onConnectionError = (err: Error & { code?: string }) => {
    if (err.code !== "57P01") console.error(`PostgreSQL connection error: ${err.message}`);
  };
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { driver: "pg", db, pool, connectionString, close: () => pool.end() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

export async function migrateDatabase(handle: DatabaseHandle) {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as never, config);
  } else {
    await migratePg(handle.db as never, config);
  }
}

/** Throws when the database does not answer (the health check). */
export async function pingDatabase(db: Db) {
  await db.execute(sql`select 1`);
}

export { schema };
