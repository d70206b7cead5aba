/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, its default mobile preset: a mid-range phone on a slow 4G
 * connection, simulated throttling) in Debian's Chromium on the production build with demo data, for every kind of
 * public page (issue 34): the home page, `/listings` with and without filters, a listing, a resort and each of its
 * tabs, a calculator, the market page, a content page, a blog post and `/search`. LH_RUNS runs per page (default 5);
 * it prints the WORST run's performance score and total blocking time beside the median, and exits 1 when any run
 * is below the budget: performance at least 95 (LH_PERF_BUDGET) and total blocking time under 200 ms
 * (LH_TBT_BUDGET) on every run, accessibility, best practices and SEO 100.
 * The last column gives each run's first frame as the browser saw it, unthrottled: read paint figures between runs whose
 * first frame fell in the same band (decision 0110).
 * LH_PAGES=/listings,/ measures only those paths; LH_SAVE=dir keeps each page's worst report (JSON) there, whose
 * `long-tasks` and `bootup-time` audits name what blocked the main thread.
 *
 * Each page is requested once before it is measured, as visitors before this one would have: a visitor without
 * cookies then gets it from the anonymous page cache (decision 0042), as most visitors do.
 * Set LH_URL to measure a running site instead (e.g. LH_URL=http://localhost:3000).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchAppEnv, ensureBuild } from "./app-env";

const RUNS = Number(process.env.LH_RUNS ?? 5);
const PERF_BUDGET = Number(process.env.LH_PERF_BUDGET ?? 95);
const TBT_BUDGET = Number(process.env.LH_TBT_BUDGET ?? 200);
const SAVE = process.env.LH_SAVE;
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
  /**
   * When the browser showed its first frame, unthrottled, in ms from the navigation (Lighthouse's `observedFirstPaint`).
   * Headless Chromium here can go a second without drawing a frame early in a load, so this falls into bands about a
   * second apart (seen on a 2-core machine: about 200-700, 1,250-1,400 and 2,250-2,420 ms), and the run's simulated
   * largest paint moves with it (decision 0110): compare paint figures between runs in the same band.
   */
  firstPaintSeen: number;
  report: unknown;
};

async function startApp(): Promise<{ origin: string; stop: () => Promise<void> }> {
  if (process.env.LH_URL) return { origin: process.env.LH_URL.replace(/\/$/, ""), stop: async () => {} };
  ensureBuild();
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

/** The pages: fixed ones, and a listing, a resort (with its tabs) and a blog post found on the site itself. */
async function pages(origin: string) {
  if (process.env.LH_PAGES) return process.env.LH_PAGES.split(",");
  const find = async (page: string, re: RegExp) => {
    const found = re.exec(await (await fetch(origin + page)).text())?.[1];
    if (!found) throw new Error(`no link matching ${re} found on ${page}`);
    return found;
  };
  const listing = await find("/listings", /href="(\/listing-info\/\d+)"/);
  const resort = await find("/resorts", /href="(\/resorts\/[a-z0-9-]+)"/);
  const post = await find("/blogs", /href="(\/blogs\/[a-z0-9-]+)"/);
  const tabs = [
    ...(await (await fetch(origin + resort)).text()).matchAll(new RegExp(`href="(${resort}/[a-z0-9-]+)"`, "g")),
  ];
  return [
    "/",
    "/listings",
    "/listings?points=100-300&price=10000-&uy=Dec&sort=price-asc",
    listing,
    resort,
    ...new Set(tabs.map((m) => m[1])),
    "/buying-vacation-point-calculator",
    "/market",
    "/how-dvc-works",
    post,
    "/search?q=points",
  ];
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
  const observed = (lhr.audits.metrics?.details as { items?: { observedFirstPaint?: number }[] } | undefined)?.items;
  return {
    scores,
    metrics,
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    firstPaintSeen: observed?.[0]?.observedFirstPaint ?? Number.NaN,
    report: lhr,
  };
}

/**
 * Site search's results are kept out of search engines on purpose (`noindex, follow`, as engines ask of internal
 * search pages), so Lighthouse's "is-crawlable" fails there by design: that alone does not break the SEO budget.
 */
function noindexOnly(page: string, category: string, runs: Run[]) {
  if (category !== "seo" || !page.startsWith("/search")) return false;
  return runs.every((r) => r.failing.every((f) => f === "seo: is-crawlable"));
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
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset: worst run, then medians:\n`);
  console.log(
    "| page | perf (worst) | TBT ms (worst) | perf | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | CPU index | first frame seen, ms (each run) |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const p of paths) {
    const url = app.origin + p;
    await (await fetch(url)).text();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(url, chrome.port));
    const score = (c: string) => median(runs.map((r) => r.scores[c]));
    const metric = (id: string) => median(runs.map((r) => r.metrics[id]));
    const worst = runs.reduce((a, b) => (b.scores.performance < a.scores.performance ? b : a));
    const worstTbt = Math.max(...runs.map((r) => r.metrics["total-blocking-time"]));
    if (SAVE) {
      mkdirSync(SAVE, { recursive: true });
      writeFileSync(path.join(SAVE, `${p.replace(/[^a-z0-9]+/gi, "_") || "home"}.json`), JSON.stringify(worst.report));
    }
    const cells = [
      String(worst.scores.performance),
      worstTbt.toFixed(0),
      ...CATEGORIES.map((c) => String(score(c))),
      ...METRICS.map(([id]) => (id === "cumulative-layout-shift" ? metric(id).toFixed(3) : metric(id).toFixed(0))),
      median(runs.map((r) => r.benchmarkIndex)).toFixed(0),
      runs.map((r) => r.firstPaintSeen.toFixed(0)).join(" "),
    ];
    console.log(`| ${p} | ${cells.join(" | ")} |`);
    const short = [
      worst.scores.performance < PERF_BUDGET && `performance ${worst.scores.performance} < ${PERF_BUDGET} in a run`,
      worstTbt >= TBT_BUDGET && `total blocking time ${worstTbt.toFixed(0)} ms >= ${TBT_BUDGET} in a run`,
      ...CATEGORIES.filter((c) => c !== "performance" && score(c) < 100 && !noindexOnly(p, c, runs)).map(
        (c) => `${c} ${score(c)} < 100`,
      ),
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
  console.log(
    `\nBelow the budget (issue 34): performance at least ${PERF_BUDGET} and total blocking time under ${TBT_BUDGET} ms on every run, the other categories 100.`,
  );
  process.exit(1);
}
console.log("\nEvery page within the budget.");
