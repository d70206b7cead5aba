import { mkdtempSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  alive,
  createDatabase,
  freePort,
  killHard,
  type NpmProcess,
  probePort,
  processEnv,
  startWeb,
  waitReady,
} from "../fixtures/app-process";
import { makeCertificate, type Nginx, nginxInstalled, startNginx } from "../fixtures/nginx";
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
  let released: Promise<void> | undefined;
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
    /** Ends the lock once, however often it is asked (the first test asks again when it finishes, in case it threw). */
    release() {
      released ??= (async () => {
        await client.query("commit").catch(() => {});
        await client.end().catch(() => {});
      })();
      return released;
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
    // Released whatever happens: a lock left held would stall the next test's requests until its timeout.
    onTestFinished(() => lock.release());
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
      // Two seconds of drain, then the connections are closed; the pool gets 1.5 s more to close.
      expect(exit.at - sentAt).toBeGreaterThanOrEqual(2000);
      expect(exit.at - sentAt).toBeLessThan(5000);
      const answers = await Promise.all(inFlight);
      expect(answers.every((a) => "error" in a)).toBe(true);
      expect(web.output.join("")).toMatch(/3 request\(s\) still running after 2 s/);
    } finally {
      await lock.release();
      agent.destroy();
    }
  }, 240_000);
});

/** An https request to nginx's self-signed certificate. */
function httpsRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      { method: opts.method ?? "GET", headers: opts.headers, rejectUnauthorized: false },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body += d.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/**
 * Issues 16 and 29: nginx, configured by the repository's deploy/nginx.conf with TLS on a port that is not 443 (its
 * commented TLS lines in place of `listen 80;`, a certificate the test makes with openssl), in front of two web
 * processes whose BETTER_AUTH_URL is that https address. The sign-in form works over https with a Secure session
 * cookie. A rolling restart (SIGTERM to one process's npm, start it again, wait until nginx uses it again, then the
 * same for the other) under load from 10 keep-alive clients fails no request, GETs or POSTs only, and each stopped
 * process exits 0 within its drain timeout. Needs nginx (/usr/sbin/nginx) and PostgreSQL (two processes on one
 * database).
 */
