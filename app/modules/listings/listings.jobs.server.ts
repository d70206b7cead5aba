import type { JobDefinition } from "~/lib/jobs.server";
import { repostDueListings } from "./auto-repost.server";
import { recomputeScores } from "./score.server";

export const LISTINGS_QUEUES = {
  /**
   * Listing scores: `{ resortId }` recomputes one resort's (after a listing of it changes), `{}` the whole market
   * (after a resort's dues or end year change). The one way scores are recomputed after a change.
   */
  recomputeScores: "listings.recompute-scores",
  /** Issue 33: the daily automatic repost of listings not posted for a while (the "Repost" tweaks). */
  autoRepost: "listings.auto-repost",
} as const;

export const LISTINGS_JOBS: JobDefinition[] = [
  {
    queue: LISTINGS_QUEUES.recomputeScores,
    // Nightly too: the years left on each contract move with the calendar, and a database migrated to a new stored
    // value (the appraisal, migration 0011) gets it without waiting for a listing to change.
    cron: "40 2 * * *",
    // Idempotent: recomputes every score from the current listings and resorts.
    run: async (data, { db }) => {
      const resortId = (data as { resortId?: unknown } | null)?.resortId;
      await recomputeScores(db, Number.isInteger(resortId) ? { resortId: resortId as number } : {});
    },
  },
  {
    queue: LISTINGS_QUEUES.autoRepost,
    // Daily at 06:10 Eastern, before the morning's buyers; off unless the Repost tweaks switch it on.
    cron: "10 6 * * *",
    // Idempotent: each repost re-checks that the listing is still due (posted before today and long enough ago,
    // under its maximum), so a retried or second run reposts nothing again.
    run: async (_data, { db }) => {
      await repostDueListings({ db });
    },
  },
];
