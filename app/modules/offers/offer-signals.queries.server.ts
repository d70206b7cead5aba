import type { Tx } from "~/db/client.server";
import { offerRoundSignals } from "~/db/schema";

export type OfferSignal = "mail-opened" | "viewed";

/** Claims the first `signal` of an offer's round; false when it was already recorded. */
export async function insertSignalOnce(tx: Tx, offerId: number, round: number, signal: OfferSignal) {
  const rows = await tx
    .insert(offerRoundSignals)
    .values({ offerId, round, signal })
    .onConflictDoNothing()
    .returning({ offerId: offerRoundSignals.offerId });
  return rows.length > 0;
}
