/**
 * `npm run bench:offers`: the offer submission and the admin offer dashboard on PostgreSQL, 100,000 listings and
 * 20,000 offers (issue 10, "Speed"; decision 0032).
 *
 * Loads a fresh database vpm_bench_offers: the app's migrations and demo seed through its own services, then in bulk
 * (INSERT ... SELECT generate_series) 100,000 listings, 20,000 buyers (verified, with their settings and a session
 * each), 20,000 offers in a realistic mix of states with their offer_rounds, offers_logs rows and, for the accepted
 * ones, the agreement and the listing under contract; then recomputeScores and VACUUM ANALYZE.
 *
 * Measures with autocannon (10 connections), app and floor alternating for BENCH_ROUNDS rounds,
 * medians reported:
 *   1. Offer submission: the make-offer route's action (app/routes/public/make-offer.tsx) called as React Router
 *      calls it, with a browser's form post (no JavaScript: a 303 to the offer's page on success) and a real
 *      better-auth session cookie: the session lookup, the ability, the form parsing, submitOffer (its appraisal,
 *      locks, checks, writes, journal), the pg-boss timers and the mail to the seller (the local outbox, as the app
 *      runs without SMTP) are all on the path. Each request is a different (buyer, active listing) pair: the buyer
 *      takes turns over the 20,000 buyers, the listing walks the active listings with no open offer, so neither the
 *      open-offer limit nor the "already an open offer" rule refuses. The offers a run writes are deleted after it,
 *      so every run starts from the same 20,000 offers.
 *      The floor: every statement one real submission sent to PostgreSQL (captured at the `pg` driver: Drizzle's,
 *      better-auth's and pg-boss's SQL text), replayed in the same order and the same transaction through a bare
 *      `pg` Pool, with the buyer, session, listing and new offer id substituted.
 *   2. The admin offer dashboard's list (offer-dashboard.resource.ts through the resource engine's listResource, as
 *      the list route's loader calls it) for an administrator: the first page, a status filter, a search by buyer.
 *      The floor: the SQL text of the same Drizzle query builders (taken with .toSQL() as listResource awaits them,
 *      so it follows changes to the resource) through a bare `pg` Pool, in the same order, and JSON.stringify.
 * Prints EXPLAIN ANALYZE of the dashboard's queries and the time of each statement of a submission.
 *
 * BENCH_LISTINGS, BENCH_OFFERS, BENCH_BUYERS, BENCH_SECONDS (dashboard runs, default 10), BENCH_SUBMIT_SECONDS
 * (submission runs, default 30), BENCH_ROUNDS (default 3) shrink it (a quick debugging run);
 * BENCH_DATABASE_URL names the server; BENCH_SETUP_SQL names a SQL file run after loading (to try an index).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { PgSelectBase } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Viewer } from "~/auth/abilities";
import { listResource, resolveResource } from "~/modules/admin/resource-engine.server";
import { recomputeScores } from "~/modules/listings/score.server";
import { OFFER_STATUS_LABELS } from "~/modules/offers/offers.schema";
import { action as makeOfferAction } from "~/routes/public/make-offer";
import { BENCH_SECRET, startBenchServices } from "./bench-services";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "vpm_bench_offers";
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 20_000);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 20_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// A submission takes seconds at full size (see decision 0032): its runs are longer, so each round completes enough.
const SUBMIT_DURATION = Number(process.env.BENCH_SUBMIT_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;
const SETUP_SQL = process.env.BENCH_SETUP_SQL;
const SITE = "http://localhost:3000";

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
await admin.end();
const url = new URL(PG_URL);
url.pathname = `/${DB_NAME}`;
const dbUrl = url.toString();

const { services, raw } = await startBenchServices(dbUrl, { name: "offers", seed: true, site: SITE });

// ---------------------------------------------------------------------------------------------------------------
// Data

let t0 = performance.now();
// The listings as bench/listings.bench.ts makes them: resorts, brokers, sellers, sizes and prices spread like the demo.
await raw.query(
  `with r as (select array_agg(id order by id) ids from resorts where not is_interval),
        b as (select array_agg(id order by id) ids from brokers),
        s as (select array_agg(id order by id) ids from "user" where role = 'seller'),
        g as (select n, (array[25,50,75,100,120,150,160,170,175,200,220,250,270,300,350,400])[1 + n % 16] pts,
                     (array[2,3,4,6,8,9,10,12])[1 + (n / 16) % 8] um, random() shape from generate_series(1, $1::int) n)
   insert into listings (listing_code, source, seller_id, broker_id, resort_id, use_month, contract_points,
     price_per_point_cents, prev_year_points, curr_year_points, next_year_points, listing_status_id,
     is_featured, posted_at, created_at, updated_at)
   select 'BENCH-' || n,
     case when n % 5 = 4 then 'broker' else 'member' end,
     case when n % 5 = 4 then null else s.ids[1 + n % array_length(s.ids, 1)] end,
     case when n % 5 = 4 then b.ids[1 + n % array_length(b.ids, 1)] else null end,
     r.ids[1 + (n * 7) % array_length(r.ids, 1)], um, pts,
     (6000 + floor(random() * 18000))::int,
     case when shape < 0.25 then (pts * (0.2 + random() * 0.8))::int else 0 end,
     case when shape > 0.85 then 0 when shape > 0.7 then (pts * random())::int else pts end,
     pts, case when n % 23 = 0 then 9 else 3 end, n % 7 = 0,
     now() - (floor(random() * 365) || ' days')::interval, now(), now()
   from g, r, b, s`,
  [LISTINGS],
);
console.log(`inserted ${LISTINGS} listings in ${Math.round(performance.now() - t0)} ms`);

// Buyers as sign-up leaves them (a user_settings row each, the defaults), verified, with a mailing address, and a
// browser session each (the cookie is signed below as better-auth signs it).
t0 = performance.now();
await raw.query(
  `insert into "user" (id, name, email, email_verified, role, user_uniqid, created_at, updated_at, last_active_at)
   select 'bench-buyer-' || n, 'Bench Buyer ' || n, 'bench-buyer-' || n || '@example.test', true, 'buyer',
     'bb' || lpad(to_hex(n), 10, '0'), now() - interval '200 days', now(), now()
   from generate_series(1, $1::int) n`,
  [BUYERS],
);
await raw.query(
  `insert into user_settings (user_id, phone_number, address_line1, city, state, postal_code)
   select 'bench-buyer-' || n, '4075550' || lpad((n % 1000)::text, 3, '0'), n || ' Main Street', 'Orlando', 'FL', '32801'
   from generate_series(1, $1::int) n`,
  [BUYERS],
);
await raw.query(
  `insert into session (id, token, expires_at, created_at, updated_at, user_id, ip_address, user_agent)
   select 'bench-session-' || n, 'bench-token-' || n, now() + interval '30 days', now(), now(), 'bench-buyer-' || n,
     '127.0.0.1', 'autocannon'
   from generate_series(1, $1::int) n`,
  [BUYERS],
);
console.log(`inserted ${BUYERS} buyers with settings and sessions in ${Math.round(performance.now() - t0)} ms`);

// 20,000 offers over the active listings (each on its own listing, a pseudo-random one), one buyer after the other:
// 20% waiting for the seller, 8% seller countered, 4% buyer countered, 3% accepted, 25% declined, 10% withdrawn,
// 30% expired. Open ones are from the last 40 hours (they stand 48); closed ones from the last 180 days.
t0 = performance.now();
const { rows: wmRows } = await raw.query<{ wm: number }>("select coalesce(max(id), 0)::int wm from offers");
const seedOfferMax = wmRows[0].wm;
await raw.query(
  `with a as (select array_agg(id order by md5(id::text)) ids from listings where listing_status_id = 3 and not is_test),
   g as (select n, random() r,
           case when n % 100 < 20 then 'submitted' when n % 100 < 28 then 'countered_by_seller'
                when n % 100 < 32 then 'countered_by_buyer' when n % 100 < 35 then 'accepted'
                when n % 100 < 60 then 'declined' when n % 100 < 70 then 'withdrawn' else 'expired' end st
         from generate_series(0, $1::int - 1) n),
   o as (select g.n, g.st, l.*,
           case g.st when 'submitted' then 1 when 'countered_by_seller' then 2 when 'countered_by_buyer' then 3
                     when 'accepted' then 1 + g.n % 3 when 'declined' then 1 + g.n % 2 when 'withdrawn' then 1
                     else 1 + g.n % 2 end rnd,
           case when g.st in ('submitted', 'countered_by_seller', 'countered_by_buyer')
                then now() - (g.r * 40 || ' hours')::interval
                else now() - (2 + g.r * 178 || ' days')::interval end created,
           greatest(100, (l.price_per_point_cents * (0.85 + 0.15 * g.r))::int) ppp
         from g cross join a join listings l on l.id = a.ids[1 + g.n % array_length(a.ids, 1)])
   insert into offers (listing_id, buyer_id, seller_id, broker_id, status, round, points, price_per_point_cents,
     total_cents, dues_paid_by, closing_costs_paid_by, financing, deed_names, message, asking_price_per_point_cents,
     appraisal_per_point_cents, low_offer_confirmed, expires_at, decline_reason, closed_at, created_at, updated_at)
   select o.id, 'bench-buyer-' || (1 + o.n % $2::int), case when o.source = 'member' then o.seller_id end, o.broker_id,
     o.st, o.rnd, o.contract_points, o.ppp, o.contract_points::bigint * o.ppp,
     (array['buyer','seller','split'])[1 + o.n % 3], (array['buyer','split','seller'])[1 + (o.n / 3) % 3],
     case when o.n % 4 = 0 then 'loan' else 'cash' end,
     jsonb_build_array('Bench Buyer ' || (1 + o.n % $2::int)),
     case when o.n % 3 = 0 then '' else 'We love this resort and would close quickly.' end,
     o.price_per_point_cents, o.price_per_point_cents, false,
     o.created + (o.rnd * 5 || ' hours')::interval + interval '48 hours',
     case when o.st = 'declined' then 'The price is too low for us.' end,
     case when o.st in ('accepted', 'declined', 'withdrawn', 'expired') then o.created + (o.rnd * 5 + 1 || ' hours')::interval end,
     o.created, o.created + ((o.rnd - 1) * 5 || ' hours')::interval
   from o`,
  [OFFERS, BUYERS],
);
// Every proposal: the buyer's first, then the counters in turn, lower earlier.
await raw.query(
  `insert into offer_rounds (offer_id, round, proposed_by, actor_id, price_per_point_cents, total_cents, dues_paid_by,
     closing_costs_paid_by, financing, deed_names, message, created_at)
   select o.id, r, case when r % 2 = 1 then 'buyer' else 'seller' end,
     case when r % 2 = 1 then o.buyer_id else o.seller_id end,
     greatest(100, o.price_per_point_cents - 200 * (o.round - r)),
     o.points::bigint * greatest(100, o.price_per_point_cents - 200 * (o.round - r)),
     o.dues_paid_by, o.closing_costs_paid_by, o.financing, o.deed_names,
     case when r = 1 then o.message else '' end, o.created_at + ((r - 1) * 5 || ' hours')::interval
   from offers o cross join lateral generate_series(1, o.round) r
   where o.id > $1`,
  [seedOfferMax],
);
// The offers log: one row per proposal, and one for the end of a closed offer.
await raw.query(
  `insert into offers_logs (offer_id, user_id, event, history_note, created_at)
   select r.offer_id, r.actor_id, case when r.round = 1 then 'submitted' else 'countered' end,
     case when r.round = 1 then 'Offer submitted at $' else 'Counter-offer at $' end
       || to_char(r.price_per_point_cents / 100.0, 'FM999990.00') || ' a point', r.created_at
   from offer_rounds r where r.offer_id > $1
   union all
   select o.id, case when o.status = 'withdrawn' then o.buyer_id when o.status = 'expired' then null else o.seller_id end,
     o.status, 'Offer ' || o.status, o.closed_at
   from offers o where o.id > $1 and o.closed_at is not null
   order by 5`,
  [seedOfferMax],
);
// An accepted offer: its agreement, and its listing under contract.
await raw.query(
  `insert into agreements (offer_id, listing_id, buyer_id, seller_id, broker_id, resort_id, use_month, points,
     price_per_point_cents, total_cents, dues_paid_by, closing_costs_paid_by, financing, deed_names, created_at)
   select o.id, o.listing_id, o.buyer_id, o.seller_id, o.broker_id, l.resort_id, l.use_month, o.points,
     o.price_per_point_cents, o.total_cents, o.dues_paid_by, o.closing_costs_paid_by, o.financing, o.deed_names, o.closed_at
   from offers o join listings l on l.id = o.listing_id where o.id > $1 and o.status = 'accepted'`,
  [seedOfferMax],
);
await raw.query(
  `update listings set listing_status_id = 5 where id in (select listing_id from offers where id > $1 and status = 'accepted')`,
  [seedOfferMax],
);
const { rows: mix } = await raw.query<{ status: string; n: number; rounds: number }>(
  `select status, count(*)::int n, sum(round)::int rounds from offers group by status order by n desc`,
);
console.log(
  `inserted ${OFFERS} offers in ${Math.round(performance.now() - t0)} ms: ${mix.map((m) => `${m.status} ${m.n}`).join(", ")}; ${mix.reduce((t, m) => t + m.rounds, 0)} offer_rounds`,
);
if (SETUP_SQL) {
  await raw.query(readFileSync(SETUP_SQL, "utf8"));
  console.log(`ran ${SETUP_SQL}`);
}
t0 = performance.now();
const { updated } = await recomputeScores(services.db);
console.log(`recomputeScores: ${updated} active listings scored in ${Math.round(performance.now() - t0)} ms`);
// What autovacuum does in a live database: statistics, and the visibility map.
await raw.query("vacuum analyze");
const { rows: countRows } = await raw.query<{ offers: number; listings: number; active: number }>(
  `select (select count(*)::int from offers) offers, (select count(*)::int from listings) listings,
     (select count(*)::int from listings where listing_status_id = 3) active`,
);
console.log(
  `database: ${countRows[0].listings} listings (${countRows[0].active} active), ${countRows[0].offers} offers`,
);

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

type Result = { rps: number; p50: number; p99: number; statuses: Record<number, number> };

/** One autocannon run against `handler` on its own node:http server; the statuses are counted by the server. */
async function load(
  handler: (req: http.IncomingMessage, body: string) => Promise<{ status: number; body?: string; location?: string }>,
  opts: ({ path: string } | { requests: autocannon.Request[] }) & { duration?: number },
): Promise<Result> {
  const statuses: Record<number, number> = {};
  let inFlight = 0;
  const server = http.createServer(async (req, res) => {
    inFlight++;
    try {
      const out = await handler(req, await readBody(req));
      statuses[out.status] = (statuses[out.status] ?? 0) + 1;
      res.writeHead(out.status, {
        "content-type": "application/json",
        ...(out.location ? { location: out.location } : {}),
      });
      res.end(out.body ?? "");
    } catch (err) {
      statuses[500] = (statuses[500] ?? 0) + 1;
      if ((statuses[500] ?? 0) <= 3) console.error(err);
      res.writeHead(500).end();
    } finally {
      inFlight--;
    }
  });
  // A port the system picks: other processes on a shared machine hold fixed ones.
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${"path" in opts ? opts.path : ""}`,
    connections: CONNECTIONS,
    duration: opts.duration ?? DURATION,
    // A request outlasting the default 10 s would count as an error instead of its latency.
    timeout: 120,
    ...("requests" in opts ? { requests: opts.requests } : {}),
  });
  // autocannon hangs up at the end; the requests it left in flight still finish (and write) before the next run.
  server.close();
  while (inFlight > 0) await new Promise((r) => setTimeout(r, 20));
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, statuses };
}

const statusText = (s: Record<number, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}×${v}`)
    .join(" ");

