import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DatabaseInUseError, openPglite } from "~/db/client.server";
import { DatabaseUnreachableError, probeDatabase } from "~/lib/database-probe.server";
import { emptyDatabase, type StartedProcess, startAppProcess } from "../fixtures/app-processes";
import { runToExit } from "../fixtures/run-to-exit";

/**
 * Issue 16: start-up refuses, says what is wrong, and writes nothing. Real processes: the web process's start-up
 * (tests/fixtures/start-process.ts, as server.ts runs it) and worker.ts (`npm run worker`).
 * - On PostgreSQL (DATABASE_URL) without BETTER_AUTH_SECRET and BETTER_AUTH_URL, or with a short secret: exit 1 with a
 *   message naming each; no table is created in the database and nothing is written to DATA_DIR (no generated secret).
 * - A second process on the embedded database folder another process has open (here: this test's process, as a
 *   running `npm start` would): exit 1 before it opens anything, saying the database is in use by that pid and pointing
 *   to DATABASE_URL; the holder goes on writing, and the folder opens whole afterwards.
 * The PostgreSQL checks of "nothing written" run when TEST_DATABASE_URL is set; without it the refused processes are
 * pointed at a port where nothing listens (they must stop before connecting anyway). The PGlite folder test runs in the
 * PGlite pass only (without TEST_DATABASE_URL).
 */
const url = process.env.TEST_DATABASE_URL;
const dataDir = () => mkdtempSync(path.join(tmpdir(), "vpm-refusal-"));

/** Runs worker.ts (`npm run worker`) with this environment; resolves with its exit code and output. */
function runWorker(env: Record<string, string>) {
  return runToExit(["--import", "tsx", "worker.ts"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "error", ...env },
  });
}

async function exitOf(p: StartedProcess) {
  const { code } = await p.exited;
  return { code, output: p.output.join("") };
}

async function tableCount(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(r.rows[0].n);
  } finally {
    await c.end();
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
});

describe("start-up on PostgreSQL without the production settings", () => {
  it("stops, naming BETTER_AUTH_SECRET and BETTER_AUTH_URL, and writes nothing", async () => {
    const db = url ? await emptyDatabase(url, "vpm_refusal") : undefined;
    if (db) cleanups.push(db.drop);
    const databaseUrl = db?.url ?? "postgres://nobody@127.0.0.1:9/none";
    const [missingDir, shortDir] = [dataDir(), dataDir()];
    const [web, worker] = await Promise.all([
      exitOf(startAppProcess({ NODE_ENV: "production", DATABASE_URL: databaseUrl, DATA_DIR: missingDir })),
      runWorker({
        DATABASE_URL: databaseUrl,
        DATA_DIR: shortDir,
        BETTER_AUTH_SECRET: "too-short",
        SEED_DEMO: "1",
      }),
    ]);

    expect(web.code).toBe(1);
    expect(web.output).toContain("Invalid environment configuration:");
    expect(web.output).toContain(
      "BETTER_AUTH_SECRET: required with DATABASE_URL (at least 32 characters, the same in every process)",
    );
    expect(web.output).toContain("BETTER_AUTH_URL: required with DATABASE_URL");
    expect(worker.code).toBe(1);
    expect(worker.output).toContain("BETTER_AUTH_SECRET: must be at least 32 characters");
    expect(worker.output).toContain("BETTER_AUTH_URL: required with DATABASE_URL");
    // A message, not a stack trace.
    expect(web.output + worker.output).not.toMatch(/\n\s+at /);

    // Nothing written: no generated secret in either DATA_DIR, no table in the database.
    expect(readdirSync(missingDir)).toEqual([]);
    expect(readdirSync(shortDir)).toEqual([]);
    if (db) expect(await tableCount(db.url)).toBe(0);
  }, 60_000);
});

