import type { Db, Tx } from "~/db/client.server";
import { medianDaysOfSales } from "./embeds.queries.server";

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

const rounded = (m: number | null) => (m === null ? null : Math.round(m));

/** The medians are taken in the database (one row per resort and one for all, whatever the number of sales). */
export async function load(db: Db | Tx, now = new Date()): Promise<MedianDaysData> {
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const rows = await medianDaysOfSales(db, since, now);
  const summary = (r: (typeof rows)[number]) => ({
    sales: r.sales,
    daysOnMarket: rounded(r.daysOnMarket),
    daysToClose: rounded(r.daysToClose),
    daysListingToClose: rounded(r.daysListingToClose),
  });
  const overall = rows.find((r) => r.code === null);
  const byResort = rows
    .flatMap((r) =>
      r.code === null
        ? []
        : [{ resortCode: r.code, resortName: r.name ?? "", resortSlug: r.slug ?? "", ...summary(r) }],
    )
    .sort((a, b) => b.sales - a.sales || a.resortName.localeCompare(b.resortName));
  return {
    windowDays: WINDOW_DAYS,
    from: since.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
    all: overall ? summary(overall) : { sales: 0, daysOnMarket: null, daysToClose: null, daysListingToClose: null },
    byResort,
  };
}
