import type { JobDefinition } from "~/lib/jobs.server";
import { SPECIAL_REQUEST_QUEUES } from "./special-requests.queues";
import { announceListing } from "./special-requests.server";

export const SPECIAL_REQUEST_JOBS: JobDefinition[] = [
  {
    queue: SPECIAL_REQUEST_QUEUES.match,
    // Idempotent: each request and listing is announced once (a unique row), whatever the retries.
    run: async (data, ctx) => {
      const d = (data ?? {}) as { listingId?: unknown; reason?: unknown };
      if (!Number.isInteger(d.listingId)) return;
      await announceListing(ctx, {
        listingId: d.listingId as number,
        reason: d.reason === "price" ? "price" : "listed",
      });
    },
  },
];
