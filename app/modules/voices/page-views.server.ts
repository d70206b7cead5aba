import { logger } from "~/lib/logger.server";
import { getServices, type Services } from "~/lib/runtime.server";
import { addPageViewRows, selectAppLinkTotals, selectTopPages } from "./voices.queries.server";

const BOT =
  /bot|crawl|spider|slurp|preview|headless|lighthouse|curl|wget|python-requests|httpclient|monitor|facebookexternalhit/i;
// Admin and API paths, and React Router's own requests (`/__manifest` of lazy route discovery).
const SKIPPED = /^\/(admin|api|__[a-z]+)(\/|$)/;

/** What the counter reads of a request: its method, path (with query) and headers. */
export type ViewRequest = { method: string; url: string; header(name: string): string | null | undefined };

/**
 * The path to count for a page request, or null: only GET page loads and client navigations (`/path.data`), never
 * admin or API paths, files, prefetches, or a bot's request (by its user agent). No cookie is read or set: one row per
 * path per day, one upsert.
 */
export function countablePath(request: ViewRequest): string | null {
  if (request.method !== "GET") return null;
  const ua = request.header("user-agent") ?? "";
  if (!ua || BOT.test(ua)) return null;
  if (request.header("purpose") === "prefetch" || request.header("sec-purpose")?.includes("prefetch")) return null;
  let path = new URL(request.url, "http://x").pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  if (SKIPPED.test(path) || /\.[a-z0-9]{2,5}$/i.test(path) || path.length > 300) return null;
  return path;
}

/**
 * server.ts's hook: called for every request before the anonymous page cache (so a page served from memory counts
 * too), once it was answered 200. Not awaited by the request: the views are added up in memory and written in one
 * upsert a second later (or at 500 paths), not one write per page view (decision 0098). server.ts writes what is left
 * when it stops (`flushPageViews`).
 */
export function countServedPageView(req: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}) {
  const header = (n: string) => {
    const v = req.headers[n];
    return Array.isArray(v) ? v[0] : v;
  };
  const path = countablePath({ method: req.method, url: req.url, header });
  if (!path) return;
  const key = `${new Date().toISOString().slice(0, 10)}\n${path}`;
  pendingViews.set(key, (pendingViews.get(key) ?? 0) + 1);
  if (pendingViews.size >= MAX_PENDING_PATHS) void flushPageViews();
  else if (!flushTimer) {
    flushTimer = setTimeout(() => void flushPageViews(), FLUSH_EVERY_MS);
    flushTimer.unref();
  }
}

const FLUSH_EVERY_MS = 1000;
const MAX_PENDING_PATHS = 500;
const pendingViews = new Map<string, number>();
let flushTimer: NodeJS.Timeout | null = null;
let flushing: Promise<void> = Promise.resolve();

/** Writes the views counted since the last write (one at a time, rows in key order); a failure is logged, never thrown. */
export function flushPageViews(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  if (pendingViews.size === 0) return flushing;
  const rows = [...pendingViews]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, views]) => {
      const [day, path] = key.split("\n");
      return { day, path, views };
    });
  pendingViews.clear();
  flushing = flushing.then(async () => {
    try {
      await addPageViewRows((await getServices()).db, rows);
    } catch (err) {
      logger.warn({ err, paths: rows.length }, "page views not counted");
    }
  });
  return flushing;
}

function daysAgo(days: number) {
  return new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** The admin dashboard's traffic: top pages of the last 7 and 30 days, and app-link clicks over 30 days. */
export async function getTrafficSummary(deps: Pick<Services, "db">) {
  const [week, month, clicks] = await Promise.all([
    selectTopPages(deps.db, daysAgo(7), 10),
    selectTopPages(deps.db, daysAgo(30), 10),
    selectAppLinkTotals(deps.db, daysAgo(30)),
  ]);
  return { week, month, clicks };
}
export type TrafficSummary = Awaited<ReturnType<typeof getTrafficSummary>>;
