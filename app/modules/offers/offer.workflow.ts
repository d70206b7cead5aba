import type { Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { formatPerPoint, formatPrice } from "~/lib/format";
import { defineWorkflow } from "~/lib/workflow.server";
import type { OfferEvent } from "~/modules/journal/journal-kinds";
import { journalSummary } from "~/modules/journal/journal-kinds";
import { recordActivity } from "~/modules/journal/journal.server";
import { OFFERS_QUEUES } from "./offers-queues";
import {
  insertOfferRound,
  insertOffersLog,
  type OfferRow,
  selectOfferForWorkflow,
  updateOfferStatusWhere,
} from "./offers.queries.server";
import {
  AWAITING_SELLER,
  actingAs,
  awaitingSide,
  canSeeOffer,
  isAdministrator,
  OPEN_STATUSES,
  type OfferStatus,
  offerTimers,
  ownSide,
  type Payer,
  type Side,
} from "./offers.rules";

/**
 * The offer lifecycle (issue 10; decision 0029): submitted -> countered by the seller <-> countered by the buyer, each
 * counter a new round; the party whose turn it is accepts (final: the service puts the listing under contract and
 * writes the agreement in the same transaction), the seller declines with a reason, the buyer withdraws, the timer
 * expires it, and accepting one offer declines the other open offers on the listing. Only this declaration writes an
 * offer's status. Every transition writes its offers-log row and journal entry in its transaction.
 */

/** The timers' actor: it has no account and no rights but the timer's own transition. */
export const OFFER_TIMER: Viewer = {
  id: "system:offer-timer",
  name: "Offer timer",
  email: "",
  role: "buyer",
  staffRole: null,
  userUniqid: "",
  emailVerified: true,
  impersonatedBy: null,
};

const offerPrice = (o: { pricePerPointCents: number; totalCents: number }) =>
  `${formatPerPoint(o.pricePerPointCents)} (${formatPrice(o.totalCents)})`;

/** Writes an offer event: its offers-log row (SPEC's history note) and the journal entry of the side it belongs to. */
export async function recordOfferEvent(
  tx: Tx,
  e: {
    offer: OfferRow;
    actor: Viewer | null;
    event: OfferEvent;
    side: Side;
    reason?: string;
    expiresAt?: string;
  },
) {
  const administrator =
    e.actor && isAdministrator(e.actor) && ownSide(e.actor, e.offer) !== e.side ? e.actor.name : null;
  const facts = {
    event: e.event,
    offerId: e.offer.id,
    listingCode: e.offer.listingCode,
    side: e.side,
    administrator,
    price: offerPrice(e.offer),
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    ...(e.expiresAt !== undefined ? { expiresAt: e.expiresAt } : {}),
    ...(e.event === "mail-opened" || e.event === "viewed" ? { round: e.offer.round } : {}),
  };
  const actorId = e.actor && e.actor.id !== OFFER_TIMER.id ? e.actor.id : null;
  await insertOffersLog(tx, {
    offerId: e.offer.id,
    userId: actorId,
    onBehalfOf: administrator ? e.side : null,
    event: e.event,
    historyNote: journalSummary("offer.event", facts),
  });
  await recordActivity(tx, {
    userId: e.side === "buyer" ? e.offer.buyerId : e.offer.sellerId,
    actor: actorId && e.actor ? e.actor : null,
    kind: "offer.event",
    facts,
    data: {
      offerId: e.offer.id,
      listingId: e.offer.listingId,
      listingCode: e.offer.listingCode,
      event: e.event,
      round: e.offer.round,
      ...(administrator ? { onBehalfOf: e.side, administratorId: e.actor?.id } : {}),
    },
  });
}

const open = OPEN_STATUSES;
const party = (actor: Viewer, o: OfferRow) => canSeeOffer(actor, o);

const closedMessage = (o: OfferRow) => {
  switch (o.status) {
    case "accepted":
      return `Offer #${o.id} has already been accepted.`;
    case "declined":
      return o.declineReason
        ? `Offer #${o.id} was declined (${o.declineReason}).`
        : `Offer #${o.id} has already been declined.`;
    case "withdrawn":
      return `Offer #${o.id} was withdrawn by the buyer.`;
    case "expired":
      return `Offer #${o.id} has expired.`;
    default:
      return `Offer #${o.id} is waiting for the ${awaitingSide(o.status)}'s answer.`;
  }
};

/** Accepting and countering are for the side whose turn it is (or an administrator acting for it). */
const turnGuard = ({ before, actor }: { before: OfferRow; actor: Viewer }) => {
  const side = awaitingSide(before.status);
  if (!side || !actingAs(actor, before, side)) {
    throw new AppError(
      "FORBIDDEN",
      side === "seller"
        ? "It is the seller's turn to answer this offer."
        : "It is the buyer's turn to answer this counter-offer.",
    );
  }
};

/** The terms of a counter, parsed and priced by the service. */
export type CounterTerms = {
  pricePerPointCents: number;
  totalCents: number;
  duesPaidBy: Payer;
  closingCostsPaidBy: Payer;
  message: string;
  expiresAt: Date;
};

export const timerJobs = ({ after }: { after: OfferRow }) => {
  const hours = (after.expiresAt.getTime() - after.updatedAt.getTime()) / 3_600_000;
  const { remindAt } = offerTimers(after.updatedAt, hours);
  const data = { offerId: after.id, round: after.round };
  return [
    { queue: OFFERS_QUEUES.remind, data, startAfter: remindAt },
    { queue: OFFERS_QUEUES.expire, data, startAfter: after.expiresAt },
  ];
};

export type OfferTransition = "accept" | "counter" | "decline" | "withdraw" | "expire" | "declineForAnother";

export const offerWorkflow = defineWorkflow<OfferStatus, OfferRow, OfferTransition>({
  name: "offer",
  states: [...open, "accepted", "declined", "withdrawn", "expired"],
  stateOf: (o) => o.status,
  load: selectOfferForWorkflow,
  apply: updateOfferStatusWhere,
  transitions: {
    accept: {
      from: open,
      to: "accepted",
      can: party,
      forbidden: "Only the buyer or the seller of this offer can accept it.",
      conflict: closedMessage,
      guard: turnGuard,
      set: () => ({ closedAt: new Date() }),
      effects: async ({ tx, actor, before, after }) => {
        await recordOfferEvent(tx, {
          offer: after,
          actor,
          event: "accepted",
          side: awaitingSide(before.status) as Side,
        });
      },
    },
    counter: {
      from: open,
      to: ({ before }) => (AWAITING_SELLER.includes(before.status) ? "countered_by_seller" : "countered_by_buyer"),
      can: party,
      forbidden: "Only the buyer or the seller of this offer can counter it.",
      conflict: closedMessage,
      guard: turnGuard,
      set: ({ before, input }: { before: OfferRow; input: CounterTerms }) => ({
        round: before.round + 1,
        pricePerPointCents: input.pricePerPointCents,
        totalCents: input.totalCents,
        duesPaidBy: input.duesPaidBy,
        closingCostsPaidBy: input.closingCostsPaidBy,
        message: input.message,
        expiresAt: input.expiresAt,
      }),
      effects: async ({ tx, actor, before, after }) => {
        const side = awaitingSide(before.status) as Side;
        await insertOfferRound(tx, {
          offerId: after.id,
          round: after.round,
          proposedBy: side,
          actorId: actor.id,
          pricePerPointCents: after.pricePerPointCents,
          totalCents: after.totalCents,
          duesPaidBy: after.duesPaidBy,
          closingCostsPaidBy: after.closingCostsPaidBy,
          financing: after.financing,
          deedNames: after.deedNames,
          message: after.message,
        });
        await recordOfferEvent(tx, { offer: after, actor, event: "countered", side });
      },
      jobs: timerJobs,
    },
    decline: {
      from: AWAITING_SELLER,
      to: "declined",
      can: (actor, o) => actingAs(actor, o, "seller") !== null,
      forbidden: "Only the seller declines an offer.",
      conflict: (o) =>
        o.status === "countered_by_seller"
          ? `Your counter-offer on offer #${o.id} is with the buyer: wait for their answer.`
          : closedMessage(o),
      set: ({ input }: { input: { reason: string } }) => ({ closedAt: new Date(), declineReason: input.reason }),
      effects: async ({ tx, actor, input, after }) => {
        await recordOfferEvent(tx, {
          offer: after,
          actor,
          event: "declined",
          side: "seller",
          reason: (input as { reason: string }).reason,
        });
      },
    },
    withdraw: {
      from: open,
      to: "withdrawn",
      can: (actor, o) => actingAs(actor, o, "buyer") !== null,
      forbidden: "Only the buyer withdraws an offer.",
      conflict: closedMessage,
      set: () => ({ closedAt: new Date() }),
      effects: async ({ tx, actor, after }) => {
        await recordOfferEvent(tx, { offer: after, actor, event: "withdrawn", side: "buyer" });
      },
    },
    /** The timer: the party whose turn it was did not answer in time. */
    expire: {
      from: open,
      to: "expired",
      can: (actor) => actor.id === OFFER_TIMER.id,
      forbidden: "Only the offer's timer expires it.",
      conflict: closedMessage,
      set: () => ({ closedAt: new Date() }),
      effects: async ({ tx, before, after }) => {
        await recordOfferEvent(tx, {
          offer: after,
          actor: null,
          event: "expired",
          side: awaitingSide(before.status) as Side,
        });
      },
    },
    /**
     * The seller accepted another offer on the listing: taken by the accepting transaction for each other open offer
     * (acceptOffer has checked the accepting party).
     */
    declineForAnother: {
      from: open,
      to: "declined",
      // The accepting party may be the buyer of another offer (accepting the seller's counter): no CASL question.
      can: () => true,
      forbidden: "Only an accepted offer declines the others.",
      conflict: closedMessage,
      set: ({ input }: { input: { reason: string } }) => ({ closedAt: new Date(), declineReason: input.reason }),
      effects: async ({ tx, input, after }) => {
        // No person is named: it follows from another offer's acceptance, whose parties this offer's buyer does not see.
        await recordOfferEvent(tx, {
          offer: after,
          actor: null,
          event: "declined-another-accepted",
          side: "seller",
          reason: (input as { reason: string }).reason,
        });
      },
    },
  },
});
