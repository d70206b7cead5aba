/**
 * `npm run bench`: pages of the production build as a browser asks for them (Brotli accepted): the home page on the
 * embedded database, and the home page, /listings and a listing page on PostgreSQL (when one answers), each against
 * the same compressed bytes served by a bare node:http server (the ceiling on this machine). Also cold start (process
 * start to first 200) and a warm restart. Each page twice: as a visitor without cookies gets it (from the anonymous
 * page cache after the first request) and rendered for every request (a visitor with a cookie).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { benchAppEnv, ensureBuild } from "./app-env";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

/** As a browser asks: compressed answers accepted. */
const BROWSER = { "accept-encoding": "br, gzip" };

/**
 * A visitor's first request carries no cookie: the page comes from the process's anonymous page cache (decision
 * 0042) once rendered. A visitor with any cookie (favourites, a toast) gets a page rendered for them each time.
 */
const RENDERED = { ...BROWSER, cookie: "bench-visitor=1" };

async function load(url: string, name: string, headers: Record<string, string> = BROWSER): Promise<Row> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function startApp(port: number, env: Record<string, string>) {
  const t0 = performance.now();
  const child = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: benchAppEnv(port, env),
  });
  return { child, t0 };
}

async function waitFor200(url: string, t0: number, timeoutMs = 120_000) {
  while (performance.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) {
        await res.text();
        return performance.now() - t0;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no 200 from ${url}`);
}

async function stop(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

function pgReachable() {
  return new Promise<boolean>((resolve) => {
    const s = net.connect(5432, "127.0.0.1");
    s.once("connect", () => {
      s.end();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

async function benchDriver(label: string, port: number, env: Record<string, string>, pages: "home" | "all") {
  const origin = `http://localhost:${port}`;
  const cold = startApp(port, env);
  const coldMs = await waitFor200(`${origin}/`, cold.t0);
  await stop(cold.child);
  const warm = startApp(port, env);
  const warmMs = await waitFor200(`${origin}/`, warm.t0);
  const paths = ["/"];
  if (pages === "all") {
    const listings = await (await fetch(`${origin}/listings`)).text();
    const listing = /\/(?:listing-info|broker-listings)\/\d+/.exec(listings)?.[0];
    paths.push("/listings", ...(listing ? [listing] : []));
  }
  const rows: { path: string; row: Row; html: string }[] = [];
  for (const p of paths) {
    const html = await (await fetch(origin + p)).text();
    const name = `${p === "/" ? "home page" : p}, ${label}`;
    rows.push({ path: p, html, row: await load(origin + p, name) });
    rows.push({ path: p, html, row: await load(origin + p, `${name}, rendered each time`, RENDERED) });
  }
  await stop(warm.child);
  return { rows, coldMs, warmMs };
}

/** The same pages' bytes, Brotli-compressed once, from a bare node:http server: what the machine can do at most. */
async function benchStatic(pages: { path: string; html: string }[], port: number) {
  const bodies = new Map(
    pages.map((p) => [p.path, brotliCompressSync(p.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })]),
  );
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? "") ?? bodies.get("/");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(port, r));
  const rows = new Map<string, Row>();
  for (const p of bodies.keys()) rows.set(p, await load(`http://localhost:${port}${p}`, `${p} (ceiling)`));
  server.close();
  return rows;
}

ensureBuild();

const results: { label: string; rows: { path: string; row: Row; html: string }[]; coldMs: number; warmMs: number }[] =
  [];
const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-bench-"));
results.push({ label: "PGlite", ...(await benchDriver("PGlite (embedded)", 3201, { DATA_DIR: dataDir }, "home")) });

if (await pgReachable()) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query("drop database if exists vpm_bench with (force)");
  await admin.query("create database vpm_bench");
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = "/vpm_bench";
  const env = { DATABASE_URL: u.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-bench-pg-")) };
  results.push({ label: "PostgreSQL", ...(await benchDriver("PostgreSQL", 3202, env, "all")) });
} else {
  console.log("PostgreSQL not reachable on 127.0.0.1:5432: skipping the PostgreSQL run.");
}
const pages = results.at(-1)?.rows ?? [];
const ceiling = await benchStatic(pages, 3203);
rmSync(dataDir, { recursive: true, force: true });

const fmt = (n: number) => n.toFixed(0).padStart(8);
console.log(`\nPages with Brotli accepted, ${CONNECTIONS} connections, ${DURATION} s each, one run on this machine:\n`);
console.log("| what | req/s | p50 ms | p99 ms | errors | share of ceiling | cold start ms | warm start ms |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const { rows, coldMs, warmMs } of results) {
  for (const [i, { path: p, row }] of rows.entries()) {
    const top = ceiling.get(p);
    const share = top ? `${((row.rps / top.rps) * 100).toFixed(1)}%` : "";
    const starts = i === 0 ? `${fmt(coldMs)} | ${fmt(warmMs)}` : " | ";
    console.log(`| ${row.name} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${share} | ${starts} |`);
  }
}
for (const [, row] of ceiling) {
  console.log(`| ${row.name} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | 100% | | |`);
}
