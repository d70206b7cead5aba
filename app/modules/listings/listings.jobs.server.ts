import type { JobDefinition } from "~/lib/jobs.server";
import { recomputeScores } from "./score.server";

export const LISTINGS_QUEUES = {
  /** Every active listing's score, over the whole market (after a resort's dues or end year change). */
  recomputeScores: "listings.recompute-scores",
} as const;

export const LISTINGS_JOBS: JobDefinition[] = [
  {
    queue: LISTINGS_QUEUES.recomputeScores,
    // Idempotent: recomputes every score from the current listings and resorts.
    run: async (_data, { db }) => void (await recomputeScores(db)),
  },
];
