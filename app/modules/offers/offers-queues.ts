/**
 * The offers' job queues (their handlers are in offers.jobs.server.ts). Both carry `{ offerId, round }`: the round the
 * timer was set for, so a timer of a round the offer has moved past (a counter, an answer) does nothing.
 */
export const OFFERS_QUEUES = {
  /** Expires the offer when its time is up and nobody answered. */
  expire: "offers.expire",
  /** Halfway through, reminds the party whose turn it is. */
  remind: "offers.remind",
} as const;
