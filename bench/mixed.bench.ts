/**
 * `npm run bench:mixed` (issue 12): a mixed browsing load on the production build over PostgreSQL: the home page,
 * filtered listing searches, listing pages, resort pages and a signed-in profile page, in rotation, sent as a browser
 * sends them (Brotli accepted). 60 s at 10 connections, then 60 s at 50 (BENCH_SECONDS to change), after a 10 s
 * warm-up at each. Prints requests a second, p50, p99, errors (and non-2xx) and the server process's resident memory at the
 * start and the end of each run. Target at 50 connections: no errors, p99 under 500 ms, memory flat after warm-up.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { benchAppEnv } from "./app-env";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = 3207;
const base = `http://localhost:${PORT}`;

function rssMb(child: ChildProcess) {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function waitFor200(url: string, timeoutMs = 180_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(url);
      await res.text();
      if (res.status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no 200 from ${url}`);
}

if (!existsSync("build/server/index.js")) spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query("drop database if exists vpm_bench_mixed with (force)");
await admin.query("create database vpm_bench_mixed");
await admin.end();
const dbUrl = new URL(PG_URL);
dbUrl.pathname = "/vpm_bench_mixed";

// The server itself, not npm: the memory read is the app's.
const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: benchAppEnv(PORT, {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-bench-mixed-")),
  }),
});
try {
  await waitFor200(`${base}/`);
  // Paths of real pages: listing and resort links from the pages themselves.
  const listingsHtml = await (await fetch(`${base}/listings`)).text();
  const listingPaths = [...new Set(listingsHtml.match(/\/(?:listing-info|broker-listings)\/\d+/g) ?? [])].slice(0, 10);
  const resortsHtml = await (await fetch(`${base}/resorts`)).text();
  const resortPaths = [...new Set(resortsHtml.match(/\/resorts\/[a-z0-9-]+/g) ?? [])].slice(0, 5);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "buyer@example.com", password: "demopass" }),
  });
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);

  const browser = { "accept-encoding": "br, gzip", accept: "text/html" };
  const paths = [
    "/",
    "/listings",
    "/listings?resort=AKV",
    "/listings?points=150-250&sort=price_per_point_asc",
    ...listingPaths,
    ...resortPaths,
  ];
  const requests = [
    ...paths.map((p) => ({ method: "GET" as const, path: p, headers: browser })),
    { method: "GET" as const, path: "/v2/profile", headers: { ...browser, cookie } },
  ];
  console.log(
    `Mix: ${requests.length} pages in rotation (${listingPaths.length} listings, ${resortPaths.length} resorts, 1 signed-in).`,
  );

  const run = async (connections: number, duration: number) =>
    autocannon({ url: base, connections, duration, requests });
  // Warm-up at both loads: the heap grows to what 50 connections need before anything is measured.
  await run(10, 10);
  await run(50, 10);
  const rows: string[] = [];
  const samples: string[] = [];
  for (const connections of [10, 50]) {
    const before = rssMb(child);
    const series: number[] = [];
    const sampler = setInterval(() => series.push(rssMb(child)), 10_000);
    const r = await run(connections, SECONDS);
    clearInterval(sampler);
    const after = rssMb(child);
    samples.push(`${connections} connections: ${[before, ...series, after].map((m) => m.toFixed(0)).join(", ")} MB`);
    rows.push(
      `| ${connections} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} | ${before.toFixed(0)} | ${after.toFixed(0)} |`,
    );
  }
  console.log(`\nMixed load on PostgreSQL, ${SECONDS} s each after a warm-up at 10 and 50, one run on this machine:\n`);
  console.log("| connections | req/s | p50 ms | p99 ms | errors | non-2xx | RSS start MB | RSS end MB |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log(`\nThe server's resident memory every 10 s:\n${samples.join("\n")}`);
} finally {
  child.kill("SIGTERM");
}
