import type { Db, Tx } from "~/db/client.server";
import { median } from "~/modules/listings/score";
import { salesWithDates } from "./embeds.queries.server";

/**
 * The `median-days-on-market` embed (issue 32, the seller page "how long to sell"): how long the contracts sold
 * through the marketplace took, from the product's own closed sales of the last twelve months. The days on market
 * are counted as the market data counts them (decision 0077, `refreshMarketMonthly`): from the listing's posting to
 * the agreement (the accepted offer); the days to close are the sale's own `days_to_close` (agreement to closing).
 * A developer buy-back (ROFR exercised) is a sale at the agreed price and counts. Demo market months are not read:
 * only sales that happened here.
 */
export const WINDOW_DAYS = 365;
const DAY_MS = 86_400_000;

export type MedianDaysRow = {
  resortCode: string;
  resortName: string;
  resortSlug: string;
  sales: number;
  /** Listing posted to offer accepted. */
  daysOnMarket: number | null;
  /** Offer accepted to closing. */
  daysToClose: number | null;
  /** Listing posted to closing. */
  daysListingToClose: number | null;
};

export type MedianDaysData = {
  windowDays: number;
  /** The window's first and last day (ISO dates, UTC). */
  from: string;
  to: string;
  /** Every resort together, then each resort with a sale in the window (most sales first). */
  all: Omit<MedianDaysRow, "resortCode" | "resortName" | "resortSlug">;
  byResort: MedianDaysRow[];
};

type Sale = { daysOnMarket: number; daysToClose: number };

const medianOf = (xs: number[]) => {
  const m = median([...xs].sort((a, b) => a - b));
  return m === null ? null : Math.round(m);
};

function summarise(xs: Sale[]) {
  return {
    sales: xs.length,
    daysOnMarket: medianOf(xs.map((s) => s.daysOnMarket)),
    daysToClose: medianOf(xs.map((s) => s.daysToClose)),
    daysListingToClose: medianOf(xs.map((s) => s.daysOnMarket + s.daysToClose)),
  };
}

export async function load(db: Db | Tx, now = new Date()): Promise<MedianDaysData> {
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const rows = await salesWithDates(db, since, now);
  const perResort = new Map<string, { name: string; slug: string; sales: Sale[] }>();
  const all: Sale[] = [];
  for (const r of rows) {
    const sale = {
      daysOnMarket: Math.max(0, Math.round((r.agreedAt.getTime() - r.postedAt.getTime()) / DAY_MS)),
      daysToClose: Math.max(0, r.daysToClose),
    };
    all.push(sale);
    const g = perResort.get(r.code) ?? { name: r.name, slug: r.slug, sales: [] };
    g.sales.push(sale);
    perResort.set(r.code, g);
  }
  const byResort = [...perResort.entries()]
    .map(([code, g]) => ({ resortCode: code, resortName: g.name, resortSlug: g.slug, ...summarise(g.sales) }))
    .sort((a, b) => b.sales - a.sales || a.resortName.localeCompare(b.resortName));
  return {
    windowDays: WINDOW_DAYS,
    from: since.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
    all: summarise(all),
    byResort,
  };
}
