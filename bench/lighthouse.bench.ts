/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, its default mobile preset: a mid-range phone on a slow 4G
 * connection, simulated throttling) in Debian's Chromium on the production build with demo data, for the home page,
 * `/listings`, a listing page, a resort page and a content page. Prints each category's score and the core metrics,
 * the median of LH_RUNS runs per page (default 3), and exits 1 when a page is below the budget: performance at least
 * 90 (LH_PERF_BUDGET), accessibility, best practices and SEO 100.
 *
 * Each page is requested once before it is measured, as visitors before this one would have: a visitor without
 * cookies then gets it from the anonymous page cache (decision 0042), as most visitors do.
 * Set LH_URL to measure a running site instead (e.g. LH_URL=http://localhost:3000).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchAppEnv } from "./app-env";

const RUNS = Number(process.env.LH_RUNS ?? 3);
const PERF_BUDGET = Number(process.env.LH_PERF_BUDGET ?? 90);
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = 3204;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

type Run = {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  failing: string[];
  /** Lighthouse's measure of this machine's CPU (its 4x slowdown assumes a desktop of about 1,000 or more). */
  benchmarkIndex: number;
};

async function startApp(): Promise<{ origin: string; stop: () => Promise<void> }> {
  if (process.env.LH_URL) return { origin: process.env.LH_URL.replace(/\/$/, ""), stop: async () => {} };
  if (!existsSync("build/server/index.js")) spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-lighthouse-"));
  const child: ChildProcess = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: benchAppEnv(PORT, { DATA_DIR: dataDir }),
  });
  const origin = `http://localhost:${PORT}`;
  const t0 = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - t0 > 120_000) throw new Error("the app did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The pages: fixed ones, and a listing and a resort found on the site itself. */
async function pages(origin: string) {
  const listings = await (await fetch(`${origin}/listings`)).text();
  const listing = /href="(\/listing-info\/\d+)"/.exec(listings)?.[1];
  const resorts = await (await fetch(`${origin}/resorts`)).text();
  const resort = /href="(\/resorts\/[a-z0-9-]+)"/.exec(resorts)?.[1];
  if (!listing || !resort) throw new Error("no listing or resort link found on /listings and /resorts");
  return ["/", "/listings", listing, resort, "/how-dvc-works"];
}

async function measure(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]));
  const failing = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  return { scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  const paths = await pages(app.origin);
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, median shown:\n`);
  console.log("| page | perf | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | CPU index |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const p of paths) {
    const url = app.origin + p;
    await (await fetch(url)).text();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(url, chrome.port));
    const score = (c: string) => median(runs.map((r) => r.scores[c]));
    const metric = (id: string) => median(runs.map((r) => r.metrics[id]));
    const cells = [
      ...CATEGORIES.map((c) => String(score(c))),
      ...METRICS.map(([id]) => (id === "cumulative-layout-shift" ? metric(id).toFixed(3) : metric(id).toFixed(0))),
      median(runs.map((r) => r.benchmarkIndex)).toFixed(0),
    ];
    console.log(`| ${p} | ${cells.join(" | ")} |`);
    const short = [
      score("performance") < PERF_BUDGET && `performance ${score("performance")} < ${PERF_BUDGET}`,
      ...CATEGORIES.filter((c) => c !== "performance" && score(c) < 100).map((c) => `${c} ${score(c)} < 100`),
    ].filter(Boolean);
    if (short.length) {
      failed = true;
      const audits = [...new Set(runs.flatMap((r) => r.failing))];
      console.log(
        `  below budget: ${short.join(", ")}${audits.length ? `; failing audits: ${audits.join(", ")}` : ""}`,
      );
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}
if (failed) {
  console.log("\nBelow the budget (issue 12): performance at least 90, the other categories 100.");
  process.exit(1);
}
console.log("\nEvery page within the budget.");