// ---------------------------------------------------------------------------------------------------------------
// The offer dashboard

const { rows: adminRows } = await raw.query(
  `select id, name, email, user_uniqid, staff_role from "user"
   where role = 'admin' and staff_role = 'admin' and deleted_at is null order by created_at limit 1`,
);
if (!adminRows[0]) throw new Error("the demo seed has no administrator");
const adminViewer: Viewer = {
  id: adminRows[0].id,
  name: adminRows[0].name,
  email: adminRows[0].email,
  role: "admin",
  staffRole: adminRows[0].staff_role,
  userUniqid: adminRows[0].user_uniqid,
  emailVerified: true,
  impersonatedBy: null,
};
const dashboard = await resolveResource("admin/offer-dashboard");
const scenarios: { name: string; query: string }[] = [
  { name: "first page", query: "" },
  {
    name: "status filter (waiting for the seller)",
    query: `f.status=${encodeURIComponent(OFFER_STATUS_LABELS.submitted)}`,
  },
  { name: "search (a buyer's name)", query: `q=${encodeURIComponent("Bench Buyer 4242")}` },
];

type Statement = { sql: string; params: unknown[] };

/**
 * Runs `fn` and returns the SQL text and parameters of every Drizzle select it awaited, in order: each builder's own
 * .toSQL(). Checked against what reached the driver meanwhile, so a query of another kind cannot slip past the floor.
 */
