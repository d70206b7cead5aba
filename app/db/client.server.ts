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
import { currentRequestScope, isConnectionError, isReadStatement } from "~/lib/db-faults.server";
import { logger } from "~/lib/logger.server";
import { tryPidLock } from "~/lib/pid-lock.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseHandle =
  | { driver: "pglite"; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { driver: "pg"; db: Db; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

export const MIGRATIONS_DIR = path.resolve("app/db/migrations");

/** A second process opened on an embedded database folder that a running process has open. */
export class DatabaseInUseError extends Error {}

/**
 * PGlite in `<dataDir>/pglite` (the embedded default). PGlite is PostgreSQL inside this process: two processes on one
 * folder would each write it as if alone and corrupt it. A pid lock file beside it (`<dataDir>/pglite.lock`) lets one
 * process in; a second stops before it opens anything, with a message that points to PostgreSQL. A lock left by a
 * process that is gone (crashed, killed) is taken over.
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dataDir, { recursive: true });
  const taken = tryPidLock(path.join(dataDir, "pglite.lock"));
  if (!taken.acquired) {
    throw new DatabaseInUseError(
      `The embedded database in ${dir} is in use by another process (pid ${taken.heldBy}). The embedded database ` +
        "(PGlite) serves one process at a time: stop that process first, use another DATA_DIR, or set DATABASE_URL " +
        "to a PostgreSQL database to run several processes (web processes and workers) on the same data.",
    );
  }
  try {
    mkdirSync(dir, { recursive: true });
    const pglite = await PGlite.create(dir);
    const handle = wrapPglite(pglite);
    return {
      ...handle,
      async close() {
        try {
          await pglite.close();
        } finally {
          taken.lock.release();
        }
      },
    };
  } catch (err) {
    taken.lock.release();
    throw err;
  }
}

export function wrapPglite(pglite: PGlite): DatabaseHandle {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { driver: "pglite", db, pglite, close: () => pglite.close() };
}

export function openPostgres(connectionString: string, max = 10): Extract<DatabaseHandle, { driver: "pg" }> {
  const pool = new pg.Pool({ connectionString, max });
  // A connection the server drops while it is idle (a restart, a failover, or one still closing after pool.end())
  // reports an 'error' event; unheard, that event would end the process. The pool replaces idle connections, and a
  // query in flight gets the error itself, so these are only logged (57P01, the server shutting a connection, is
  // expected and kept quiet).
  const onConnectionError = (err: Error & { code?: string }) => {
    if (err.code !== "57P01") logger.error({ code: err.code }, `PostgreSQL connection error: ${err.message}`);
  };
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  retryReadsOnFreshConnection(pool);
  releaseEndedConnections(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { driver: "pg", db, pool, connectionString, close: () => pool.end() };
}

type QueryArgs = [config: string | pg.QueryConfig, values?: unknown[]];

/**
 * A read that PostgreSQL cut off (its connection ended under it: a restart, a failover, `pg_terminate_backend`) is
 * sent once more on a new connection of its own, while a request is being served and when the statement is a plain
 * SELECT outside a transaction (decision 0041). Whatever the request's method: a SELECT changes nothing, so sending it
 * again is sending it once, a moment later; and a POST's page loaders run after its action, where a 503 would ask the
 * person to repeat a write that was done. Everything else fails as it did: a write is never sent twice, and a
 * transaction's statements go through its own pooled client, not this path. What still fails reaches React Router,
 * and the root middleware answers 503 with Retry-After.
 */
export function retryReadsOnFreshConnection(pool: pg.Pool) {
  const query = pool.query.bind(pool) as unknown as (...args: unknown[]) => Promise<unknown>;
  const retried = async (args: QueryArgs, error: unknown) => {
    const text = typeof args[0] === "string" ? args[0] : args[0].text;
    if (!currentRequestScope() || !isConnectionError(error) || !isReadStatement(text)) throw error;
    logger.warn({ err: error }, "a read lost its database connection: retrying once on a new connection");
    const client = new pg.Client(pool.options);
    // A connection error after the answer (the server going away again) must not end the process.
    client.on("error", () => {});
    try {
      await client.connect();
      return await client.query(args[0] as pg.QueryConfig, args[1]);
    } finally {
      client.end().catch(() => {});
    }
  };
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    // The callback form (not used by Drizzle) and anything unusual go straight through.
    if (args.length > 2 || args.some((a) => typeof a === "function")) return query(...args);
    return query(...args).catch((error: unknown) => retried(args as QueryArgs, error));
  };
}

/**
 * A connection that ends while it is checked out of the pool (a restart, a failover, `pg_terminate_backend`) is handed
 * back at once, with its error, and the pool drops it: a caller that never releases it cannot keep its place. Drizzle's
 * `transaction()` sends BEGIN before its try/finally, so a BEGIN that lost its connection left the client checked out
 * for good; under load every place in the pool went that way and every later query waited forever (issue 12,
 * connections killed under load). The caller's own `release()` afterwards does nothing. pg-pool's `pool.query` (the
 * callback form of `connect`) always releases, and goes through unchanged.
 */
export function releaseEndedConnections(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const release = client.release;
      let released = false;
      const onEnd = () => {
        if (released) return;
        released = true;
        release.call(client, new Error("The database connection ended while it was checked out of the pool"));
      };
      client.once("end", onEnd);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("end", onEnd);
        release.call(client, err);
      };
      return client;
    });
  };
}

/** The pool's size when DATABASE_POOL_MAX is not set. */
export const DEFAULT_POOL_MAX = 10;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; databasePoolMax?: number }) {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.databasePoolMax ?? DEFAULT_POOL_MAX)
    : openPglite(opts.dataDir);
}

/**
 * The key of the PostgreSQL advisory lock that start-up holds while it migrates and seeds (any bigint; this one is the
 * ASCII of "VPMStArt", and no other code takes it).
 */
export const STARTUP_LOCK_KEY = 0x5650_4d53_7441_7274n;

/**
 * Runs `work` (migrations, seeding) while holding the start-up lock, so that processes started at the same moment on
 * one PostgreSQL database take turns: the first migrates and seeds, the others wait, then find the work done (the
 * migrator skips applied migrations; each seed step is claimed once). The lock is a session-level advisory lock on a
 * connection of its own, held across the whole of `work` and released after; a process that dies holding it loses
 * its connection, and with it the lock. On PGlite (one process) the work just runs.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.driver === "pglite") return work();
  const client = new pg.Client({ connectionString: handle.connectionString });
  // An error on this idle connection (the server restarting) must not end the process; the work's queries report it.
  client.on("error", (err) => logger.warn({ err }, "the start-up lock's connection failed"));
  await client.connect();
  try {
    const key = STARTUP_LOCK_KEY.toString();
    const [tried] = (await client.query("select pg_try_advisory_lock($1::bigint) as ok", [key])).rows;
    if (!tried.ok) {
      logger.info("another process is migrating or seeding this database: waiting for it");
      const t0 = performance.now();
      await client.query("select pg_advisory_lock($1::bigint)", [key]);
      logger.info({ ms: Math.round(performance.now() - t0) }, "the other process finished: going on");
    }
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
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
