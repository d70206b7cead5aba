import type { JobDefinition } from "~/lib/jobs.server";
import { refreshMarketMonthly } from "./market.server";

export const MARKET_QUEUES = {
  /** Recomputes the monthly market table (issue 31) from the listings and sales. */
  refreshMonthly: "market.refresh-monthly",
} as const;

export const MARKET_JOBS: JobDefinition[] = [
  {
    queue: MARKET_QUEUES.refreshMonthly,
    // Hourly (issue 34): the month's figures and each resort's asking and sold medians move with each closed sale and
    // new listing, and the price pages read them from here; computed in SQL (decision 0101): 265 ms at 100,000 listings
    // and 20,000 sales (bench:market).
    cron: "55 * * * *",
    // Idempotent: the same listings and sales give the same table.
    run: async (_data, { db }) => {
      await refreshMarketMonthly(db);
    },
  },
];
