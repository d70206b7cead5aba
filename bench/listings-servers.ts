/**
 * The two servers `npm run bench:listings` compares, over the same search bodies (bench/listings.bench.ts):
 *   1. the app: the route's action (zod parsing, searchListings through Drizzle) behind a bare node:http server;
 *   2. the floor: the same SQL text (taken from the Drizzle query builders) through a bare `pg` Pool and
 *      JSON.stringify behind a bare node:http server.
 * The closed loop runs both in the benchmark's own process; the open loop runs each in a process of its own
 * (bench/listings-server.ts).
 */
import http from "node:http";
import type pg from "pg";
import type { Services } from "~/lib/runtime.server";
import type { ResaleSearch } from "~/modules/listings/search.schema";
import { parseResaleSearch } from "~/modules/listings/search.schema";
import { type SearchWhere, searchCountQuery, selectSearchRows } from "~/modules/listings/search.queries.server";
import { SEARCH_COUNT_CAP } from "~/modules/listings/search.server";
import { action } from "~/routes/api/dvc-broker-listings";
import { SEARCH_BODIES } from "./listings-bodies";

type Statement = { sql: string; params: unknown[] };
/** A body's two statements as the app builds them (rows and count), keyed by the body's JSON. */
export type PreparedSearch = { rows: Statement; count: Statement; f: ResaleSearch };

/** Every body's statements, from the same Drizzle builders searchListings uses (a resort code resolved to its id). */
export async function prepareSearches(services: Services, raw: pg.Pool) {
  const { rows: resorts } = await raw.query<{ id: number; code: string }>("select id, code from resorts");
  const prepared = new Map<string, PreparedSearch>();
  for (const body of SEARCH_BODIES) {
    const parsed = parseResaleSearch(body);
    if (!parsed.success) throw new Error(parsed.error);
    const f = parsed.data;
    const resort = typeof f.resort === "string" ? (resorts.find((r) => r.code === f.resort)?.id ?? null) : f.resort;
    const where: SearchWhere = { ...f, resort };
    const rows = selectSearchRows(services.db, where, {
      ...f.orderBy,
      limit: f.limit,
      offset: (f.page - 1) * f.limit,
    }).toSQL();
    const count = searchCountQuery(services.db, where, SEARCH_COUNT_CAP).toSQL();
    prepared.set(JSON.stringify(body), { rows, count, f });
  }
  return prepared;
}

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The app: a web Request to the route's action, its Response written back. */
export function appServer() {
  return http.createServer(async (req, res) => {
    const body = await readBody(req);
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: { "content-type": "application/json" },
      body,
    });
    const answer = (await action({ request, params: {}, context: {} } as never)) as Response;
    res.writeHead(answer.status, { "content-type": "application/json" });
    // The body's chunks written as they come, as React Router's adapter does: decoding them to a string first cost
    // the app 3% of its CPU, and copying them into one buffer doubled the ArrayBuffers V8 counts towards a full
    // collection; the real server does neither.
    for await (const chunk of answer.body ?? []) res.write(chunk);
    res.end();
  });
}

/** The floor: the same statements through a bare pg Pool, the same answer's shape through JSON.stringify. */
export function bareServer(raw: pg.Pool, prepared: Map<string, PreparedSearch>) {
  return http.createServer(async (req, res) => {
    const body = await readBody(req);
    const p = prepared.get(JSON.stringify(JSON.parse(body)));
    if (!p) {
      res.writeHead(400).end("{}");
      return;
    }
    const [count, rows] = await Promise.all([
      raw.query({ text: p.count.sql, values: p.count.params, rowMode: "array" }),
      raw.query(p.rows.sql, p.rows.params),
    ]);
    const [totalText, lastModified] = count.rows[0] as [string, Date | null];
    const total = Number(totalText);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        data: rows.rows,
        meta: {
          total,
          per_page: p.f.limit,
          current_page: p.f.page,
          total_pages: Math.ceil(total / p.f.limit),
          total_is_capped: total >= SEARCH_COUNT_CAP,
        },
        lastModified,
      }),
    );
  });
}
