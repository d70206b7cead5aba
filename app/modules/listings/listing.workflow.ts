import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { defineWorkflow } from "~/lib/workflow.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { notifyListingReview } from "~/modules/notifications/listing-notification.server";
import { DEACTIVATION_REASONS, deactivationReasonText, MESSAGES, OTHER_REASON } from "./inventory.schema";
import { LISTING_STATUS, type ListingStatusId } from "./listing-status";
import { DEACTIVATABLE_FROM } from "./listing-rules";
import { OFFERS_QUEUES } from "~/modules/offers/offers-queues";
import { SPECIAL_REQUEST_QUEUES } from "~/modules/special-requests/special-requests.queues";
import { LISTINGS_QUEUES } from "./listings.jobs.server";
import {
  type ListingWorkflowRow,
  selectListingForWorkflow,
  updateListingStatusWhere,
} from "./listing-workflow.queries.server";

/**
 * The listing lifecycle (SPEC section 4; decision 0023): pending review (1) -> active (3) or rejected
 * (deactivated, 9); active or pending -> deactivated with a reason; deactivated -> active again, or back to review
 * when an administrator never approved it; and, when its seller closes the account, deactivated with the account's
 * reason. Status ids stay the SPEC's on the wire; `LISTING_STATUS` names them everywhere else. The test flag and
 * reposting are not states: they are flags of an active listing, each a conditional update of its own
 * (admin-listings.server.ts). Every transition queues the recompute of its resort's scores.
 */

const { pending, active, underContract, sold, deactivated } = LISTING_STATUS;

const isReviewer = (actor: Viewer) => defineAbilityFor(actor).can("manage", "Listing");
const canChange = (actor: Viewer, l: ListingWorkflowRow) =>
  defineAbilityFor(actor).can("update", { __type: "Listing", sellerId: l.sellerId });

const recompute = ({ after }: { after: ListingWorkflowRow }) => [
  { queue: LISTINGS_QUEUES.recomputeScores, data: { resortId: after.resortId } },
];

/** A listing that left the market declines its open offers (the offers module's job; none while it was pending). */
const recomputeAndCloseOffers = ({ after }: { after: ListingWorkflowRow }) => [
  ...recompute({ after }),
  { queue: OFFERS_QUEUES.listingWithdrawn, data: { listingId: after.id } },
];

/** A listing that went live is announced to the special requests it meets (once each; the matcher decides). */
const recomputeAndAnnounce = ({ after }: { after: ListingWorkflowRow }) => [
  ...recompute({ after }),
  ...(after.listingStatusId === active
    ? [{ queue: SPECIAL_REQUEST_QUEUES.match, data: { listingId: after.id, reason: "listed" } }]
    : []),
];

const alreadyMessage = (l: ListingWorkflowRow) =>
  l.listingStatusId === underContract
    ? "This listing is under contract: an offer on it was accepted."
    : l.listingStatusId === active
      ? "This listing is already active."
      : l.listingStatusId === deactivated
        ? "This listing is already deactivated."
        : "This listing is already waiting for review.";

const noLongerInReview = (l: ListingWorkflowRow) => `Listing ${l.listingCode} is no longer waiting for review.`;

export type DeactivationInput = { reason?: string; other_reason?: string };

type StatusEvent =
  | "approved"
  | "rejected"
  | "deactivated"
  | "back-to-review"
  | "activated"
  | "under-contract"
  | "sold"
  | "back-on-market";

function journalStatus(event: (l: ListingWorkflowRow) => StatusEvent) {
  return async (ctx: {
    tx: Parameters<typeof recordActivity>[0];
    actor: Viewer;
    input: any;
    before: ListingWorkflowRow;
    after: ListingWorkflowRow;
  }) => {
    const reason = ctx.after.listingStatusId === deactivated ? reasonOf(ctx.input) : null;
    await recordActivity(ctx.tx, {
      userId: ctx.before.sellerId,
      actor: ctx.actor,
      kind: "listing.status",
      category: "listing",
      facts: { listingCode: ctx.after.listingCode, event: event(ctx.after), reason },
      data: {
        listingId: ctx.after.id,
        listingCode: ctx.after.listingCode,
        from: ctx.before.listingStatusId,
        to: ctx.after.listingStatusId,
        ...(reason !== null ? { reason } : {}),
      },
    });
  };
}

const reasonOf = (input: DeactivationInput | undefined) =>
  input?.reason ? deactivationReasonText(input.reason, input.other_reason) : null;

