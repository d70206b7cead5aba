import { type JobDefinition, NOTHING_CHANGED } from "~/lib/jobs.server";
import {
  MARKETING_QUEUES,
  sendCampaignBatch,
  startDueScheduledCampaigns,
  startScheduledCampaign,
} from "./marketing.server";

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
  {
    queue: MARKETING_QUEUES.startScheduled,
    // Idempotent (decision 0091): the campaign row is locked and starts only while still scheduled for this time.
    run: async (data, ctx) => {
      const d = data as { campaignId?: unknown; at?: unknown };
      const campaignId = Number(d.campaignId);
      const at = new Date(String(d.at));
      if (!Number.isInteger(campaignId) || campaignId < 1 || Number.isNaN(at.getTime())) return;
      await startScheduledCampaign({ db: ctx.db, jobs: ctx.jobs }, { campaignId, at });
    },
  },
  {
    queue: MARKETING_QUEUES.scheduleSweep,
    cron: "*/5 * * * *",
    run: async (_data, ctx) => {
      const started = await startDueScheduledCampaigns({ db: ctx.db, jobs: ctx.jobs });
      return started === 0 ? NOTHING_CHANGED : undefined;
    },
  },
];