async function drizzleStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const out: Statement[] = [];
  // Drizzle mixes QueryPromise's `then` into each builder class: the select builder's own is the one awaited.
  const proto = PgSelectBase.prototype as unknown as { then: (...a: unknown[]) => unknown };
  const then = proto.then;
  // biome-ignore lint/suspicious/noThenProperty: wraps Drizzle's own `then` for the call, to read each builder's SQL
  proto.then = function (this: { toSQL(): Statement }, ...a: unknown[]) {
    const q = this.toSQL();
    out.push({ sql: q.sql, params: q.params });
    return then.apply(this, a);
  };
  let sent: Captured[] = [];
  try {
    sent = await driverStatements(fn);
  } finally {
    // biome-ignore lint/suspicious/noThenProperty: puts Drizzle's own `then` back
    proto.then = then;
  }
  if (sent.length !== out.length || sent.some((s, i) => s.text !== out[i].sql)) {
    throw new Error(
      `the dashboard sent ${sent.length} statements, ${out.length} of them from select builders: teach the bench the others`,
    );
  }
  return out;
}

const listOf = (query: string) =>
  listResource(services, { actor: adminViewer, input: { resource: dashboard, params: new URLSearchParams(query) } });

const dashboardSql = new Map<string, Statement[]>();
for (const s of scenarios) dashboardSql.set(s.query, await drizzleStatements(() => listOf(s.query)));