describe.skipIf(!url || !nginxInstalled())("two web processes behind nginx with TLS, restarted one at a time", () => {
  const procs: NpmProcess[] = [];
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let nginx: Nginx | undefined;
  let ports: number[] = [];
  let web: NpmProcess[] = [];
  let env: Record<string, string> = {};
  let origin = "";

  beforeAll(async () => {
    database = await createDatabase(url as string, "vpm_rolling", PG_TEMPLATE_DB);
    ports = [await freePort(), await freePort()];
    const tls = makeCertificate(mkdtempSync(path.join(tmpdir(), "vpm-cert-")));
    nginx = await startNginx(await freePort(), ports, tls);
    origin = `https://localhost:${nginx.port}`;
    env = processEnv(database.url, origin, { RUN_JOBS: "0", SHUTDOWN_TIMEOUT_SECONDS: "15" });
    web = [await startWeb(ports[0], env), await startWeb(ports[1], env)];
    procs.push(...web);
  }, 300_000);

  afterAll(async () => {
    for (const p of procs) killHard(p);
    await nginx?.stop();
    await database?.drop();
  });

  it("signs in with the form over https on a port that is not 443, with a Secure session cookie", async () => {
    const signIn = await httpsRequest(`${origin}/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ email: "buyer@example.com", password: "demopass" }).toString(),
    });
    // Before issue 29: 400 (React Router's check of the Origin against http://localhost/sign-in, the port and the
    // scheme lost between nginx and the process).
    expect(signIn.status, signIn.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
    expect(signIn.status).toBeLessThan(400);
    const session = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []).find((c) => /session_token=/.test(c));
    expect(session).toMatch(/^__Secure-[^;]+;.*; Secure/i);
    // The session works over the same nginx: the dashboard is not a redirect to sign in.
    const dashboard = await httpsRequest(`${origin}/dashboard`, {
      headers: { cookie: (session as string).split(";")[0] },
    });
    expect(dashboard.status).toBeLessThan(400);
    expect(String(dashboard.headers.location ?? "")).not.toMatch(/sign-in/);
    // nginx writes its log line just after the answer has gone: wait for it, so the next test's log starts clean.
    await expect
      .poll(() => nginx?.accessLog().some((l) => l.includes('"GET /dashboard ')), { timeout: 5000 })
      .toBe(true);
  }, 60_000);

  /** Restarts both processes, one at a time, under `requests` from 10 keep-alive clients through nginx. */
  async function rollingRestart(requests: autocannon.Request[]) {
    if (!nginx) throw new Error("nginx did not start");
    const proxy = nginx;
    const t0 = Date.now();
    const phases: string[] = [];
    const phase = (what: string) => phases.push(`${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const logBefore = proxy.accessLog().length;
    const statuses = new Map<number, number>();
    const errors: string[] = [];
    const load = autocannon(
      // Paced, so the two cores also have time to start the restarted process.
      { url: origin, connections: 10, overallRate: 40, duration: 600, requests },
      () => {},
    );
    load.on("response", (_client, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
    load.on("reqError", (err: Error) => errors.push(err.message));
    const done = new Promise((resolve) => load.on("done", resolve));
    const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const served = () => [...statuses.values()].reduce((a, b) => a + b, 0);

    const restarts: { drainMs: number; code: number | null; servedDuring: number }[] = [];
    try {
      await settle(2000);
      for (const i of [0, 1]) {
        const before = served();
        // Taken out of nginx first (marked `down`, reloaded): no new connection reaches it while it closes its port.
        // Without that, a connection nginx opened just before the port closed, still in the kernel's accept queue, is
        // reset, and a POST already written on it fails with a 502 (1 of 1,828 in one run).
        await proxy.reload(ports, [ports[i]]);
        const { sentAt, exit } = await web[i].terminate();
        phase(`process ${i + 1} stopped`);
        expect(await probePort(ports[i])).toBe("refused");
        web[i] = await startWeb(ports[i], env);
        phase(`process ${i + 1} ready again`);
        procs.push(web[i]);
        await proxy.reload(ports);
        await settle(2000);
        restarts.push({ drainMs: exit.at - sentAt, code: exit.code, servedDuring: served() - before });
      }
    } finally {
      load.stop();
      await done;
    }
    for (const i of [0, 1]) await waitReady(ports[i], web[i], 5000);
    const log = proxy.accessLog().slice(logBefore);
    const byUpstream = (port: number) => log.filter((l) => l.includes(`127.0.0.1:${port}`)).length;
    const summary =
      `${served()} requests (${[...statuses].map(([s, n]) => `${n} x ${s}`).join(", ")}), ${errors.length} errors; ` +
      `restarts: ${restarts.map((r) => `exit ${r.code} after ${r.drainMs} ms, ${r.servedDuring} requests served meanwhile`).join("; ")}; ` +
      `nginx log: ${log.length} lines, ${byUpstream(ports[0])} via the first process, ${byUpstream(ports[1])} via the second, ` +
      `${log.filter((l) => / 127\.0\.0\.1:\d+, /.test(l)).length} retried on the other; ${phases.join(", ")}`;
    for (const r of restarts) {
      expect(r.code).toBe(0);
      expect(r.drainMs).toBeLessThan(15_000);
      expect(r.servedDuring).toBeGreaterThan(0);
    }
    // Both processes served requests after their restart.
    expect(byUpstream(ports[0])).toBeGreaterThan(0);
    expect(byUpstream(ports[1])).toBeGreaterThan(0);
    return { statuses, errors, served: served(), log, summary };
  }

  it("GETs: fails no request, and each process exits 0 within the drain timeout", async () => {
    // Anonymous pages (from each process's page cache), the home page rendered for a visitor with a cookie
    // (CPU-bound: the requests that are in flight when a process is stopped), and the liveness check.
    const r = await rollingRestart([
      { method: "GET", path: "/" },
      { method: "GET", path: "/", headers: { cookie: "visitor=1" } },
      { method: "GET", path: "/listings" },
      { method: "GET", path: "/api/health" },
    ]);
    console.log(`rolling restart behind nginx (https), GETs: ${r.summary}`);
    expect(r.errors).toEqual([]);
    expect([...r.statuses.keys()]).toEqual([200]);
    expect(r.served).toBeGreaterThan(200);
    // Every request nginx answered was a 200, except those the load generator itself gave up on when it stopped (499).
    expect(r.log.filter((l) => !l.startsWith("200 ") && !l.startsWith("499 "))).toEqual([]);
  }, 300_000);

  it("POSTs only: no request meets a closing connection (no 502), each process exits 0", async () => {
    // Form posts through the whole app (the origin check, the root middleware) that change nothing: the home page has
    // no form (405) and a wrong password (401, or 429 once the per-address limit is reached). Issue 29 measured 8 x 502
    // of 5,804 such POSTs over three restarts: nginx sent a POST on a keep-alive connection the stopping process was
    // closing, and does not send a POST twice.
    const form = { "content-type": "application/x-www-form-urlencoded", origin };
    const r = await rollingRestart([
      { method: "POST", path: "/", headers: form, body: "a=1" },
      { method: "POST", path: "/listings", headers: form, body: "q=1" },
      {
        method: "POST",
        path: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "buyer@example.com", password: "not-the-password" }),
      },
    ]);
    console.log(`rolling restart behind nginx (https), POSTs only: ${r.summary}`);
    expect(r.errors).toEqual([]);
    expect([...r.statuses.keys()].filter((s) => s >= 500)).toEqual([]);
    expect([...r.statuses.keys()].every((s) => [401, 405, 429].includes(s))).toBe(true);
    expect(r.served).toBeGreaterThan(200);
    expect(r.log.filter((l) => /^5\d\d /.test(l))).toEqual([]);
  }, 300_000);
});
