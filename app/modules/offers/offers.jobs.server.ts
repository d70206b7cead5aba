import { type JobDefinition, NOTHING_CHANGED } from "~/lib/jobs.server";
import { OFFERS_QUEUES } from "./offers-queues";
import {
  closeOffersOfWithdrawnListing,
  expireOffer,
  expireOverdueOffers,
  remindOffer,
  timerDataOf,
} from "./offers.server";

export { OFFERS_QUEUES };

/**
 * The offers' timers (issue 10): each proposal queues a reminder halfway and an expiry at its end, both carrying the
 * round they were set for. A timer whose round has passed, or whose offer is closed, does nothing: answering or
 * countering cancels the pending timers that way (decision 0029). Both are idempotent.
 */
export const OFFERS_JOBS: JobDefinition[] = [
  {
    queue: OFFERS_QUEUES.expire,
    run: async (data, { db, mailer, sms, siteUrl }) => {
      const d = timerDataOf(data);
      if (d) await expireOffer({ db, mailer, sms, config: { authUrl: siteUrl } }, d);
    },
  },
  {
    queue: OFFERS_QUEUES.remind,
    run: async (data, { db, mailer, sms, siteUrl }) => {
      const d = timerDataOf(data);
      if (d) await remindOffer({ db, mailer, sms, config: { authUrl: siteUrl } }, d);
    },
  },
  {
    queue: OFFERS_QUEUES.sweep,
    cron: "*/10 * * * *",
    run: async (_data, { db, mailer, sms, siteUrl }) => {
      const expired = await expireOverdueOffers({ db, mailer, sms, config: { authUrl: siteUrl } });
      return expired === 0 ? NOTHING_CHANGED : undefined;
    },
  },
  {
    queue: OFFERS_QUEUES.listingWithdrawn,
    run: async (data, { db, mailer, sms, siteUrl }) => {
      const listingId = Number((data as { listingId?: unknown } | null)?.listingId);
      if (Number.isInteger(listingId) && listingId > 0) {
        await closeOffersOfWithdrawnListing({ db, mailer, sms, config: { authUrl: siteUrl } }, { listingId });
      }
    },
  },
];
