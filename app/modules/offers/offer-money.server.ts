import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getDealEstimateBasis } from "~/modules/agreements/deal-estimates.server";
import { type DealEstimate, type DealEstimateBasis, estimateDeal } from "~/modules/agreements/deal-estimates";
import { listAgreementsWaitingOn } from "~/modules/agreements/agreement-waiting.server";
import { acceptOffer, getOfferForViewer } from "./offers.server";
import { AWAITING_BUYER, AWAITING_SELLER, type Payer } from "./offers.rules";
import { selectListingForOffer, selectOffersAwaiting } from "./offers.queries.server";

type Deps = Pick<Services, "db">;

/**
 * The money of an offer before the agreement (issue 27): the basis of the estimates for a listing (the make-offer
 * form recomputes the buyer's all-in total from it in the browser), the estimate of an offer's terms for its page
 * (the seller's net in the accept dialog, the buyer's all-in total), and the confirmed acceptance.
 */

/** The estimate basis of a listing's contract (null for a listing that does not exist). */
export async function getListingEstimateBasis(
  deps: Deps,
  args: { listingId: number; resortCode: string },
): Promise<DealEstimateBasis | null> {
  const l = await selectListingForOffer(deps.db, args.listingId);
  if (!l) return null;
  return getDealEstimateBasis(deps.db, {
    resortId: l.resortId,
    resortCode: args.resortCode,
    sellerId: l.source === "member" ? l.sellerId : null,
    points: l.contractPoints,
  });
}

/** The estimate of the terms on the table of an offer the caller may see (getOfferForViewer checked it). */
export async function estimateOfferTerms(
  deps: Deps,
  offer: {
    listingId: number;
    resortId: number;
    resortCode: string;
    sellerId: string | null;
    points: number;
    pricePerPointCents: number;
    duesPaidBy: Payer;
    closingCostsPaidBy: Payer;
  },
): Promise<{ estimate: DealEstimate; basis: DealEstimateBasis }> {
  const basis = await getDealEstimateBasis(deps.db, {
    resortId: offer.resortId,
    resortCode: offer.resortCode,
    sellerId: offer.sellerId,
    points: offer.points,
  });
  return { basis, estimate: estimateDeal(basis, offer) };
}

export const ACCEPT_CONFIRM_MESSAGE =
  "Please confirm the acceptance: check the price and your estimated figures, then choose “Yes, accept”.";

/**
 * Accepting from a page is a confirmation, not one click: the form sends `confirm=yes` from the confirmation step
 * (which shows the price, the estimated net or all-in total and what happens next). Without it, a 422 that names the
 * step and changes nothing. Permission and the acceptance itself are `acceptOffer`'s.
 */
export async function acceptOfferConfirmed(
  deps: Services,
  args: { actor: Viewer; input: { offerId: unknown; confirm: unknown } },
) {
  if (args.input.confirm !== "yes") {
    // The offer must be the viewer's to see before the refusal says anything about it.
    await getOfferForViewer(deps, { actor: args.actor, input: { offerId: args.input.offerId } });
    throw new AppError("NEEDS_CONFIRMATION", ACCEPT_CONFIRM_MESSAGE, { confirm: [ACCEPT_CONFIRM_MESSAGE] });
  }
  return acceptOffer(deps, { actor: args.actor, input: { offerId: args.input.offerId } });
}

/** One offer waiting for this person's answer. */
export type OfferWaiting = {
  offerId: number;
  kind: "answer-offer" | "answer-counter";
  title: string;
  resortName: string;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
  dueAt: Date;
  path: string;
};

/**
 * What waits on this person (the profile's landing page, issue 27): offers on their listings to answer (a seller),
 * counters to answer (a buyer; a seller answering a buyer's counter too), soonest deadline first; then their
 * agreements' steps (contracts to sign, the deposit to wire) from the agreements module.
 */
export async function listWaitingOn(deps: Deps, args: { actor: Viewer }) {
  const [awaiting, agreements] = await Promise.all([
    selectOffersAwaiting(deps.db, args.actor.id, {
      sellerStatuses: AWAITING_SELLER,
      buyerStatuses: AWAITING_BUYER,
      limit: 100,
    }),
    listAgreementsWaitingOn(deps, args),
  ]);
  const offers: OfferWaiting[] = awaiting
    .map((o) => ({
      offerId: o.id,
      kind: o.status === "submitted" ? ("answer-offer" as const) : ("answer-counter" as const),
      title:
        o.status === "submitted"
          ? `Answer ${o.buyerName}'s offer`
          : o.status === "countered_by_buyer"
            ? `Answer ${o.buyerName}'s counter-offer`
            : "Answer the seller's counter-offer",
      resortName: o.resortName,
      points: o.points,
      pricePerPointCents: o.pricePerPointCents,
      totalCents: Number(o.totalCents),
      dueAt: o.expiresAt,
      path: href("/v2/profile/offers/:offerId", { offerId: String(o.id) }),
    }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  return { offers, agreements };
}