console.log("\nEXPLAIN ANALYZE of the offer dashboard's queries (PostgreSQL, after ANALYZE):");
for (const s of scenarios) {
  const view = await listOf(s.query);
  console.log(`\n## ${s.name}: ${view.total} offers, ${view.rows.length} rows on page 1`);
  for (const q of dashboardSql.get(s.query) ?? []) {
    const { rows } = await raw.query(`explain (analyze, buffers off) ${q.sql}`, q.params);
    const lines = rows.map((r) => r["QUERY PLAN"] as string);
    console.log(`\n${q.sql.slice(0, 110).replace(/\s+/g, " ")}...\n${lines.join("\n")}`);
  }
}

const dashboardApp = async (req: http.IncomingMessage) => {
  const view = await listOf(new URL(req.url ?? "/", SITE).search.slice(1));
  return { status: 200, body: JSON.stringify(view) };
};
const dashboardFloor = async (req: http.IncomingMessage) => {
  const statements = dashboardSql.get(new URL(req.url ?? "/", SITE).search.slice(1));
  if (!statements) return { status: 400 };
  const results: unknown[] = [];
  // In turn, as the engine runs them (the page is kept inside the page count the count query gives).
  for (const q of statements) results.push((await raw.query(q.sql, q.params)).rows);
  return { status: 200, body: JSON.stringify(results) };
};

