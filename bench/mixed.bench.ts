/**
 * `npm run bench:mixed` (issue 12): a mixed browsing load on the production build over PostgreSQL: the home page,
 * filtered listing searches, listing pages, resort pages and a signed-in profile page, in rotation, sent as a browser
 * sends them (Brotli accepted). 60 s at 10 connections, then 60 s at 50 (BENCH_SECONDS to change), after a 10 s
 * warm-up at each. Prints requests a second, p50, p99, errors (and non-2xx) and the server process's resident memory at the
 * start and the end of each run. Target at 50 connections: no errors, p99 under 500 ms, memory flat after warm-up.
 * Then the same mix in an open loop at half the 50-connection throughput (BENCH_OPEN_RATE, requests a second, to fix it,
 * so two builds measured in turns get the same load): p50 and p99 from when each request was due.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { benchAppEnv, ensureBuild, waitFor200 } from "./app-env";
import { openLoop, quantile } from "./open-loop";

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

ensureBuild();

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
  let throughput50 = 0;
  const samples: string[] = [];
  for (const connections of [10, 50]) {
    const before = rssMb(child);
    const series: number[] = [];
    const sampler = setInterval(() => series.push(rssMb(child)), 10_000);
    const r = await run(connections, SECONDS);
    clearInterval(sampler);
    const after = rssMb(child);
    if (connections === 50) throughput50 = r.requests.average;
    samples.push(`${connections} connections: ${[before, ...series, after].map((m) => m.toFixed(0)).join(", ")} MB`);
    rows.push(
      `| ${connections} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} | ${before.toFixed(0)} | ${after.toFixed(0)} |`,
    );
  }
  // Open loop: the same mix at a fixed rate, half of what 50 connections reached, each request timed from when it was
  // due. A closed loop's 50 connections walk the rotation in step and queue together behind the one page that is
  // rendered each time (the signed-in profile); visitors arriving on their own do not.
  // BENCH_OPEN_RATE fixes the rate, so two builds measured in turns get the same load.
  const rate = Number(process.env.BENCH_OPEN_RATE) || Math.max(1, Math.round(throughput50 / 2));
  const open = await mixedOpenLoop(requests, rate, SECONDS);
  console.log(`\nMixed load on PostgreSQL, ${SECONDS} s each after a warm-up at 10 and 50, one run on this machine:\n`);
  console.log("| connections | req/s | p50 ms | p99 ms | errors | non-2xx | RSS start MB | RSS end MB |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log(
    `\nOpen loop at ${rate} req/s (${process.env.BENCH_OPEN_RATE ? "BENCH_OPEN_RATE" : "half the 50-connection throughput"}), ${SECONDS} s: p50 ${open.p50} ms, p99 ${open.p99} ms, errors ${open.errors}${
      open.errors
        ? ` (${Object.entries(open.errorKinds)
            .map(([kind, n]) => `${kind}: ${n}`)
            .join(", ")})`
        : ""
    }; the signed-in page alone: p50 ${open.signedIn.p50} ms, p99 ${open.signedIn.p99} ms.`,
  );
  console.log(`\nThe server's resident memory every 10 s:\n${samples.join("\n")}`);
} finally {
  child.kill("SIGTERM");
}

/** The mix at a fixed rate in random order (bench/open-loop.ts); the signed-in page's latencies also apart. */
async function mixedOpenLoop(
  requests: { path: string; headers: Record<string, string> }[],
  rate: number,
  seconds: number,
) {
  const { latencies, errors, errorKinds } = await openLoop(rate, seconds, () => {
    const r = requests[Math.floor(Math.random() * requests.length)];
    return {
      options: { host: "localhost", port: PORT, path: r.path, headers: r.headers },
      tag: r.headers.cookie ? "signed-in" : undefined,
    };
  });
  const all = latencies.map((l) => l.ms);
  const signedIn = latencies.filter((l) => l.tag === "signed-in").map((l) => l.ms);
  return {
    p50: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    errors,
    errorKinds,
    signedIn: { p50: quantile(signedIn, 0.5), p99: quantile(signedIn, 0.99) },
  };
}
