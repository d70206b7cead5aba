import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError } from "~/components/errors/error-page";
import { type DatabaseHandle, openPostgres } from "~/db/client.server";
import { DATABASE_UNAVAILABLE, isConnectionError } from "~/lib/db-faults.server";
import { setServices } from "~/lib/runtime.server";
import { handlerFor, testBuild } from "../fixtures/router-harness";
import { withDatabase } from "./global-setup";

/**
 * Issue 12 finding 9, decision 0041: a read whose connection PostgreSQL drops is retried once on a fresh connection
 * (GET and HEAD); what still fails answers 503 with Retry-After and a message, as JSON to a call and as the error
 * page to a browser; a write is never retried and answers 503 too. Requests go through React Router's own handling
 * with the real root middleware and handleError (tests/fixtures/router-harness.ts).
 */

// The root middleware's cross-site check reads the configuration for a POST; nothing else of the services is used.
setServices({ config: { authUrl: "http://localhost:3000" } } as never);

const Page = () => null;
const page = (url: string, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${url}`, {
    ...init,
    headers: { accept: "text/html", origin: "http://localhost:3000", ...(init.headers as object) },
  });
const call = (url: string, init: RequestInit = {}) =>
  new Request(`http://localhost:3000${url}`, {
    ...init,
    headers: { accept: "application/json", origin: "http://localhost:3000", ...(init.headers as object) },
  });

