/**
 * `npm run bench`: the home page of the production build, on the embedded database and on PostgreSQL
 * (when one answers), against the same HTML served as a static file by a bare node:http server
 * (the ceiling on this machine). Also cold start (process start to first 200) and a warm restart.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function load(url: string, name: string): Promise<Row> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function startApp(port: number, env: Record<string, string>) {
  const t0 = performance.now();
  const child = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_DEMO: "1",
      PORT: String(port),
      BETTER_AUTH_URL: `http://localhost:${port}`,
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
      LOG_LEVEL: "warn",
      ...env,
    },
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

async function benchDriver(label: string, port: number, env: Record<string, string>) {
  const url = `http://localhost:${port}/`;
  const cold = startApp(port, env);
  const coldMs = await waitFor200(url, cold.t0);
  await stop(cold.child);
  const warm = startApp(port, env);
  const warmMs = await waitFor200(url, warm.t0);
  const html = await (await fetch(url)).text();
  const row = await load(url, `home page, ${label}`);
  await stop(warm.child);
  return { row, coldMs, warmMs, html };
}

async function benchStatic(html: string, port: number) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((r) => server.listen(port, r));
  const row = await load(`http://localhost:${port}/`, "same HTML, bare node:http (ceiling)");
  server.close();
  return row;
}

if (!existsSync("build/server/index.js")) spawnSync("react-router", ["build"], { stdio: "inherit" });

const results: { row: Row; coldMs: number; warmMs: number }[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-bench-"));
const embedded = await benchDriver("PGlite (embedded)", 3201, { DATA_DIR: dataDir });
results.push(embedded);

if (await pgReachable()) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query("drop database if exists vpm_bench with (force)");
  await admin.query("create database vpm_bench");
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = "/vpm_bench";
  results.push(
    await benchDriver("PostgreSQL", 3202, {
      DATABASE_URL: u.toString(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "vpm-bench-pg-")),
    }),
  );
} else {
  console.log("PostgreSQL not reachable on 127.0.0.1:5432: skipping the PostgreSQL run.");
}
const ceiling = await benchStatic(embedded.html, 3203);
rmSync(dataDir, { recursive: true, force: true });

const fmt = (n: number) => n.toFixed(0).padStart(8);
console.log(`\nHome page, ${CONNECTIONS} connections, ${DURATION} s each, one run on this machine:\n`);
console.log("| what | req/s | p50 ms | p99 ms | errors | share of ceiling | cold start ms | warm start ms |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const { row, coldMs, warmMs } of results) {
  console.log(
    `| ${row.name} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ${row.errors} | ${((row.rps / ceiling.rps) * 100).toFixed(1)}% | ${fmt(coldMs)} | ${fmt(warmMs)} |`,
  );
}
console.log(
  `| ${ceiling.name} | ${fmt(ceiling.rps)} | ${ceiling.p50} | ${ceiling.p99} | ${ceiling.errors} | 100% | | |`,
);