// ---------------------------------------------------------------------------------------------------------------
// The offer submission

/** The session cookie better-auth would set for this token (better-call's signed cookie: token.HMAC-SHA256). */
const hmacKey = await crypto.subtle.importKey(
  "raw",
  new TextEncoder().encode(BENCH_SECRET),
  { name: "HMAC", hash: "SHA-256" },
  false,
  ["sign"],
);
async function sessionCookie(token: string) {
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(token)));
  return `better-auth.session_token=${encodeURIComponent(`${token}.${btoa(String.fromCharCode(...sig))}`)}`;
}
const cookies: string[] = [];
for (let n = 1; n <= BUYERS; n++) cookies.push(await sessionCookie(`bench-token-${n}`));
const check = await services.auth.api.getSession({ headers: new Headers({ cookie: cookies[41] }) });
if (check?.user.id !== "bench-buyer-42") throw new Error("the bench's session cookies are not accepted by better-auth");

// Active listings without an open offer, in a pseudo-random order: each request of a run takes the next one.
const { rows: pool } = await raw.query<{ id: number; code: string; ppp: number }>(
  `select l.id, l.listing_code code, l.price_per_point_cents ppp from listings l
   where l.listing_status_id = 3 and not l.is_test
     and not exists (select 1 from offers o where o.listing_id = l.id
                     and o.status in ('submitted', 'countered_by_seller', 'countered_by_buyer'))
   order by md5(l.id::text || 'bench')`,
);
const codeOf = new Map(pool.map((l) => [l.id, l.code]));