export const listingWorkflow = defineWorkflow<ListingStatusId, ListingWorkflowRow, ListingTransition>({
  name: "listing",
  states: [pending, active, underContract, sold, deactivated],
  stateOf: (l) => l.listingStatusId as ListingStatusId,
  load: selectListingForWorkflow,
  apply: (tx, id, change) => updateListingStatusWhere(tx, id, change),
  transitions: {
    approve: {
      from: [pending],
      to: active,
      can: isReviewer,
      forbidden: "Only administrators review listings.",
      conflict: noLongerInReview,
      set: () => ({ postedAt: new Date(), approvedAt: new Date() }),
      effects: journalStatus(() => "approved"),
      jobs: recomputeAndAnnounce,
    },
    reject: {
      from: [pending],
      to: deactivated,
      can: isReviewer,
      forbidden: "Only administrators review listings.",
      conflict: noLongerInReview,
      effects: journalStatus(() => "rejected"),
      jobs: recompute,
    },
    deactivate: {
      // The rule the seller's inventory offers the button by (listing-rules.ts).
      from: [...DEACTIVATABLE_FROM],
      to: deactivated,
      can: canChange,
      forbidden: "You can only change your own listings.",
      conflict: alreadyMessage,
      guard: ({ input }: { input: DeactivationInput }) => {
        if (!input?.reason || !DEACTIVATION_REASONS.some((r) => r.value === input.reason)) {
          throw new AppError("BAD_INPUT", MESSAGES.reasonRequired, { reason: [MESSAGES.reasonRequired] });
        }
        if (input.reason === OTHER_REASON && !input.other_reason) {
          throw new AppError("BAD_INPUT", MESSAGES.reasonRequired, { other_reason: [MESSAGES.reasonRequired] });
        }
      },
      set: ({ input }: { input: DeactivationInput }) => ({
        deactivationReasonId: Number(input.reason),
        deactivationReasonText: reasonOf(input),
      }),
      effects: journalStatus(() => "deactivated"),
      jobs: recomputeAndCloseOffers,
    },
    activate: {
      from: [deactivated],
      // A listing an administrator never approved goes back to review instead of going live.
      to: ({ before }) => (before.approvedAt ? active : pending),
      can: canChange,
      forbidden: "You can only change your own listings.",
      conflict: alreadyMessage,
      set: () => ({ deactivationReasonId: null, deactivationReasonText: null }),
      effects: async (ctx) => {
        if (ctx.to === pending) {
          await notifyListingReview(ctx.tx, { actor: ctx.actor, listing: ctx.after, event: "reactivated" });
        }
        await journalStatus((l) => (l.listingStatusId === pending ? "back-to-review" : "activated"))(ctx);
      },
      jobs: recomputeAndAnnounce,
    },
    /** The seller's account is deleted (account-deletion.server.ts takes it for each listing, in its transaction). */
    closeWithAccount: {
      from: [active, pending],
      to: deactivated,
      can: (actor, l) => actor.id === l.sellerId || isReviewer(actor),
      forbidden: "You can only close your own account's listings.",
      conflict: alreadyMessage,
      set: ({ input }: { input: { reasonText: string } }) => ({
        deactivationReasonId: Number(OTHER_REASON),
        deactivationReasonText: input.reasonText,
      }),
      effects: async ({ tx, actor, after }) => {
        await recordActivity(tx, {
          userId: after.sellerId,
          actor,
          kind: "listing.status",
          category: "listing",
          facts: { listingCode: after.listingCode, event: "account-deleted" },
          data: { listingId: after.id, listingCode: after.listingCode, status: deactivated },
        });
      },
      jobs: recomputeAndCloseOffers,
    },
    /**
     * An offer on the listing was accepted (decision 0029): it leaves the search as under contract. Taken only by the
     * offers module, inside the accepting transaction (`transitionIn`), once it has checked that the actor is the
     * party who may accept; the buyer accepting a seller's counter takes it too, hence no CASL question here.
     */
    putUnderContract: {
      from: [active],
      to: underContract,
      can: () => true,
      forbidden: "Only an accepted offer puts a listing under contract.",
      conflict: (l) =>
        l.listingStatusId === underContract
          ? `Listing ${l.listingCode} is already under contract: another offer was accepted.`
          : `Listing ${l.listingCode} is not active, so no offer on it can be accepted.`,
      effects: journalStatus(() => "under-contract"),
      jobs: recompute,
    },
    /**
     * The agreement closed, or the developer exercised its right of first refusal (issue 11): the contract is sold.
     * Taken only by the agreements module inside its transaction, once it has checked the administrator.
     */
    markSold: {
      from: [underContract],
      to: sold,
      can: () => true,
      forbidden: "Only a closed agreement marks a listing sold.",
      conflict: (l) => `Listing ${l.listingCode} is not under contract, so it cannot be marked sold.`,
      set: () => ({ isFeatured: false }),
      effects: journalStatus(() => "sold"),
      jobs: recompute,
    },
    /** The agreement was cancelled: the listing is for sale again (and announced to matching requests). */
    backOnMarket: {
      from: [underContract],
      to: active,
      can: () => true,
      forbidden: "Only a cancelled agreement puts a listing back on the market.",
      conflict: (l) => `Listing ${l.listingCode} is not under contract.`,
      effects: journalStatus(() => "back-on-market"),
      jobs: recomputeAndAnnounce,
    },
  },
});

export type ListingTransition =
  | "approve"
  | "reject"
  | "deactivate"
  | "activate"
  | "closeWithAccount"
  | "putUnderContract"
  | "markSold"
  | "backOnMarket";