describe("a connection failure that reaches React Router (any database)", () => {
  /** What Drizzle throws when PostgreSQL ends the connection under a statement. */
  const dropped = () => {
    const cause = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    throw Object.assign(new Error('Failed query: select "id" from "listings"'), { cause });
  };
  const bug = () => {
    throw new Error("a plain bug");
  };
  const handle = handlerFor(
    testBuild({
      page: { path: "page", module: { loader: dropped, action: dropped, default: Page } },
      "api.thing": { path: "api/thing", module: { loader: dropped, action: dropped } },
      broken: { path: "broken", module: { loader: bug, default: Page } },
    }),
  );

  it("a page answers 503 with Retry-After, and the error page says what happened", async () => {
    const res = await handle(page("/page"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const { errors } = await res.json();
    expect(describeError(errors.root)).toEqual({ title: "Temporarily unavailable", detail: DATABASE_UNAVAILABLE });
  });

  it("a call answers a JSON 503 with Retry-After", async () => {
    const res = await handle(call("/api/thing"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE });
  });

  it("a client-side navigation (.data) gets the 503 in React Router's encoding, with Retry-After", async () => {
    const res = await handle(page("/page.data"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toContain(DATABASE_UNAVAILABLE);
  });

  it("a write answers 503 too: the page's error to a form, JSON to a call", async () => {
    const form = await handle(
      page("/page", {
        method: "POST",
        body: new URLSearchParams({ a: "1" }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.status).toBe(503);
    expect(form.headers.get("retry-after")).toBe("5");
    const json = await handle(call("/api/thing", { method: "POST", body: "{}" }));
    expect(json.status).toBe(503);
    expect(await json.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE });
  });

  it("any other failure stays a 500, with no Retry-After", async () => {
    const res = await handle(page("/broken"));
    expect(res.status).toBe(500);
    expect(res.headers.get("retry-after")).toBeNull();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("PostgreSQL ending connections under requests (pg_terminate_backend)", () => {
  const name = `vpm_faults_${randomBytes(5).toString("hex")}`;
  let admin: pg.Client;
  let database: DatabaseHandle;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    database = openPostgres(withDatabase(url as string, name), 2);
    await database.db.execute(sql`create table writes (x int)`);
  });
  afterAll(async () => {
    await database?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  /**
   * Ends, as an administrator would, every connection of this test's database running a statement that carries
   * `tag`, at most `limit` of them, until stopped; counts them.
   */
  function terminator(tag: string, limit = Number.POSITIVE_INFINITY) {
    let killed = 0;
    let running = true;
    const loop = (async () => {
      while (running && killed < limit) {
        const r = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and state = 'active' and pid <> pg_backend_pid() and query like $2`,
          [name, `%${tag}%`],
        );
        killed += r.rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
        return killed;
      },
    };
  }

  /** The rows of `db.execute` (typed loosely by the driver-neutral Db type). */
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

  /** A read that takes a while: who answered it (the backend's pid) and its tag. */
  const slowRead = (tag: string) => async () => {
    const r = await database.db.execute(
      sql.raw(`select pg_backend_pid() as pid, pg_sleep(0.4)::text, '${tag}' as tag`),
    );
    return Response.json(rowsOf(r)[0]);
  };
  const slowWrite = (tag: string) => async () => {
    await database.db.execute(sql.raw(`insert into writes (x) select 1 from pg_sleep(0.4) /* ${tag} */`));
    return Response.json({ written: true });
  };
  const build = (tag: string) =>
    testBuild({
      "api.read": { path: "api/read", module: { loader: slowRead(tag), action: slowWrite(tag) } },
      "api.search": { path: "api/search", module: { action: slowRead(tag) } },
      page: { path: "page", module: { loader: slowRead(tag), default: Page } },
    });

  it("a read cut off in flight is sent again on a fresh connection, once, and the page is served", async () => {
    const tag = `retry-once-${randomBytes(3).toString("hex")}`;
    const kill = terminator(tag, 1);
    const res = await handlerFor(build(tag))(call("/api/read"));
    const killed = await kill.stop();
    expect(killed).toBe(1);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tag });
  });

  it("a read that fails on the fresh connection too: 503 with Retry-After, JSON to a call, the page to a browser", async () => {
    const tag = `retry-fails-${randomBytes(3).toString("hex")}`;
    const kill = terminator(tag);
    const res = await handlerFor(build(tag))(call("/api/read"));
    const doc = await handlerFor(build(tag))(page("/page"));
    const killed = await kill.stop();
    // Two attempts for each request: the first and its one retry.
    expect(killed).toBe(4);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toEqual({ success: false, error: DATABASE_UNAVAILABLE });
    expect(doc.status).toBe(503);
    expect(doc.headers.get("retry-after")).toBe("5");
    expect(describeError((await doc.json()).errors.root).detail).toBe(DATABASE_UNAVAILABLE);
  });

  it("a read cut off under a POST is sent again too (a SELECT changes nothing, whatever the request)", async () => {
    const tag = `post-read-${randomBytes(3).toString("hex")}`;
    const kill = terminator(tag, 1);
    const res = await handlerFor(build(tag))(call("/api/search", { method: "POST", body: "{}" }));
    const killed = await kill.stop();
    expect(killed).toBe(1);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tag });
  });

  it("a write cut off is never sent again: 503, and nothing was written", async () => {
    const tag = `no-retry-${randomBytes(3).toString("hex")}`;
    const kill = terminator(tag);
    const res = await handlerFor(build(tag))(call("/api/read", { method: "POST", body: "{}" }));
    const killed = await kill.stop();
    expect(killed).toBe(1);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const rows = await database.db.execute(sql`select count(*)::int as n from writes`);
    expect(rowsOf(rows)[0]).toEqual({ n: 0 });
  });

  it("a transaction whose BEGIN loses its connection gives its place in the pool back", async () => {
    // One place in the pool: a connection kept by a failed transaction would make every later query wait forever.
    const one = openPostgres(withDatabase(url as string, name), 1);
    try {
      // The network drops the connection the pool is handing out, before BEGIN reaches the server.
      one.pool.once("acquire", (client) =>
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy(),
      );
      const failed = await one.db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isConnectionError(failed)).toBe(true);
      const next = one.db.transaction(async (tx) => rowsOf(await tx.execute(sql`select 2 as two`))[0]);
      const waited = new Promise((resolve) => setTimeout(() => resolve("still waiting for a connection"), 3000));
      expect(await Promise.race([next, waited])).toEqual({ two: 2 });
      expect(one.pool.totalCount - one.pool.idleCount).toBe(0);
    } finally {
      // pool.end() waits for every checked-out connection: bounded, so a kept one fails the test instead of hanging it.
      await Promise.race([one.close(), new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
  });

  it("after the drops, the pool serves reads again", async () => {
    const r = await database.db.execute(sql`select 1 as one`);
    expect(rowsOf(r)[0]).toEqual({ one: 1 });
  });
});
