import type { JobDefinition } from "~/lib/jobs.server";
import { refreshMarketMonthly } from "./market.server";

export const MARKET_QUEUES = {
  /** Recomputes the monthly market table (issue 31) from the listings and sales. */
  refreshMonthly: "market.refresh-monthly",
} as const;

export const MARKET_JOBS: JobDefinition[] = [
  {
    queue: MARKET_QUEUES.refreshMonthly,
    // Nightly, after the scores (02:40): the month's figures move with each closed sale and new listing.
    cron: "55 2 * * *",
    // Idempotent: the same listings and sales give the same table.
    run: async (_data, { db }) => {
      await refreshMarketMonthly(db);
    },
  },
];
