/**
 * `npm run bench:market` (issue 34): the market page, its series and every calculator and chart page at scale, on
 * PostgreSQL, against the production build.
 *
 * Builds (`npm run build`; BENCH_SKIP_BUILD=1 to reuse the last build), loads a fresh database (the migrations and the
 * demo seed, then BENCH_LISTINGS listings, default 100,000, posted over five years at every point resort, of which
 * BENCH_SALES, default 20,000, sold through an accepted offer, an agreement and a closed sale, about 8% bought back
 * by the developer), times `refreshMarketMonthly` once, then:
 * - calls each page's loader once in this process while recording every SQL statement it sends, and prints the
 *   EXPLAIN of each: the relations it reads and how (Seq Scan, Index Scan ...);
 * - starts the production build (`npm start`, RUN_JOBS=0) on BENCH_PORT (default 3600) and sends each page
 *   BENCH_REQUESTS requests (default 500) at BENCH_CONNECTIONS (default 10) with autocannon, with a cookie so that
 *   every request is rendered (not the anonymous page cache), and prints requests/s, p50 and p99.
 * The listing scores are recomputed once after the load, as the job does (`recomputeScores`, timed), and one live
 * listing's page (`/listing-info/:id`, whose score explanation reads the comparison set) is among the pages. Each
 * loader is called once to warm up before its statements are recorded (decision 0097: a process reads the comparison
 * set once per score version). BENCH_PAGES (labels, comma-separated, a label containing one of them) runs only those
 * pages, e.g. BENCH_PAGES=/selling/rvc,/listing-info BENCH_REQUESTS=100 for the score pages alone.
 * Budgets (exit 1 when one is broken): the market page's p99 (all resorts and one resort, rendered) at most 50 ms,
 * and no Seq Scan of `sales` or `listings` in the market page's or its series' statements. The other pages' plans
 * and figures are reported beside them. BENCH_DATABASE_URL names the PostgreSQL server (the bench makes its own
 * database there and drops it at the end).
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon from "autocannon";
import pg from "pg";
import { recomputeScores } from "~/modules/listings/score.server";
import { refreshMarketMonthly } from "~/modules/market/market.server";
import { createDatabase, killHard, type NpmProcess, processEnv, startWeb } from "../tests/fixtures/app-process";
import { startBenchServices } from "./bench-services";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SALES = Number(process.env.BENCH_SALES ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 3600);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = (process.env.BENCH_PAGES ?? "")
  .split(",")
  .map((x) => x.trim())
  .filter(Boolean);
const P99_BUDGET_MS = 50;
const HEADERS = { "accept-encoding": "br, gzip", cookie: "bench-visitor=1" };

type Page = {
  label: string;
  path: string;
  market: boolean;
  loader: () => Promise<{ loader: unknown }>;
  params?: Record<string, string>;
};
type Fn = (args: unknown) => unknown;

if (process.env.BENCH_SKIP_BUILD !== "1") {
  const t = performance.now();
  const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error("npm run build failed");
  console.log(`npm run build: ${Math.round(performance.now() - t)} ms`);
}

const database = await createDatabase(PG_URL, "vpm_bench_market");
const origin = `http://127.0.0.1:${PORT}`;
let web: NpmProcess | undefined;
let inProcess: { stop: () => Promise<void> } | undefined;
const failures: string[] = [];
const load0 = os.loadavg();
try {
  // 1. The demo, then the scale: listings over five years, a fifth of them sold (offer, agreement, sale).
  let t = performance.now();
  const { services, raw } = await startBenchServices(database.url, { name: "market", seed: true, site: origin });
  inProcess = {
    stop: async () => {
      inProcess = undefined;
      await raw.end();
      await services.stop();
    },
  };
  console.log(`migrated and seeded the demo in ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  await raw.query(
    `with r as (select array_agg(id order by id) ids from resorts where not is_interval),
          s as (select array_agg(id order by id) ids from "user" where role = 'seller'),
          g as (select n, (array[25,50,75,100,120,150,160,170,175,200,220,250,270,300,350,400])[1 + n % 16] pts,
                       (array[2,3,4,6,8,9,10,12])[1 + (n / 16) % 8] um,
                       now() - interval '200 days' - (random() * 1625 || ' days')::interval posted
                from generate_series(1, $1::int) n)
     insert into listings (listing_code, source, seller_id, resort_id, use_month, contract_points,
       price_per_point_cents, prev_year_points, curr_year_points, next_year_points, listing_status_id,
       posted_at, approved_at, created_at, updated_at)
     select 'MB-' || n, 'member', s.ids[1 + n % array_length(s.ids, 1)],
       r.ids[1 + (n * 7) % array_length(r.ids, 1)], um, pts,
       -- A price per point by resort (its position in the list), with noise.
       (9000 + ((n * 7) % array_length(r.ids, 1)) * 400 + floor(random() * 4000))::int,
       0, pts, pts,
       case when n % ($1::int / $2::int) = 0 then 7 when n % 4 = 1 then 3 else 9 end,
       posted, posted, posted, posted
     from g, r, s`,
    [LISTINGS, SALES],
  );
  // Live listings are recent: posted in the last 200 days.
  await raw.query(
    `update listings set posted_at = now() - (random() * 200 || ' days')::interval where listing_code like 'MB-%' and listing_status_id = 3`,
  );
  await raw.query(
    `with u as (select array_agg(id order by id) ids from "user" where role = 'buyer' or role = 'user')
     insert into offers (listing_id, buyer_id, seller_id, status, points, price_per_point_cents, total_cents,
       dues_paid_by, closing_costs_paid_by, financing, deed_names, asking_price_per_point_cents, expires_at,
       created_at, updated_at)
     select l.id, u.ids[1 + l.id % array_length(u.ids, 1)], l.seller_id, 'accepted', l.contract_points,
       d.price, d.price * l.contract_points,
       'buyer', 'buyer', 'cash', '["Bench Buyer"]'::jsonb, l.price_per_point_cents,
       l.posted_at + interval '150 days', d.agreed, d.agreed
     from listings l, u, lateral (select l.posted_at + (5 + floor(random() * 115) || ' days')::interval agreed,
                                     (l.price_per_point_cents * (0.92 + random() * 0.08))::int price) d
     where l.listing_code like 'MB-%' and l.listing_status_id = 7`,
  );
  await raw.query(
    `insert into agreements (offer_id, listing_id, buyer_id, seller_id, resort_id, use_month, points,
       price_per_point_cents, total_cents, dues_paid_by, closing_costs_paid_by, financing, deed_names, status,
       created_at, updated_at)
     select o.id, l.id, o.buyer_id, o.seller_id, l.resort_id, l.use_month, o.points, o.price_per_point_cents,
       o.points::bigint * o.price_per_point_cents, 'buyer', 'buyer', 'cash', o.deed_names,
       case when o.id % 12 = 0 then 'rofr_exercised' else 'closed' end, o.created_at, o.created_at
     from offers o join listings l on l.id = o.listing_id where l.listing_code like 'MB-%'`,
  );
  await raw.query(
    `insert into sales (agreement_id, listing_id, resort_id, points, use_month, price_per_point_cents, days_to_close,
       rofr_result, closed_at)
     select a.id, a.listing_id, a.resort_id, a.points, a.use_month, a.price_per_point_cents, c.days,
       case when a.status = 'rofr_exercised' then 'exercised' else 'waived' end,
       least(now(), a.created_at + (c.days || ' days')::interval)
     from agreements a join listings l on l.id = a.listing_id,
       lateral (select 30 + (a.id * 37) % 60 days) c
     where l.listing_code like 'MB-%'`,
  );
  await raw.query("vacuum analyze");
  const counts = (
    await raw.query<{ l: number; s: number; live: number; resorts: number; from: Date }>(
      `select (select count(*)::int from listings) l, (select count(*)::int from sales) s,
         (select count(*)::int from listings where listing_status_id = 3) live,
         (select count(distinct resort_id)::int from sales) resorts, (select min(closed_at) from sales) "from"`,
    )
  ).rows[0];
  console.log(
    `loaded ${counts.l} listings (${counts.live} live) and ${counts.s} sales at ${counts.resorts} resorts, ` +
      `closed since ${counts.from.toISOString().slice(0, 10)}, in ${Math.round(performance.now() - t)} ms`,
  );

  // 2. The refresh, once, and the longest time it kept this process from anything else (the pages beside it when
  // jobs run in the web process, as in `npm start`).
  const refresh = await timedJob(() => refreshMarketMonthly(services.db));
  const refreshMs = refresh.ms;
  console.log(
    `refreshMarketMonthly: ${refresh.result.months} resort-months in ${Math.round(refreshMs)} ms, ` +
      `event loop blocked at most ${refresh.blockedMs} ms`,
  );

  // 2b. The scores, once, as the job recomputes them after a change.
  const recompute = await timedJob(() => recomputeScores(services.db));
  const recomputeMs = recompute.ms;
  console.log(
    `recomputeScores: ${recompute.result.updated} live listings in ${Math.round(recomputeMs)} ms, ` +
      `event loop blocked at most ${recompute.blockedMs} ms`,
  );

  // 3. Every page's statements, recorded while its loader runs here, and their plans.
  const resort = (
    await raw.query<{ code: string; slug: string; id: number }>("select code, slug, id from resorts where code = 'BLT'")
  ).rows[0];
  const year = new Date().getUTCFullYear() + 1;
  const live = (
    await raw.query<{ id: number }>(
      "select id from listings where listing_code like 'MB-%' and listing_status_id = 3 and resort_id = $1 order by id limit 1",
      [resort.id],
    )
  ).rows[0];
  const ALL_PAGES: Page[] = [
    { label: "/market (all resorts)", path: "/market", market: true, loader: () => import("~/routes/public/market") },
    {
      label: "/market (one resort)",
      path: `/market?resort=${resort.code}`,
      market: true,
      loader: () => import("~/routes/public/market"),
    },
    {
      label: "/market/prices.csv",
      path: "/market/prices.csv",
      market: true,
      loader: () => import("~/routes/public/market-series"),
      params: { file: "prices.csv" },
    },
    {
      label: "/market/volume.json (one resort)",
      path: `/market/volume.json?resort=${resort.code}`,
      market: true,
      loader: () => import("~/routes/public/market-series"),
      params: { file: "volume.json" },
    },
    {
      label: "/selling/rvc",
      path: `/selling/rvc?resort=${resort.id}&points=150&useMonth=2&banked=0&current=150&next=150`,
      market: false,
      loader: () => import("~/routes/public/selling-rvc"),
    },
    {
      label: `/listing-info/${live.id} (a live listing, its score explained)`,
      path: `/listing-info/${live.id}`,
      market: false,
      // The route module needs Vite (its error page) to load here: its loader's function is called instead.
      loader: async () => {
        const { loadListingPage } = await import("~/routes/public/listing-page.server");
        return { loader: ({ request }: { request: Request }) => loadListingPage(request, String(live.id)) };
      },
    },
    {
      label: "/dvc-annual-dues",
      path: `/dvc-annual-dues?resort=${resort.code}&points=150&growth=4&month=2`,
      market: false,
      loader: () => import("~/routes/public/dvc-annual-dues"),
    },
    {
      label: "/dvc-compare-prices",
      path: `/dvc-compare-prices?resort=${resort.code}&points=150&price=&growth=4`,
      market: false,
      loader: () => import("~/routes/public/dvc-compare-prices"),
    },
    {
      label: "/dvc-expiration-date",
      path: "/dvc-expiration-date",
      market: false,
      loader: () => import("~/routes/public/dvc-expiration-date"),
    },
    {
      label: "/dvc-retail-prices",
      path: "/dvc-retail-prices",
      market: false,
      loader: () => import("~/routes/public/dvc-retail-prices"),
    },
    {
      label: "/dvc-financing",
      path: "/dvc-financing?price=20000&down=10&rate=12&years=10",
      market: false,
      loader: () => import("~/routes/public/dvc-financing"),
    },
    {
      label: "/dvc-firpta",
      path: "/dvc-firpta?calc=1&price=20000&foreign=on",
      market: false,
      loader: () => import("~/routes/public/dvc-firpta"),
    },
    {
      label: "/harpta",
      path: "/harpta?calc=1&price=20000&aulani=on&nonresident=on",
      market: false,
      loader: () => import("~/routes/public/harpta"),
    },
    {
      label: "/buying-vacation-point-calculator",
      path: `/buying-vacation-point-calculator?resort=grand-californian&room=deluxe-studio&view=standard&checkIn=${year}-09-28&checkOut=${year}-10-03`,
      market: false,
      loader: () => import("~/routes/public/buying-vacation-point-calculator"),
    },
    {
      // The route module needs Vite (import.meta.env) to load here: its market reads (the price trend and the last
      // sales) are called as its loader calls them; over HTTP it is the whole page.
      label: `/resorts/${resort.slug} (price trend, last sales)`,
      path: `/resorts/${resort.slug}`,
      market: false,
      loader: async () => {
        const { resortPriceTrend } = await import("~/modules/resorts/resort-tabs.server");
        const { getLastSales } = await import("~/modules/resorts/resorts.server");
        return {
          loader: async () => [
            await resortPriceTrend(services.db, resort.id, new Date()),
            await getLastSales(services.db, resort.id),
          ],
        };
      },
    },
  ];

  const PAGES = ONLY.length === 0 ? ALL_PAGES : ALL_PAGES.filter((p) => ONLY.some((o) => p.label.includes(o)));

  let recording: { text: string; values: unknown[] }[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof a === "string") recording.push({ text: a, values: Array.isArray(b) ? b : [] });
      else if (a && typeof a === "object" && "text" in a)
        recording.push({ text: a.text, values: a.values ?? (Array.isArray(b) ? b : []) });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  type Plan = { relations: string[]; seqScans: string[]; statements: number };
  const loaderMs = new Map<string, number>();
  const plans = new Map<string, Plan>();
  console.log("\nEXPLAIN of each page's statements (relation: access):");
  for (const p of PAGES) {
    const mod = await p.loader();
    const request = new Request(`${origin}${p.path}`);
    const args = { request, params: p.params ?? {}, context: {}, url: new URL(request.url) };
    await (mod.loader as Fn)({ ...args, request: new Request(request.url) }); // warm up (decision 0097)
    // The loader alone, in this process: the median of 5 warm calls.
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await (mod.loader as Fn)({ ...args, request: new Request(request.url) });
      took.push(performance.now() - t0);
    }
    loaderMs.set(p.label, took.sort((a, b) => a - b)[2]);
    recording = [];
    await (mod.loader as Fn)(args);
    const statements: { text: string; values: unknown[] }[] = recording;
    recording = null;
    const plan: Plan = { relations: [], seqScans: [], statements: 0 };
    for (const s of statements) {
      if (!/^\s*(select|with)\b/i.test(s.text)) continue;
      plan.statements++;
      const { rows } = await raw.query(`explain ${s.text}`, s.values);
      for (const line of rows.map((r) => r["QUERY PLAN"] as string)) {
        const m =
          /(?<!Bitmap )(Seq Scan|Parallel Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan) (?:using \S+ )?on (\w+)/.exec(
            line,
          );
        if (!m) continue;
        // The big tables with the planner's estimate of the rows read.
        const rowsRead = /rows=(\d+)/.exec(line)?.[1];
        const big = m[2] === "sales" || m[2] === "listings";
        const access = `${m[2]}: ${m[1]}${big && rowsRead ? ` (~${rowsRead} rows)` : ""}`;
        if (!plan.relations.includes(access)) plan.relations.push(access);
        if (m[1].includes("Seq Scan") && (m[2] === "sales" || m[2] === "listings") && !plan.seqScans.includes(m[2]))
          plan.seqScans.push(m[2]);
      }
    }
    plans.set(p.label, plan);
    console.log(
      `- ${p.label}: loader ${loaderMs.get(p.label)?.toFixed(1)} ms in-process (median of 5 warm calls); ${plan.statements} statements; ${plan.relations.join(", ")}`,
    );
    if (p.market && plan.seqScans.length > 0)
      failures.push(`${p.label}: a Seq Scan of ${plan.seqScans.join(" and ")} on a request`);
  }
  pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
  await inProcess.stop();

  // 4. The production build over HTTP.
  web = await startWeb(PORT, processEnv(database.url, origin, { RUN_JOBS: "0", SEED_DEMO: "0" }));
  type Row = {
    label: string;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    plan: Plan | undefined;
    market: boolean;
  };
  const rows: Row[] = [];
  const loadAt = os.loadavg();
  for (const p of PAGES) {
    const url = `${origin}${p.path}`;
    const check = await fetch(url, { headers: HEADERS });
    await check.text();
    if (check.status !== 200) failures.push(`${p.label}: answered ${check.status}`);
    await autocannon({ url, connections: CONNECTIONS, amount: 50, headers: HEADERS });
    const r = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers: HEADERS });
    const row = {
      label: p.label,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
      plan: plans.get(p.label),
      market: p.market,
    };
    rows.push(row);
    console.log(`${p.label}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
    if (p.path.startsWith("/market?") || p.path === "/market") {
      if (row.p99 > P99_BUDGET_MS) failures.push(`${p.label}: p99 ${row.p99} ms, over ${P99_BUDGET_MS} ms`);
    }
    if (row.errors > 0) failures.push(`${p.label}: ${row.errors} errors`);
  }

  console.log(
    `\n${counts.l.toLocaleString("en-US")} listings, ${counts.s.toLocaleString("en-US")} sales; refreshMarketMonthly ${Math.round(refreshMs)} ms ` +
      `(event loop blocked at most ${refresh.blockedMs} ms); recomputeScores ${Math.round(recomputeMs)} ms ` +
      `(blocked at most ${recompute.blockedMs} ms). ` +
      `${REQUESTS} requests per page at ${CONNECTIONS} connections, each rendered (a cookie: not the anonymous page cache), ` +
      `production build, PostgreSQL; ${os.cpus().length} cores, load average ${loadAt.map((l) => l.toFixed(2)).join(" ")} ` +
      `when the requests began (${load0.map((l) => l.toFixed(2)).join(" ")} at the start).\n`,
  );
  console.log(
    "| page | loader ms (in-process, warm) | req/s | p50 ms | p99 ms | errors | Seq Scan of sales/listings | relations read (EXPLAIN) |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.label}${r.market ? " (budget)" : ""} | ${loaderMs.get(r.label)?.toFixed(1) ?? ""} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.plan?.seqScans.join(", ") || "none"} | ${r.plan?.relations.join(", ") ?? ""} |`,
    );
} finally {
  await inProcess?.stop();
  if (web) {
    if (web.child.exitCode === null) await web.terminate();
    killHard(web);
  }
  await database.drop();
}

if (failures.length > 0) {
  console.log(`\nBudgets broken:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `\nBudgets kept: the market page's p99 at most ${P99_BUDGET_MS} ms, no Seq Scan of sales or listings on its requests.`,
);
process.exit(0);

/** Runs a job's work once: its duration and the longest single delay of this process's event loop meanwhile (ms). */
async function timedJob<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  delay.disable();
  return { result, ms, blockedMs: Math.round(delay.max / 1e6) };
}