// PGlite's own: run in the suite's PGlite pass (npm test runs the suite again on PostgreSQL, where it would repeat).
describe.skipIf(url)("a second process on the embedded database folder", () => {
  it("stops at once saying another process uses it and pointing to DATABASE_URL; nothing is corrupted", async () => {
    // This test's process holds the folder open, as a running `npm start` does, with a row written.
    const dir = dataDir();
    const holder = await openPglite(dir);
    cleanups.push(() => holder.close());
    await holder.db.execute(sql`create table kept (name text not null)`);
    await holder.db.execute(sql`insert into kept values ('before')`);
    const lockFile = path.join(dir, "pglite.lock");
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    // A second open within one process is refused too (a development reload that lost its handle).
    await expect(openPglite(dir)).rejects.toThrow(DatabaseInUseError);
    const before = readdirSync(dir).sort();

    // The web process's start-up and a worker, both on the same folder.
    const env = {
      DATA_DIR: dir,
      BETTER_AUTH_URL: "http://localhost:3000",
      BETTER_AUTH_SECRET: "refusal-secret-refusal-secret-refusal",
    };
    const [web, worker] = await Promise.all([exitOf(startAppProcess(env)), runWorker(env)]);
    for (const refused of [web, worker]) {
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(
        `The embedded database in ${path.join(dir, "pglite")} is in use by another process (pid ${process.pid}).`,
      );
      expect(refused.output).toContain("set DATABASE_URL to a PostgreSQL database to run several processes");
      expect(refused.output).not.toMatch(/\n\s+at /);
    }
    // The refused processes changed nothing in the folder (the lock is the holder's still), and the holder goes on.
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readFileSync(lockFile, "utf8").trim()).toBe(String(process.pid));
    await holder.db.execute(sql`insert into kept values ('after')`);

    // Closed, it lets go; the folder opens whole, with everything written.
    await holder.close();
    expect(readdirSync(dir)).not.toContain("pglite.lock");
    const reopened = await openPglite(dir);
    try {
      const kept = await reopened.db.execute(sql`select name from kept order by name`);
      expect((kept as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual(["after", "before"]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});

/**
 * Issue 29: a database that cannot be used stops start-up within 30 s, with a message that names DATABASE_URL and
 * what happened, never the password. Stand-ins: a TCP server that accepts and says nothing, a port where nothing
 * listens, and a server that answers PostgreSQL's start-up with the error a real one gives for a wrong password or a
 * missing database (the test server trusts every password, so a real wrong password cannot be shown here).
 */
describe("start-up against a database that cannot be used (issue 29)", () => {
  const secretPassword = "s3cret-Pa55word";
  const settings = {
    BETTER_AUTH_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "refusal-secret-refusal-secret-refusal",
    NODE_ENV: "production",
  };

  async function tcpServer(onSocket: (socket: Socket) => void) {
    const sockets = new Set<Socket>();
    const server: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
      onSocket(socket);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    });
    return (server.address() as { port: number }).port;
  }

  /** A server that reads the start-up message and answers with PostgreSQL's ErrorResponse for this code. */
  function pgError(code: string, message: string) {
    return tcpServer((socket) =>
      socket.once("data", () => {
        const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
        const head = Buffer.alloc(5);
        head.write("E", 0, "latin1");
        head.writeInt32BE(fields.length + 4, 1);
        socket.end(Buffer.concat([head, fields]));
      }),
    );
  }

  async function refused(databaseUrl: string) {
    const t0 = Date.now();
    const [web, worker] = await Promise.all([
      exitOf(startAppProcess({ ...settings, DATABASE_URL: databaseUrl, DATA_DIR: dataDir() })),
      runWorker({ ...settings, DATABASE_URL: databaseUrl, DATA_DIR: dataDir() }),
    ]);
    const seconds = (Date.now() - t0) / 1000;
    for (const r of [web, worker]) {
      expect(r.code, r.output).toBe(1);
      expect(r.output).toContain("The database at DATABASE_URL (postgres://vpm:***@127.0.0.1:");
      expect(r.output).not.toContain(secretPassword);
      expect(r.output).not.toMatch(/\n\s+at /);
    }
    // Start-up's own wait is at most 10 s (below); the rest is loading the code, slow on a loaded shared machine.
    expect(seconds).toBeLessThan(45);
    return web.output;
  }

  // No database is reached, so once: in the PGlite pass.
  it.skipIf(url)(
    "a server that accepts the connection and never answers: exit 1 within 30 s, naming DATABASE_URL",
    async () => {
      const port = await tcpServer(() => {});
      // Start-up's check itself gives up after 10 s (measured in this process, without the code's loading time).
      const t0 = Date.now();
      await expect(probeDatabase(`postgres://vpm:${secretPassword}@127.0.0.1:${port}/vpm`)).rejects.toThrow(
        DatabaseUnreachableError,
      );
      expect(Date.now() - t0).toBeGreaterThanOrEqual(9_900);
      expect(Date.now() - t0).toBeLessThan(12_000);
      const output = await refused(`postgres://vpm:${secretPassword}@127.0.0.1:${port}/vpm`);
      expect(output).toContain(`127.0.0.1:${port} did not answer within 10 s`);
    },
    90_000,
  );

  // No database is reached, so once: in the PGlite pass.
  it.skipIf(url)(
    "a refused connection, a wrong password and a missing database each say so",
    async () => {
      const nothing = `postgres://vpm:${secretPassword}@127.0.0.1:9/vpm`;
      expect(await refused(nothing)).toContain("127.0.0.1:9 refused the connection: is PostgreSQL running there");
      const wrongPassword = await pgError("28P01", 'password authentication failed for user "vpm"');
      expect(await refused(`postgres://vpm:${secretPassword}@127.0.0.1:${wrongPassword}/vpm`)).toContain(
        'the password for user "vpm" was refused.',
      );
      const noDatabase = await pgError("3D000", 'database "vpm_gone" does not exist');
      expect(await refused(`postgres://vpm:${secretPassword}@127.0.0.1:${noDatabase}/vpm_gone`)).toContain(
        `the database "vpm_gone" does not exist on 127.0.0.1:${noDatabase}`,
      );
    },
    90_000,
  );

  it.skipIf(!url)(
    "a database that does not exist on the real server says so",
    async () => {
      const missing = new URL(url as string);
      missing.pathname = "/vpm_ops_missing_database";
      const r = await exitOf(startAppProcess({ ...settings, DATABASE_URL: missing.toString(), DATA_DIR: dataDir() }));
      expect(r.code).toBe(1);
      expect(r.output).toContain('the database "vpm_ops_missing_database" does not exist');
    },
    60_000,
  );

  it("MIGRATE_AT_START=0 on a database the release step has not migrated stops, saying to run db:migrate", async () => {
    const db = url ? await emptyDatabase(url, "vpm_ops_nomigrate") : undefined;
    if (db) cleanups.push(db.drop);
    const r = await exitOf(
      startAppProcess({
        ...settings,
        SEED_DEMO: "1",
        DATA_DIR: dataDir(),
        MIGRATE_AT_START: "0",
        ...(db ? { DATABASE_URL: db.url } : {}),
      }),
    );
    expect(r.code, r.output).toBe(1);
    expect(r.output).toContain(
      "MIGRATE_AT_START=0 and the database does not have this release's migrations: run `npm run db:migrate`",
    );
    if (db) expect(await tableCount(db.url)).toBe(0);
  }, 60_000);

  // No database is reached, so once: in the PGlite pass.
  it.skipIf(url)(
    "a SIGNING_P12_BASE64 that is not a .p12 stops start-up, naming the variable",
    async () => {
      const env = {
        ...settings,
        DATA_DIR: dataDir(),
        SEED_DEMO: "1",
        SIGNING_P12_BASE64: Buffer.from("this is not a certificate").toString("base64"),
        SIGNING_P12_PASSPHRASE: "whatever",
      };
      const [web, worker] = await Promise.all([exitOf(startAppProcess(env)), runWorker(env)]);
      for (const r of [web, worker]) {
        expect(r.code, r.output).toBe(1);
        expect(r.output).toContain("SIGNING_P12_BASE64 is not a .p12 file that SIGNING_P12_PASSPHRASE opens");
        expect(r.output).not.toMatch(/\n\s+at /);
      }
    },
    60_000,
  );
});
