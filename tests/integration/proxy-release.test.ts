import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readlinkSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, killHard, type NpmProcess, startWeb } from "../fixtures/app-process";
import { runToExit } from "../fixtures/run-to-exit";
import { makeCertificate, type Nginx, nginxInstalled, startNginx } from "../fixtures/nginx";

/**
 * Issue 29, on real `npm start` processes on the embedded database (no PostgreSQL needed): the anonymous page cache
 * survives refused POSTs, /metrics, request ids and JSON log lines, the site behind deploy/nginx.conf with TLS on a port
 * that is not 443 (a sign-in form's POST, a Secure session cookie), and releases built beside the running one.
 */
function embeddedEnv(publicUrl: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: "production",
    SEED_DEMO: "1",
    BETTER_AUTH_SECRET: "proxy-test-secret-proxy-test-secret-0000",
    BETTER_AUTH_URL: publicUrl,
    DATABASE_URL: "",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-proxy-")),
    LOG_LEVEL: "info",
    RUN_JOBS: "0",
    ...extra,
  };
}

const METRICS_TOKEN = "metrics-token-for-the-test-0123";

/** Every JSON line a process wrote, parsed; a line that is not JSON fails the test that reads them. */
function logLines(proc: NpmProcess) {
  return proc.output
    .join("")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function metricValue(text: string, name: string, labels: Record<string, string>) {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((w) => line.includes(w))) return Number(line.split(" ").at(-1));
  }
  return 0;
}

