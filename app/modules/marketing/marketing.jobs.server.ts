import type { JobDefinition } from "~/lib/jobs.server";
import { MARKETING_QUEUES, sendCampaignBatch } from "./marketing.server";

export { MARKETING_QUEUES };

export const MARKETING_JOBS: JobDefinition[] = [
  {
    queue: MARKETING_QUEUES.sendBatch,
    // Idempotent: each recipient is claimed in the transaction that writes its mail; a campaign no longer sending
    // (cancelled, finished) does nothing.
    run: async (data, ctx) => {
      const campaignId = Number((data as { campaignId?: unknown }).campaignId);
      if (!Number.isInteger(campaignId) || campaignId < 1) return;
      await sendCampaignBatch(
        {
          db: ctx.db,
          mailer: ctx.mailer,
          siteUrl: ctx.siteUrl,
          secret: ctx.config.authSecret,
          from: ctx.config.mailFrom,
          jobs: ctx.jobs,
        },
        campaignId,
      );
    },
  },
];
