/**
 * `npm run bench:scale` (issue 16): the home page and /listings through nginx (the repository's deploy/nginx.conf) in
 * front of one and then two web processes (`npm start` with RUN_JOBS=0), plus one worker (`npm run worker`), on
 * PostgreSQL, in one run. Each page twice: as a visitor without cookies gets it (the anonymous page cache, decision
 * 0042) and rendered for every request (a cookie). For each: requests per second, p99, the PostgreSQL connections
 * of the database (pg_stat_activity, the most seen while the load ran) and where the CPU time went (web processes,
 * nginx, the load generator, PostgreSQL), to show what a second process gives on this machine and, where it gives
 * little, why.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import {
  createDatabase,
  freePort,
  killHard,
  type NpmProcess,
  processEnv,
  startNpm,
  startWeb,
} from "../tests/fixtures/app-process";
import { type Nginx, nginxInstalled, startNginx } from "../tests/fixtures/nginx";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
// Where it runs, from variables (issue 29), so two people or two worktrees can bench on one machine at once:
// BENCH_DATABASE_URL, the PostgreSQL server (any database on it: the bench makes its own, BENCH_DATABASE_NAME plus a
// random suffix, and drops it at the end); BENCH_PORTS, nginx's port then the two web processes' ports (free ports
// when unset); BENCH_SECONDS, each measurement's length.
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const DATABASE_NAME = process.env.BENCH_DATABASE_NAME ?? "vpm_bench_scale";
const PORTS = (process.env.BENCH_PORTS ?? "")
  .split(",")
  .map((p) => Number(p.trim()))
  .filter((p) => Number.isInteger(p) && p > 0);
if (!/^[a-z_][a-z0-9_]{0,40}$/.test(DATABASE_NAME)) {
  console.error("BENCH_DATABASE_NAME: lowercase letters, digits and _ only, at most 41 characters.");
  process.exit(1);
}
if (process.env.BENCH_PORTS && PORTS.length !== 3) {
  console.error("BENCH_PORTS: three ports, nginx's then the two web processes', such as 3300,3301,3302.");
  process.exit(1);
}
const BROWSER = { "accept-encoding": "br, gzip" };
const RENDERED = { ...BROWSER, cookie: "bench-visitor=1" };

if (!nginxInstalled()) {
  console.log("nginx is not installed (/usr/sbin/nginx, or NGINX_BIN): nothing to measure.");
  process.exit(0);
}

/** CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Busy and total CPU time of the whole machine so far, in seconds (all cores), from /proc/stat. */
function machineCpu() {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = f.slice(0, 8).map(Number);
  const idle = n[3] + n[4];
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/** CPU seconds used by a set of processes since `before` (a process that ended in between is not counted). */
function cpuSince(before: Map<number, number>, pids: number[]) {
  return pids.reduce((a, p) => a + (cpuSeconds(p) - (before.get(p) ?? 0)), 0);
}

/** The pids of PostgreSQL's processes (every backend, and the server's own). */
function postgresPids() {
  try {
    return execFileSync("pgrep", ["-f", "postgres"], { encoding: "utf8" })
      .split("\n")
      .map(Number)
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

function childPids(pid: number) {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

type Row = {
  page: string;
  processes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  pgMax: number;
  pgActiveMax: number;
  /** Share of one core used, per part, during the run; `other`: everything else on the machine (other programs). */
  cpu: { web: number[]; nginx: number; loadgen: number; postgres: number; machine: number; other: number };
  /** CPU milliseconds the web processes spent per request. */
  webCpuMsPerRequest: number;
};

async function measure(
  nginx: Nginx,
  webPids: number[],
  nginxPids: number[],
  admin: pg.Client,
  database: string,
  page: string,
  label: string,
  headers: Record<string, string>,
): Promise<Row> {
  const url = `http://127.0.0.1:${nginx.port}${page}`;
  // Warm: the page cache filled, the code paths compiled.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  let pgMax = 0;
  let pgActiveMax = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const r = await admin.query<{ n: number; active: number }>(
        "select count(*)::int as n, count(*) filter (where state = 'active')::int as active from pg_stat_activity where datname = $1",
        [database],
      );
      pgMax = Math.max(pgMax, r.rows[0].n);
      pgActiveMax = Math.max(pgActiveMax, r.rows[0].active);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const pgBefore = new Map(postgresPids().map((p) => [p, cpuSeconds(p)] as const));
  const before = {
    web: webPids.map(cpuSeconds),
    nginx: nginxPids.reduce((a, p) => a + cpuSeconds(p), 0),
    self: process.cpuUsage(),
    machine: machineCpu(),
    at: performance.now(),
  };
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const seconds = (performance.now() - before.at) / 1000;
  const self = process.cpuUsage(before.self);
  sampling = false;
  await sampler;
  const share = (s: number) => s / seconds;
  const machine = machineCpu();
  const web = webPids.map((p, i) => share(cpuSeconds(p) - before.web[i]));
  const nginxShare = share(nginxPids.reduce((a, p) => a + cpuSeconds(p), 0) - before.nginx);
  const loadgen = share((self.user + self.system) / 1e6);
  const postgres = share(cpuSince(pgBefore, postgresPids()));
  const machineShare = share(machine.busy - before.machine.busy);
  const requests = r.requests.total;
  return {
    page: label,
    processes: webPids.length,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    pgMax,
    pgActiveMax,
    cpu: {
      web,
      nginx: nginxShare,
      loadgen,
      postgres,
      machine: machineShare,
      other: Math.max(0, machineShare - web.reduce((a, b) => a + b, 0) - nginxShare - loadgen - postgres),
    },
    webCpuMsPerRequest: requests > 0 ? (web.reduce((a, b) => a + b, 0) * seconds * 1000) / requests : 0,
  };
}

const PAGES: [string, string, Record<string, string>][] = [
  ["/", "home, no cookie (page cache)", BROWSER],
  ["/", "home, rendered each time", RENDERED],
  ["/listings", "/listings, no cookie (page cache)", BROWSER],
  ["/listings", "/listings, rendered each time", RENDERED],
];

const procs: NpmProcess[] = [];
let nginx: Nginx | undefined;
const database = await createDatabase(PG_URL, DATABASE_NAME);
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const rows: Row[] = [];
const connections: string[] = [];
const load0 = os.loadavg();
try {
  const ports = PORTS.length === 3 ? PORTS.slice(1) : [await freePort(), await freePort()];
  const nginxPort = PORTS.length === 3 ? PORTS[0] : await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const env = processEnv(database.url, origin, { RUN_JOBS: "0", LOG_LEVEL: "warn" });
  const count = async () =>
    (
      await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [
        database.name,
      ])
    ).rows[0].n;

  // The first web process migrates and seeds; then the worker.
  const first = await startWeb(ports[0], env);
  procs.push(first);
  const worker = startNpm(["run", "worker"], processEnv(database.url, origin, { LOG_LEVEL: "info" }));
  procs.push(worker);
  while (!worker.output.join("").includes("worker started")) {
    if (worker.child.exitCode !== null) throw new Error(`the worker exited:\n${worker.output.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2000));
  connections.push(`one web process and the worker, idle: ${await count()} connections`);

  for (const n of [1, 2]) {
    if (n === 2) {
      procs.push(await startWeb(ports[1], env));
      await new Promise((r) => setTimeout(r, 2000));
      connections.push(`two web processes and the worker, idle: ${await count()} connections`);
    }
    nginx = await startNginx(nginxPort, ports.slice(0, n));
    const nginxPids = childPids(Number(readFileSync(`${nginx.dir}/nginx.pid`, "utf8").trim()));
    const webPids = procs.filter((p) => p !== worker).map((p) => p.appPid() as number);
    for (const [page, label, headers] of PAGES) {
      const row = await measure(nginx, webPids, nginxPids, admin, database.name, page, label, headers);
      rows.push(row);
      console.log(`${label}, ${n} web process(es): ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms`);
    }
    await nginx.stop();
    nginx = undefined;
  }
} finally {
  await nginx?.stop();
  for (const p of procs) {
    if (p.child.exitCode === null) await p.terminate();
    killHard(p);
  }
  await admin.end();
  await database.drop();
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
console.log(
  `\nThrough nginx (deploy/nginx.conf), ${CONNECTIONS} connections, ${DURATION} s each, Brotli accepted; one worker ` +
    `running; ${os.cpus().length} cores, load average ${load0.map((l) => l.toFixed(1)).join(" ")} at the start and ` +
    `${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} at the end.\n`,
);
console.log(
  "| page | web processes | req/s | p50 ms | p99 ms | errors | PostgreSQL connections (active) | web CPU ms per request | CPU: web | nginx | load generator | PostgreSQL | other programs | whole machine |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.processes} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.pgMax} (${r.pgActiveMax}) | ${r.webCpuMsPerRequest.toFixed(1)} | ${r.cpu.web.map(pct).join(" + ")} | ${pct(r.cpu.nginx)} | ${pct(r.cpu.loadgen)} | ${pct(r.cpu.postgres)} | ${pct(r.cpu.other)} | ${pct(r.cpu.machine)} of ${os.cpus().length * 100}% |`,
  );
}
console.log("\n| page | two processes / one |\n|---|---:|");
for (const [, label] of PAGES) {
  const one = rows.find((r) => r.page === label && r.processes === 1);
  const two = rows.find((r) => r.page === label && r.processes === 2);
  if (one && two) console.log(`| ${label} | ${(two.rps / one.rps).toFixed(2)}x |`);
}
console.log(`\n${connections.join("; ")}.`);
console.log(
  "CPU is the share of one core each part used while the load ran (100% = one core); the load generator runs in this " +
    "process; PostgreSQL counts every postgres process on the machine; other programs = the whole machine's busy time " +
    "less all of these (other work on the machine). Two web processes can only help when the machine has a core to give them.",
);