describe("a web process: page cache, metrics, request ids, logs", () => {
  let web: NpmProcess | undefined;
  let port = 0;
  let metricsPort = 0;
  let origin = "";

  beforeAll(async () => {
    port = await freePort();
    metricsPort = await freePort();
    origin = `http://localhost:${port}`;
    web = await startWeb(
      port,
      embeddedEnv(origin, { METRICS_TOKEN, METRICS_PORT: String(metricsPort), PAGE_CACHE_SECONDS: "60" }),
    );
  }, 240_000);
  afterAll(() => killHard(web));

  const home = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.text();
    return res.headers.get("x-page-cache");
  };

  it("keeps the cached home page through refused POSTs; a committed write empties it", async () => {
    await home();
    expect(await home()).toBe("hit");
    const refused = [
      // No action on the home page: 405.
      fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: new URLSearchParams({ a: "1" }) }),
      // A wrong password: 401.
      fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "buyer@example.com", password: "not-the-password" }),
      }),
      // Another site's form: 400 (React Router's own check of the Origin).
      fetch(`http://127.0.0.1:${port}/sign-in`, {
        method: "POST",
        headers: { origin: "https://evil.example" },
        body: new URLSearchParams({ email: "buyer@example.com", password: "demopass" }),
      }),
      // A members' form without a session: sent to sign in.
      fetch(`http://127.0.0.1:${port}/v2/profile`, {
        method: "POST",
        headers: { origin },
        body: new URLSearchParams({ intent: "x" }),
        redirect: "manual",
      }),
      // The same form posted by the browser's script (React Router's single fetch): 202, the redirect in the body.
      fetch(`http://127.0.0.1:${port}/v2/profile/inventory-for-sale/new.data`, {
        method: "POST",
        headers: { origin },
        body: new URLSearchParams({ intent: "x" }),
        redirect: "manual",
      }),
    ];
    const statuses = [];
    for (const r of refused) {
      const res = await r;
      await res.text();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([405, 401, 400]);
    expect([302, 303, 401, 403, 404, 405]).toContain(statuses[3]);
    expect(statuses[4]).toBe(202);
    // Give a change (had there been one) time to reach the cache.
    await new Promise((r) => setTimeout(r, 100));
    expect(await home()).toBe("hit");

    // A committed write: a new account, through the sign-up form.
    const signUp = await fetch(`http://127.0.0.1:${port}/sign-up/new`, {
      method: "POST",
      headers: { origin },
      body: new URLSearchParams({
        name: "Cache Visitor",
        email: `cache-${Date.now()}@example.com`,
        password: "a-long-password-1",
        role: "buyer",
      }),
      redirect: "manual",
    });
    await signUp.text();
    expect(signUp.status).toBeGreaterThanOrEqual(300);
    expect(signUp.status).toBeLessThan(400);
    expect(signUp.headers.get("location")).not.toMatch(/sign-in/);
    expect(await home()).not.toBe("hit");
  });

  it("serves /metrics with the token only, on METRICS_PORT without one, and the counts move with requests", async () => {
    const none = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(none.status).toBe(401);
    const wrong = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const before = await scrape();
    for (let i = 0; i < 3; i++) await (await fetch(`http://127.0.0.1:${port}/listings`)).text();
    await (await fetch(`http://127.0.0.1:${port}/no-such-page-here`)).text();
    const after = await scrape();
    const listings = { route: "listings", method: "GET", status: "200" };
    expect(metricValue(after, "vpm_http_requests_total", listings)).toBe(
      metricValue(before, "vpm_http_requests_total", listings) + 3,
    );
    expect(metricValue(after, "vpm_http_request_duration_seconds_count", listings)).toBeGreaterThanOrEqual(3);
    expect(after).toMatch(/vpm_http_requests_total\{route="[^"]+",method="GET",status="404"\}/);
    expect(after).toMatch(/^vpm_outbox_messages\{outbox="mail",status="queued"\} \d+$/m);
    expect(after).toMatch(/^vpm_jobs\{/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^process_resident_memory_bytes /m);

    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("vpm_http_requests_total");
  });

  it("sends a path with a run of slashes to its single-slash form before the pages read it (decision 0102)", async () => {
    const at = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" });
      await res.text();
      return [res.status, res.headers.get("location")];
    };
    // `//` answered 500 and `//listings` the home page: `new URL("//listings", origin)` names a host "listings".
    expect(await at("//")).toEqual([301, "/"]);
    expect(await at("//listings?resort=BLT")).toEqual([301, "/listings?resort=BLT"]);
    expect(await at("/listings//")).toEqual([301, "/listings/"]);
    expect(await at("/listings/")).toEqual([200, null]);
  });

  it("gives every answer a request id (a trusted proxy's own kept), and logs JSON lines only, 4xx not as errors", async () => {
    const made = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // The test connects from loopback, trusted by default (TRUSTED_PROXIES), as nginx on the same host would.
    const given = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { "x-request-id": "nginx-req-42" } });
    expect(given.headers.get("x-request-id")).toBe("nginx-req-42");

    const lines = logLines(web as NpmProcess);
    // Every line the app wrote is one JSON object: from its first line on (before it, npm's banner, and the build
    // `npm start` runs when the sources are newer than the build).
    const all = (web as NpmProcess).output.join("").split("\n");
    const fromApp = all.slice(all.findIndex((l) => l.startsWith("{")));
    const stray = fromApp.filter((l) => l.trim() !== "" && !l.startsWith("{"));
    expect(stray).toEqual([]);
    const listening = lines.find((l) => l.event === "listening");
    expect(listening?.address).toBe(`http://127.0.0.1:${port}`);
    // The 405 of the first test: one info line with its request id, no error, no stack.
    const refused = lines.filter((l) => l.msg === "request refused");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((l) => l.level === 30 && typeof l.reqId === "string" && !("err" in l))).toBe(true);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

/** An https request to nginx's self-signed certificate. */
function httpsRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
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

describe.skipIf(!nginxInstalled())("behind deploy/nginx.conf with TLS on a port that is not 443", () => {
  let web: NpmProcess | undefined;
  let nginx: Nginx | undefined;
  afterAll(async () => {
    killHard(web);
    await nginx?.stop();
  });

  it("signs in and signs up with the forms over https, with a Secure session cookie", async () => {
    const [appPort, nginxPort] = [await freePort(), await freePort()];
    const site = `https://localhost:${nginxPort}`;
    web = await startWeb(appPort, embeddedEnv(site));
    const tls = makeCertificate(mkdtempSync(path.join(tmpdir(), "vpm-cert-")));
    nginx = await startNginx(nginxPort, [appPort], tls);

    const page = await httpsRequest(`${site}/sign-in`);
    expect(page.status).toBe(200);
    expect(page.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, passed on and echoed

    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
      body: new URLSearchParams(fields).toString(),
    });
    const signIn = await httpsRequest(`${site}/sign-in`, form({ email: "buyer@example.com", password: "demopass" }));
    expect(signIn.status, signIn.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
    expect(signIn.status).toBeLessThan(400);
    const cookies = ([] as string[]).concat(signIn.headers["set-cookie"] ?? []);
    const session = cookies.find((c) => /session_token=/.test(c));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/^__Secure-/);

    const signUp = await httpsRequest(
      `${site}/sign-up/new`,
      form({
        name: "TLS Visitor",
        email: `tls-${Date.now()}@example.com`,
        password: "a-long-password-1",
        role: "buyer",
      }),
    );
    // Before issue 29 both forms answered 400 here (React Router's check of the Origin against the request's URL).
    expect(signUp.status, signUp.body.slice(0, 300)).toBeGreaterThanOrEqual(300);
    expect(signUp.status).toBeLessThan(400);
    const signUpCookie = ([] as string[])
      .concat(signUp.headers["set-cookie"] ?? [])
      .find((c) => /session_token=/.test(c));
    expect(signUpCookie).toMatch(/; Secure/i);
    // No warning that the proxy reports another address than BETTER_AUTH_URL: Host and X-Forwarded-* carry the port.
    expect(web.output.join("")).not.toContain("origin-mismatch");
  }, 240_000);
});

