/**
 * The offers' job queues (their handlers are in offers.jobs.server.ts). The timers carry `{ offerId, round }`: the
 * round the timer was set for, so a timer of a round the offer has moved past (a counter, an answer) does nothing.
 */
export const OFFERS_QUEUES = {
  /** Expires the offer when its time is up and nobody answered. */
  expire: "offers.expire",
  /** Halfway through, reminds the party whose turn it is. */
  remind: "offers.remind",
  /**
   * `{ listingId }`: the listing left the market (deactivated, rejected, its seller's account closed); its open
   * offers are declined and their buyers told. Queued by the listing workflow.
   */
  listingWithdrawn: "offers.listing-withdrawn",
  /** Every 10 minutes: expires open offers whose time is up, should a timer have been lost (a restore, a purge). */
  sweep: "offers.sweep",
} as const;
