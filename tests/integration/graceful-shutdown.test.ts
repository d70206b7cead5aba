import http from "node:http";
import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  alive,
  createDatabase,
  freePort,
  killHard,
  type NpmProcess,
  probePort,
  processEnv,
  startWeb,
} from "../fixtures/app-process";
import { PG_TEMPLATE_DB } from "../fixtures/test-config";

/**
 * Issue 16, graceful shutdown (decision 0046), on a real web process started with `npm start` as a supervisor starts
 * it; the SIGTERM goes to npm's pid. Requests are held in flight by a lock on the listings table that a test
 * connection takes and releases: the requests wait in PostgreSQL, on the process's pool, as slow queries would.
 * PostgreSQL only (a lock from outside the process): skipped without TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;

type Answer = { status: number; connection: string | undefined } | { error: string };

/** GET on a keep-alive connection of `agent`, as a signed-in visitor (a cookie: rendered, not from the page cache). */
function get(port: number, agent: http.Agent, p: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: p, agent, headers: { cookie: "visitor=1" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/** Holds every query on the listings table until `release()`. */
async function lockListings(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database at the end ends this connection too.
  client.on("error", () => {});
  await client.connect();
  await client.query("begin");
  await client.query("lock table listings in access exclusive mode");
  return {
    /** Resolves once `n` queries wait for the lock. */
    async waiting(n: number) {
      for (;;) {
        const r = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (r.rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async release() {
      await client.query("commit").catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

/** A request begun on a new connection (its first line sent) before the signal; the rest is sent by `finish()`. */
async function startedRequest(port: number, p: string) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (d: Buffer) => {
    answer += d.toString();
  });
  socket.write(`GET ${p} HTTP/1.1\r\n`);
  return {
    async finish() {
      socket.write("Host: localhost\r\n\r\n");
      const end = Date.now() + 5000;
      while (!answer.includes("\r\n\r\n") && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      return answer;
    },
  };
}

describe.skipIf(!url)("a web process stopped with SIGTERM to npm start", () => {
  const procs: NpmProcess[] = [];
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;

  afterAll(async () => {
    for (const p of procs) killHard(p);
    await database?.drop();
  });

  it("finishes the requests in flight, refuses new connections, answers readiness 503, and exits 0", async () => {
    database = await createDatabase(url as string, "vpm_shutdown", PG_TEMPLATE_DB);
    const port = await freePort();
    const env = processEnv(database.url, `http://localhost:${port}`, { RUN_JOBS: "0", SHUTDOWN_TIMEOUT_SECONDS: "10" });
    const web = await startWeb(port, env);
    procs.push(web);
    const appPid = web.appPid();
    expect(appPid).toBeDefined();

    // Ten keep-alive connections, each used once (a first request of each kind also loads what the process keeps
    // for all: one query, the others waiting in Node), then ten requests held in flight on them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const warm = await Promise.all(Array.from({ length: 10 }, () => get(port, agent, "/listings")));
    expect(warm.every((a) => "status" in a && a.status === 200)).toBe(true);
    const readiness = await startedRequest(port, "/api/ready");
    const lock = await lockListings(database.url);
    const inFlight = Array.from({ length: 10 }, () => get(port, agent, "/listings"));
    await lock.waiting(10);

    const signal = web.terminate();
    // The port stops taking connections at once; a request already begun is answered, readiness 503.
    const refusedBy = Date.now() + 2000;
    while ((await probePort(port)) === "open" && Date.now() < refusedBy) await new Promise((r) => setTimeout(r, 20));
    expect(await probePort(port)).toBe("refused");
    const ready = await readiness.finish();
    expect(ready).toMatch(/^HTTP\/1\.1 503 /);
    expect(ready).toMatch(/"reason":"draining"/);
    expect(ready).toMatch(/\r\nconnection: close\r\n/i);
    expect(alive(appPid as number)).toBe(true);

    // The requests wait a second more in PostgreSQL, then all finish, each with Connection: close.
    await new Promise((r) => setTimeout(r, 1000));
    const releasedAt = Date.now();
    await lock.release();
    const answers = await Promise.all(inFlight);
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ status: 200, connection: "close" })));

    const { sentAt, exit } = await signal;
    expect(exit.code).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(10_000);
    expect(alive(appPid as number)).toBe(false);
    expect(await probePort(port)).toBe("refused");
    console.log(
      `graceful shutdown: exited 0 ${exit.at - sentAt} ms after SIGTERM, ${exit.at - releasedAt} ms after the last requests could finish`,
    );
    agent.destroy();
  }, 240_000);

  it("past SHUTDOWN_TIMEOUT_SECONDS closes what is still open and exits 1", async () => {
    if (!database) throw new Error("the first test made the database");
    const port = await freePort();
    const env = processEnv(database.url, `http://localhost:${port}`, { RUN_JOBS: "0", SHUTDOWN_TIMEOUT_SECONDS: "2" });
    const web = await startWeb(port, env);
    procs.push(web);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
    // A first request of each kind loads what the process keeps for all (one query, the others wait in Node).
    await Promise.all(Array.from({ length: 3 }, () => get(port, agent, "/listings")));
    const lock = await lockListings(database.url);
    try {
      const inFlight = Array.from({ length: 3 }, () => get(port, agent, "/listings"));
      await lock.waiting(3);
      const { sentAt, exit } = await web.terminate();
      expect(exit.code).toBe(1);
      // Two seconds of drain, then the connections are closed and the pool stopped.
      expect(exit.at - sentAt).toBeGreaterThanOrEqual(2000);
      expect(exit.at - sentAt).toBeLessThan(6000);
      const answers = await Promise.all(inFlight);
      expect(answers.every((a) => "error" in a)).toBe(true);
      expect(web.output.join("")).toMatch(/3 request\(s\) still running after 2 s/);
    } finally {
      await lock.release();
      agent.destroy();
    }
  }, 240_000);
});