/**
 * Releases (app/lib/releases.server.ts): `npm run build` while a process serves the current release breaks no asset,
 * and files of the previous release stay served, by the old process and by one started on the new release. Runs the
 * build for real (about a minute on a shared 2-core machine).
 */
describe("npm run build beside a running release", () => {
  const procs: NpmProcess[] = [];
  const extra: string[] = [];
  afterAll(() => {
    for (const p of procs) killHard(p);
    for (const f of extra) rmSync(f, { force: true });
  });

  it("keeps every asset of the old pages answering 200 during and after the build, from old and new processes", async () => {
    if (!realpathSafe("build/current")) spawnSync("node", ["scripts/build-release.mjs"], { stdio: "ignore" });
    const oldRelease = realpathSync("build/current");
    const port = await freePort();
    const web = await startWeb(port, embeddedEnv(`http://localhost:${port}`));
    procs.push(web);
    const html = await (await fetch(`http://127.0.0.1:${port}/listings`)).text();
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    expect(assets.length).toBeGreaterThan(2);
    // A file only the old release has (as a changed chunk would be after a code change).
    const onlyOld = `/assets/only-in-old-${Date.now()}.js`;
    writeFileSync(path.join(oldRelease, "client", onlyOld), "export {};\n");
    extra.push(path.join(oldRelease, "client", onlyOld));

    const failures: string[] = [];
    let checks = 0;
    let building = true;
    const poll = (async () => {
      while (building) {
        for (const a of [...assets, onlyOld]) {
          const res = await fetch(`http://127.0.0.1:${port}${a}`);
          await res.arrayBuffer();
          checks++;
          if (res.status !== 200) failures.push(`${a}: ${res.status}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const build = await runToExit(["scripts/build-release.mjs"], { cwd: process.cwd(), env: process.env });
    building = false;
    await poll;
    expect(build.code, build.output).toBe(0);
    expect(failures).toEqual([]);
    expect(checks).toBeGreaterThan(assets.length);

    const newRelease = realpathSync("build/current");
    expect(newRelease).not.toBe(oldRelease);
    expect(readlinkSync("build/current")).toMatch(/^releases\//);
    // A file only the new release has, asked of the old process (a new page answered by a process not restarted).
    const onlyNew = `/assets/only-in-new-${Date.now()}.js`;
    writeFileSync(path.join(newRelease, "client", onlyNew), "export {};\n");
    extra.push(path.join(newRelease, "client", onlyNew));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await fetch(`http://127.0.0.1:${port}${onlyNew}`)).status).toBe(200);

    // A process started now runs the new release and still serves the old pages' files.
    const port2 = await freePort();
    const next = await startWeb(port2, embeddedEnv(`http://localhost:${port2}`));
    procs.push(next);
    const started = logLines(next).find((l) => l.event === "listening");
    expect(started?.build).toBe(path.relative(process.cwd(), newRelease));
    for (const a of [...assets, onlyOld]) {
      expect((await fetch(`http://127.0.0.1:${port2}${a}`)).status, a).toBe(200);
    }
    expect(execFileSync("ls", ["build/releases"], { encoding: "utf8" })).toContain(path.basename(oldRelease));
  }, 600_000);
});

function realpathSafe(p: string) {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
