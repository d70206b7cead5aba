/**
 * /metrics in Prometheus' text format (issue 29, prom-client), one registry per process:
 *
 * - `vpm_http_requests_total{route,method,status}` and `vpm_http_request_duration_seconds{route,method,status}`: every
 *   answer, by the React Router route id it landed on (`assets` for build files, `static` for public files,
 *   `page-cache` is not a route: a page-cache hit counts under its route too);
 * - `vpm_db_pool_connections{state}` (`in_use`, `idle`) and `vpm_db_pool_waiting`: the app's own PostgreSQL pool;
 * - `vpm_jobs{queue,state}` (`created`, `retry`, `active`, `failed`: pg-boss keeps failed jobs for its retention
 *   period), `vpm_job_oldest_waiting_seconds{queue}`: how long the oldest job due to run has waited;
 * - `vpm_outbox_messages{outbox,status}` (`queued`, `failed`) and `vpm_outbox_oldest_queued_seconds{outbox}`: mail and
 *   SMS not delivered yet;
 * - prom-client's default metrics (`process_*`, `nodejs_eventloop_lag_*`, `nodejs_heap_*`, garbage collection).
 *
 * The database figures are read when Prometheus scrapes, at most once every 5 s per process (two scrapes close
 * together share one reading). Express only (no `~` imports), so server.ts can load this file as it is.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** What the metrics read of the database: the pool's counters (PostgreSQL) and a way to run a query. */
export type MetricsDatabase =
  | {
      driver: "pg";
      pool: {
        totalCount: number;
        idleCount: number;
        waitingCount: number;
        query(text: string): Promise<{ rows: unknown[] }>;
      };
    }
  | { driver: "pglite"; pglite: { query(text: string): Promise<{ rows: unknown[] }> } };

type QueueRow = { name: string; state: string; n: number; oldest: number | null };
type OutboxRow = { outbox: string; status: string; n: number; oldest: number | null };

const JOB_STATES = ["created", "retry", "active", "failed"] as const;
const QUEUE_SQL = `
  select name, state::text as state, count(*)::int as n,
    extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
  from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`;
const OUTBOX_SQL = `
  select 'mail' as outbox, status, count(*)::int as n,
    extract(epoch from now() - min(created_at))::float8 as oldest
  from mail_outbox where status in ('queued', 'failed') group by status
  union all
  select 'sms' as outbox, status, count(*)::int as n,
    extract(epoch from now() - min(created_at))::float8 as oldest
  from sms_outbox where status in ('queued', 'failed') group by status`;

export function createMetrics(opts: { database?: MetricsDatabase; now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({
    name: "vpm_http_requests_total",
    help: "HTTP answers, by React Router route id, method and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "vpm_http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by route id, method and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const query = async <T>(text: string): Promise<T[]> => {
    const db = opts.database;
    if (!db) return [];
    const r = db.driver === "pg" ? await db.pool.query(text) : await db.pglite.query(text);
    return r.rows as T[];
  };
  // One reading of the database per 5 s, shared by the gauges that show it.
  let reading:
    | { at: number; done: Promise<{ queues: QueueRow[]; names: string[]; outboxes: OutboxRow[] }> }
    | undefined;
  const read = () => {
    if (!reading || now() - reading.at > 5000) {
      const done = Promise.all([
        query<QueueRow>(QUEUE_SQL).catch(() => [] as QueueRow[]),
        query<{ name: string }>("select name from pgboss.queue").catch(() => []),
        query<OutboxRow>(OUTBOX_SQL).catch(() => [] as OutboxRow[]),
      ]).then(([queues, names, outboxes]) => ({ queues, names: names.map((n) => n.name), outboxes }));
      reading = { at: now(), done };
    }
    return reading.done;
  };

  const db = opts.database;
  if (db?.driver === "pg") {
    new Gauge({
      name: "vpm_db_pool_connections",
      help: "Connections of the app's PostgreSQL pool, in use (checked out) or idle",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "in_use" }, db.pool.totalCount - db.pool.idleCount);
        this.set({ state: "idle" }, db.pool.idleCount);
      },
    });
    new Gauge({
      name: "vpm_db_pool_waiting",
      help: "Queries waiting for a connection of the app's PostgreSQL pool",
      registers: [registry],
      collect() {
        this.set(db.pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: "vpm_jobs",
    help: "Jobs in pg-boss by queue and state (created, retry, active; failed: kept for pg-boss's retention period)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { queues, names } = await read();
      for (const name of names) for (const state of JOB_STATES) this.set({ queue: name, state }, 0);
      for (const r of queues) this.set({ queue: r.name, state: r.state }, Number(r.n));
    },
  });
  new Gauge({
    name: "vpm_job_oldest_waiting_seconds",
    help: "How long the oldest job that is due (created or retry, start time passed) has waited, by queue",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const oldest = new Map<string, number>();
      for (const r of (await read()).queues) {
        if (r.oldest !== null) oldest.set(r.name, Math.max(oldest.get(r.name) ?? 0, Number(r.oldest)));
      }
      for (const [queue, seconds] of oldest) this.set({ queue }, Math.max(0, seconds));
    },
  });
  new Gauge({
    name: "vpm_outbox_messages",
    help: "Mail and SMS messages not delivered: queued (waiting for their job) or failed",
    labelNames: ["outbox", "status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const o of ["mail", "sms"]) for (const s of ["queued", "failed"]) this.set({ outbox: o, status: s }, 0);
      for (const r of (await read()).outboxes) this.set({ outbox: r.outbox, status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: "vpm_outbox_oldest_queued_seconds",
    help: "Age of the oldest queued (undelivered) message, by outbox; 0 when none waits",
    labelNames: ["outbox"] as const,
    registers: [registry],
    async collect() {
      const rows = (await read()).outboxes.filter((r) => r.status === "queued");
      for (const o of ["mail", "sms"]) this.set({ outbox: o }, Number(rows.find((r) => r.outbox === o)?.oldest ?? 0));
    },
  });

  /** Counts an answer when it ends. `route` is read then (the request handler may set it late). */
  const observe = (req: Request, res: Response, route: () => string) => {
    const start = process.hrtime.bigint();
    res.once("finish", () => {
      const labels = { route: route(), method: req.method, status: String(res.statusCode) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    });
  };

  /** The scrape's answer, in Prometheus' text format. */
  const handler = async (_req: IncomingMessage, res: ServerResponse) => {
    try {
      const body = await registry.metrics();
      res.setHeader("Content-Type", registry.contentType);
      res.setHeader("Cache-Control", "no-store");
      res.end(body);
    } catch (err) {
      res.statusCode = 500;
      res.end(err instanceof Error ? err.message : String(err));
    }
  };

  /**
   * /metrics on the web port: only with `Authorization: Bearer <token>`; without a token configured, not there (404),
   * so metrics are never public by default. A separate METRICS_PORT serves `handler` without a token.
   */
  const guarded = (token: string | undefined) => (req: Request, res: Response, next: NextFunction) => {
    if (!token) return next();
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.setHeader("Cache-Control", "no-store");
      res.status(401).type("text/plain").end("A metrics token is required (Authorization: Bearer ...).\n");
      return;
    }
    void handler(req, res);
  };

  return { registry, observe, handler, guarded };
}
