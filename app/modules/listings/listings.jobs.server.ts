import type { JobDefinition } from "~/lib/jobs.server";
import { recomputeScores } from "./score.server";

export const LISTINGS_QUEUES = {
  /**
   * Listing scores: `{ resortId }` recomputes one resort's (after a listing of it changes), `{}` the whole market
   * (after a resort's dues or end year change). The one way scores are recomputed after a change.
   */
  recomputeScores: "listings.recompute-scores",
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
];
