import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import { countPageViewRow, selectAppLinkTotals, selectTopPages } from "./voices.queries.server";

const BOT =
  /bot|crawl|spider|slurp|preview|headless|lighthouse|curl|wget|python-requests|httpclient|monitor|facebookexternalhit/i;
const SKIPPED = /^\/(admin|api)(\/|$)/;

/**
 * The path to count for a page request, or null: only GET page loads, never admin or API paths, files, or a bot's
 * request (by its user agent). No cookie is read or set: one row per path per day, one upsert.
 */
export function countablePath(request: Request): string | null {
  if (request.method !== "GET") return null;
  const ua = request.headers.get("user-agent") ?? "";
  if (!ua || BOT.test(ua)) return null;
  if (request.headers.get("purpose") === "prefetch" || request.headers.get("sec-purpose")?.includes("prefetch"))
    return null;
  const url = new URL(request.url);
  let path = url.pathname.replace(/\.data$/, "");
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  if (SKIPPED.test(path) || /\.[a-z0-9]{2,5}$/i.test(path) || path.length > 300) return null;
  return path;
}

/** Counts one view of the request's page today (UTC); a failure never breaks the page. */
export async function countPageView(deps: Pick<Services, "db">, request: Request) {
  const path = countablePath(request);
  if (!path) return;
  try {
    await countPageViewRow(deps.db, path, new Date().toISOString().slice(0, 10));
  } catch (err) {
    logger.warn({ err, path }, "page view not counted");
  }
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