/**
 * The n-th submission: buyer 1 + n % BUYERS on the n-th listing of the pool, at its asking price. `confirmLow`: the
 * low offer step's "Send my offer as it is" (the demo prices spread far around the appraisal), so none is held back.
 */
function submission(n: number) {
  const listing = pool[n % pool.length];
  const buyer = 1 + (n % BUYERS);
  const form = new URLSearchParams({
    pricePerPoint: (listing.ppp / 100).toFixed(2),
    financing: n % 4 === 0 ? "loan" : "cash",
    duesPaidBy: "",
    closingCostsPaidBy: "",
    deedNames: `Bench Buyer ${buyer}\nPat Buyer ${buyer}`,
    message: "We love this resort and would close quickly.",
    understood: "on",
    confirmLow: "on",
  });
  return { path: `/make-offer/${listing.id}`, cookie: cookies[buyer - 1], body: form.toString() };
}

function submissionRequests(): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      setupRequest: (req) => {
        const s = submission(n++);
        return {
          ...req,
          path: s.path,
          body: s.body,
          headers: { ...req.headers, cookie: s.cookie, "content-type": "application/x-www-form-urlencoded" },
        };
      },
    },
  ];
}

/** What the route's action gave: a Response (the 303), or React Router's `data()` with its status (a refusal). */
function outcome(out: unknown): { status: number; location?: string } {
  if (out instanceof Response) return { status: out.status, location: out.headers.get("location") ?? undefined };
  const init = (out as { init?: { status?: number } | null }).init;
  return { status: init?.status ?? 200 };
}

