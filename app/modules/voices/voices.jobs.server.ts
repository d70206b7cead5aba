import type { JobDefinition } from "~/lib/jobs.server";
import { reviewsProviderFrom, syncReviews } from "./reviews.server";

export const VOICES_QUEUES = {
  /** Fetches the reviews provider's new reviews (issue 32), when one is connected (REVIEWS_PROVIDER_URL). */
  syncReviews: "voices.sync-reviews",
} as const;

export const VOICES_JOBS: JobDefinition[] = [
  {
    queue: VOICES_QUEUES.syncReviews,
    // Daily at 04:20 Eastern: reviews arrive a few a week; the administrator can fetch at once from the screen.
    cron: "20 4 * * *",
    // Idempotent: a review already stored (same source and id) is not added again. Without a provider: nothing.
    run: async (_data, deps) => {
      const provider = reviewsProviderFrom(process.env);
      if (provider.name === "local") return;
      await syncReviews(deps, provider);
    },
  },
];