const submitApp = async (req: http.IncomingMessage, body: string) => {
  const request = new Request(`${SITE}${req.url}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: req.headers.cookie ?? "",
      origin: SITE,
    },
    body,
  });
  const id = (req.url ?? "").split("/").pop() ?? "";
  let out: unknown;
  try {
    out = await makeOfferAction({ request, params: { id }, context: {} } as never);
  } catch (thrown) {
    out = thrown;
    if (!(thrown instanceof Response)) throw thrown;
  }
  return outcome(out);
};

type Captured = { text: string; values: unknown[]; rowMode?: string; client: unknown };

/** Every statement sent through `pg` (Drizzle, better-auth and pg-boss all use it) while `fn` runs, in order. */
async function driverStatements(fn: () => Promise<unknown>): Promise<Captured[]> {
  const out: Captured[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const first = a[0] as string | { text?: string; values?: unknown[]; rowMode?: string };
    if (typeof first === "string") out.push({ text: first, values: (a[1] as unknown[]) ?? [], client: this });
    else if (first?.text) {
      // Drizzle passes the values as the second argument, pg-boss inside the config.
      const values = first.values ?? (Array.isArray(a[1]) ? (a[1] as unknown[]) : []);
      out.push({ text: first.text, values, rowMode: first.rowMode, client: this });
    }
    return query.apply(this, a);
  };
  try {
    await fn();
  } finally {
    proto.query = query;
  }
  return out;
}

// One real submission, by a buyer and on a listing no run uses, captured at the driver.
const capturedN = pool.length - 1;
const captureBuyer = BUYERS; // the last buyer; its turn in a run comes after BUYERS - 1 others
const capturedListing = pool[capturedN];
const captured = await (async () => {
  const s = submission(capturedN);
  const fakeReq = { url: s.path, headers: { cookie: cookies[captureBuyer - 1] } } as unknown as http.IncomingMessage;
  let result: { status: number } = { status: 0 };
  const statements = await driverStatements(async () => {
    result = await submitApp(fakeReq, s.body);
  });
  if (result.status !== 303) throw new Error(`the captured submission was refused: ${result.status}`);
  return statements;
})();
const { rows: capRows } = await raw.query<{ id: number }>(
  "select id from offers where buyer_id = $1 and listing_id = $2",
  [`bench-buyer-${captureBuyer}`, capturedListing.id],
);
const capturedOfferId = capRows[0].id;
const baseOfferId = capturedOfferId; // offers above it are the runs' own (deleted after each run)
const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
console.log(
  `\nOne submission (the make-offer action) sends ${captured.length} statements to PostgreSQL, ${captured.filter((c) => /^\s*begin/i.test(c.text)).length} transaction(s).`,
);

/** Replaces the captured buyer, session, listing and offer with this request's, in values and inside texts (JSON). */
function substitute(v: unknown, swaps: [string | number, string | number][], offerId: number | null): unknown {
  const all: [string | number, string | number][] = offerId === null ? swaps : [...swaps, [capturedOfferId, offerId]];
  if (typeof v === "number") return all.find(([from]) => from === v)?.[1] ?? v;
  if (typeof v !== "string") return v;
  if (uuidLike.test(v)) return randomUUID();
  let s = v;
  for (const [from, to] of all) {
    s =
      typeof from === "number"
        ? s.replace(new RegExp(`(?<![0-9])${from}(?![0-9])`, "g"), String(to))
        : s.split(from).join(String(to));
  }
  return s;
}

const isBegin = (t: string) => /^\s*begin/i.test(t);
const isEnd = (t: string) => /^\s*(commit|rollback)/i.test(t);

/** The captured statements again, in order and in the same transactions, for buyer `buyer` on `listingId`. */
async function replaySubmission(buyer: number, listingId: number, timings?: number[]) {
  const swaps: [string | number, string | number][] = [
    [`bench-token-${captureBuyer}`, `bench-token-${buyer}`],
    [`bench-session-${captureBuyer}`, `bench-session-${buyer}`],
    [`bench-buyer-${captureBuyer}`, `bench-buyer-${buyer}`],
    [capturedListing.code, codeOf.get(listingId) ?? ""],
    [capturedListing.id, listingId],
  ];
  let offerId: number | null = null;
  let tx: pg.PoolClient | null = null;
  let txOf: unknown = null;
  try {
    for (const c of captured) {
      const t = performance.now();
      const values = c.values.map((v) => substitute(v, swaps, offerId));
      const config = { text: c.text, values, ...(c.rowMode ? { rowMode: c.rowMode } : {}) } as pg.QueryConfig;
      let res: pg.QueryResult;
      if (isBegin(c.text)) {
        tx = await raw.connect();
        txOf = c.client;
        res = await tx.query(config);
      } else if (tx && c.client === txOf) {
        res = await tx.query(config);
        if (isEnd(c.text)) {
          tx.release();
          tx = null;
        }
      } else {
        res = await raw.query(config);
      }
      if (offerId === null && /^\s*insert into "offers"/i.test(c.text)) {
        const row = res.rows[0] as unknown[] | Record<string, unknown>;
        offerId = Number(Array.isArray(row) ? row[0] : Object.values(row)[0]);
      }
      timings?.push(performance.now() - t);
    }
  } catch (err) {
    if (tx) {
      await tx.query("rollback");
      tx.release();
    }
    throw err;
  }
  return offerId;
}

const submitFloor = async (req: http.IncomingMessage) => {
  const token = decodeURIComponent((req.headers.cookie ?? "").split("=")[1] ?? "").split(".")[0];
  const buyer = Number(token.replace("bench-token-", ""));
  const listingId = Number((req.url ?? "").split("/").pop());
  const offerId = await replaySubmission(buyer, listingId);
  return { status: 303, location: `/v2/profile/offers/${offerId}` };
};

// The floor writes what the app writes: checked once on a pair no run uses, with each statement's time.
{
  const timings: number[] = [];
  const probe = pool[pool.length - 2];
  const before = await raw.query<{ n: number }>("select count(*)::int n from offers");
  const id = await replaySubmission(BUYERS - 1, probe.id, timings);
  const { rows } = await raw.query(
    `select o.buyer_id, o.listing_id, (select count(*)::int from offer_rounds r where r.offer_id = o.id) rounds,
       (select count(*)::int from offers_logs g where g.offer_id = o.id) logs from offers o where o.id = $1`,
    [id],
  );
  const after = await raw.query<{ n: number }>("select count(*)::int n from offers");
  if (rows[0]?.buyer_id !== `bench-buyer-${BUYERS - 1}` || rows[0]?.listing_id !== probe.id) {
    throw new Error(`the floor's replay wrote the wrong offer: ${JSON.stringify(rows[0])}`);
  }
  console.log(
    `The floor's replay wrote offer #${id} (${after.rows[0].n - before.rows[0].n} new offer, ${rows[0].rounds} round, ${rows[0].logs} log row).`,
  );
  console.log("\nThe statements of one submission, timed once through the bare pool (ms, statement):");
  captured.forEach((c, i) => {
    console.log(`  ${timings[i].toFixed(2).padStart(7)}  ${c.text.replace(/\s+/g, " ").slice(0, 150)}`);
  });
  console.log(
    `  ${timings
      .reduce((a, b) => a + b, 0)
      .toFixed(1)
      .padStart(7)}  in all`,
  );
  const { rows: marketRead } = await raw.query<{ n: number }>(
    "select count(*)::int n from listings where listing_status_id = 3 and not is_test",
  );
  console.log(`(the active listings the appraisal reads: ${marketRead[0].n})`);
}

async function resetOffers() {
  await raw.query("delete from offers where id > $1", [baseOfferId]);
  await raw.query("vacuum analyze offers, offer_rounds, offers_logs");
  // A buyer who just filled in the form was active a moment ago: no "last active" write on the way.
  await raw.query("update session set updated_at = now() where id like 'bench-session-%'");
}
await resetOffers();

// ---------------------------------------------------------------------------------------------------------------
// Runs

type Pair = { app: Result; floor: Result; accepted?: { app: number; floor: number } };
const runs = new Map<string, Pair[]>();
const push = (k: string, p: Pair) => runs.set(k, [...(runs.get(k) ?? []), p]);
const offersAbove = async () =>
  (await raw.query<{ n: number }>("select count(*)::int n from offers where id > $1", [baseOfferId])).rows[0].n;

for (let round = 1; round <= ROUNDS; round++) {
  for (const s of scenarios) {
    const p = `/admin/offer-dashboard?${s.query}`;
    const app = await load(dashboardApp, { path: p });
    const floor = await load(dashboardFloor, { path: p });
    push(`dashboard: ${s.name}`, { app, floor });
    console.log(
      `round ${round} dashboard ${s.name}: app ${app.rps.toFixed(0)} req/s p99 ${app.p99} [${statusText(app.statuses)}]; floor ${floor.rps.toFixed(0)} req/s p99 ${floor.p99} [${statusText(floor.statuses)}]`,
    );
  }
  const app = await load(submitApp, { requests: submissionRequests(), duration: SUBMIT_DURATION });
  const appWritten = await offersAbove();
  await resetOffers();
  const floor = await load(submitFloor, { requests: submissionRequests(), duration: SUBMIT_DURATION });
  const floorWritten = await offersAbove();
  await resetOffers();
  push("offer submission", { app, floor, accepted: { app: appWritten, floor: floorWritten } });
  console.log(
    `round ${round} submission: app ${app.rps.toFixed(1)} req/s p99 ${app.p99} [${statusText(app.statuses)}], ${appWritten} offers written; floor ${floor.rps.toFixed(1)} req/s p99 ${floor.p99} [${statusText(floor.statuses)}], ${floorWritten} written`,
  );
}

console.log(
  `\nOffers on PostgreSQL: ${countRows[0].listings} listings, ${countRows[0].offers} offers, ${BUYERS} buyers; ${CONNECTIONS} connections, ${DURATION} s a dashboard run, ${SUBMIT_DURATION} s a submission run; medians of ${ROUNDS} alternating rounds:\n`,
);
console.log("| what | app req/s | app p50 ms | app p99 ms | floor req/s | floor p50 ms | floor p99 ms | app/floor |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [name, rs] of runs) {
  const m = (f: (p: Pair) => number) => median(rs.map(f));
  console.log(
    `| ${name} | ${m((p) => p.app.rps).toFixed(1)} | ${m((p) => p.app.p50)} | ${m((p) => p.app.p99)} | ${m((p) => p.floor.rps).toFixed(1)} | ${m((p) => p.floor.p50)} | ${m((p) => p.floor.p99)} | ${(m((p) => p.app.rps / p.floor.rps) * 100).toFixed(1)}% |`,
  );
}
const sub = runs.get("offer submission") ?? [];
const sum = (f: (p: Pair) => number) => sub.reduce((t, p) => t + f(p), 0);
const refused = (r: Result) =>
  Object.entries(r.statuses)
    .filter(([k]) => k !== "303")
    .reduce((t, [, v]) => t + v, 0);
console.log(
  `\nSubmissions over all rounds: app ${sum((p) => p.app.statuses[303] ?? 0)} accepted (303), ${sum((p) => refused(p.app))} refused or failed, ${sum((p) => p.accepted?.app ?? 0)} offers written; floor ${sum((p) => p.floor.statuses[303] ?? 0)} answered, ${sum((p) => refused(p.floor))} failed, ${sum((p) => p.accepted?.floor ?? 0)} offers written.`,
);

await raw.end();
await services.stop();
