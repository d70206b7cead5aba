import { href } from "react-router";
import type { z } from "zod";
import { defineAbilityFor, isStaffAccount, type Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import type { TemplateDef } from "~/lib/templates.server";
import { queueJobs, transitionIn } from "~/lib/workflow.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingWorkflow } from "~/modules/listings/listing.workflow";
import { explainScore } from "~/modules/listings/score.server";
import { renderStoredTemplate, sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { getNotificationPreferences, notifyUser } from "~/modules/notifications/user-notifications.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { getOfferTweaks } from "~/modules/settings/tweaks.server";
import { OFFER_TIMER, offerWorkflow, recordOfferEvent, timerJobs } from "./offer.workflow";
import {
  countOffersOfBuyerSince,
  countOpenOffersOfBuyer,
  deleteOffersLogs,
  hasReminderSince,
  insertAgreement,
  insertOffer,
  insertOfferRound,
  lockBuyerForOffer,
  lockListingForOffer,
  lockOffer,
  type OfferRow,
  selectBrokerName,
  selectListingForOffer,
  selectOfferView,
  selectOfferForWorkflow,
  selectOfferLogs,
  selectOfferRounds,
  selectOffersLogsPage,
  selectOffersPage,
  selectOpenOfferOfBuyerOnListing,
  selectOtherOpenOfferIds,
  selectOverdueOpenOffers,
  selectPerson,
  selectResortName,
} from "./offers.queries.server";
import {
  ACCEPTED_ANOTHER_OFFER,
  appraisalPerPointCents,
  LISTING_WITHDRAWN,
  AWAITING_SELLER,
  actingAs,
  awaitingSide,
  canSeeOffer,
  checkOfferPrice,
  isAdministrator,
  isOpen,
  limitMessage,
  OPEN_STATUSES,
  type OfferStatus,
  offerTimers,
  offerTotalCents,
  openOfferLimitReached,
  otherSide,
  ownSide,
  type Side,
} from "./offers.rules";
import {
  CounterOfferSchema,
  DeclineOfferSchema,
  DeleteOffersLogsSchema,
  OfferIdSchema,
  OfferListSchema,
  SubmitOfferSchema,
} from "./offers.schema";
import { offerMailPixelPath } from "./offer-signals.token.server";
import { listingName } from "~/modules/listings/listing-name";
import {
  OFFER_ACCEPTED_MAIL,
  OFFER_COUNTERED_MAIL,
  OFFER_DECLINED_MAIL,
  OFFER_EVENT_SMS,
  OFFER_EXPIRED_MAIL,
  OFFER_EXPIRING_MAIL,
  OFFER_SENT_COPY_MAIL,
  OFFER_SUBMITTED_MAIL,
  OFFER_WITHDRAWN_MAIL,
} from "./offers.templates";

/**
 * The offers' services (issue 10). Each change runs in one transaction: the offer's rows, its offers-log row and
 * journal entry, and for an acceptance the listing's move to under contract, the agreement record and the other open
 * offers' declines. Jobs (timers, the score recompute) are queued and mails sent after the commit.
 */

type MailDeps = Pick<Services, "db" | "mailer"> & {
  /** Text messages (in-app notifications are written without it). */
  sms?: Services["sms"];
  /** The site's address for links; the auth secret signs the open-tracking image's token. */
  config?: Pick<Services["config"], "authUrl"> & Partial<Pick<Services["config"], "authSecret">>;
};
type Deps = MailDeps & Pick<Services, "jobs">;

export const OFFERS_PAGE_SIZE = 20;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  const messages = Object.values(fields).flat();
  throw new AppError(
    "BAD_INPUT",
    Object.keys(fields).length > 1 ? "Please correct the highlighted fields." : (messages[0] ?? "Invalid request."),
    fields,
  );
}

const notFound = () => new AppError("NOT_FOUND", "This offer does not exist.");

/** The offer, when the actor may see it; anyone else is told it does not exist (nobody else sees an offer). */
async function visibleOffer(tx: Db | Tx, actor: Viewer, id: number) {
  const row = await selectOfferForWorkflow(tx, id);
  if (!row || !canSeeOffer(actor, row)) throw notFound();
  return row;
}

const priceText = (o: { pricePerPointCents: number }) => formatPerPoint(o.pricePerPointCents);

// ---------------------------------------------------------------------------------------------------------------
// Submitting

/** Offers one buyer may make on one listing in an hour, withdrawn ones included (issue 28). */
export const OFFERS_PER_LISTING_PER_HOUR = 3;
/** Offers one buyer may make in an hour, on all listings together (issue 28). */
export const OFFERS_PER_HOUR = 10;
export const OFFER_LIMIT_MESSAGES = {
  perListing: `You have made ${OFFERS_PER_LISTING_PER_HOUR} offers on this listing in the last hour, the most allowed. Please wait before making another.`,
  perHour: `You have made ${OFFERS_PER_HOUR} offers in the last hour, the most allowed. Please wait before making another.`,
} as const;
/** Mails about the same listing and buyer, of one kind, to one party within this window are folded into the first. */
export const OFFER_MAIL_FOLD_SECONDS = 10 * 60;
/** The offer mails that repeat when a buyer makes and withdraws offers over and over. */
const FOLDED_MAILS = new Set(["offer-submitted", "offer-withdrawn"]);

/** Why a staff account's offer is refused (issue 28). */
export const STAFF_NO_OFFERS =
  "Staff accounts do not make offers: an offer comes from a buyer's own account, never from the site's staff.";

export async function submitOffer(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const input = parse(SubmitOfferSchema, args.input);
  if (!defineAbilityFor(actor).can("create", "Offer")) {
    throw new AppError(
      "FORBIDDEN",
      isStaffAccount(actor)
        ? STAFF_NO_OFFERS
        : "Only buyers make offers: switch your account to buyer in your profile's preferences.",
    );
  }
  if (!actor.emailVerified) {
    throw new AppError("FORBIDDEN", "Please verify your email address before making an offer.");
  }
  // The appraisal is kept on the listing with its score (recomputeScores), as fresh as the score shown to buyers. A
  // listing activated moments ago, whose score job has not run yet (no score), is appraised now.
  const listing = await selectListingForOffer(deps.db, input.listingId);
  if (!listing || listing.isTest) throw new AppError("NOT_FOUND", "This listing does not exist.");
  const active = listing.listingStatusId === LISTING_STATUS.active;
  const unscored = active && listing.score === null;
  const explanation = unscored ? await explainScore(deps.db, listing.id) : null;
  const appraisal = !active
    ? null
    : unscored
      ? explanation
        ? appraisalPerPointCents(explanation)
        : null
      : listing.appraisalPerPointCents;
  const tweaks = await getOfferTweaks(deps.db);
  const now = new Date();
  const { expiresAt } = offerTimers(now, tweaks.expiryHours);

  const offer = await deps.db.transaction(async (tx) => {
    const l = await lockListingForOffer(tx, input.listingId);
    if (!l) throw new AppError("NOT_FOUND", "This listing does not exist.");
    if (l.sellerId === actor.id) throw new AppError("FORBIDDEN", "You cannot make an offer on your own listing.");
    if (l.listingStatusId !== LISTING_STATUS.active || l.isTest) {
      throw new AppError(
        "CONFLICT",
        l.listingStatusId === LISTING_STATUS.underContract
          ? `Listing ${l.listingCode} is under contract: it takes no more offers.`
          : `Listing ${l.listingCode} is not for sale right now, so it takes no offers.`,
      );
    }
    const buyer = await lockBuyerForOffer(tx, actor.id);
    if (!buyer || buyer.deletedAt) throw new AppError("FORBIDDEN", "Please sign in to make an offer.");
    if (!buyer.emailVerified) {
      throw new AppError("FORBIDDEN", "Please verify your email address before making an offer.");
    }
    if (await selectOpenOfferOfBuyerOnListing(tx, actor.id, l.id)) {
      throw new AppError(
        "CONFLICT",
        `You already have an open offer on listing ${l.listingCode}: answer or withdraw it instead of making another.`,
      );
    }
    // Issue 28: offers (made and withdrawn again) are limited per listing and per hour, so nobody floods a seller.
    const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
    if ((await countOffersOfBuyerSince(tx, actor.id, hourAgo, l.id)) >= OFFERS_PER_LISTING_PER_HOUR) {
      throw new AppError("RATE_LIMITED", OFFER_LIMIT_MESSAGES.perListing, undefined, 60 * 60);
    }
    if ((await countOffersOfBuyerSince(tx, actor.id, hourAgo)) >= OFFERS_PER_HOUR) {
      throw new AppError("RATE_LIMITED", OFFER_LIMIT_MESSAGES.perHour, undefined, 60 * 60);
    }
    const allowed = buyer.allowedOffers ?? tweaks.allowedOffers;
    if (openOfferLimitReached(await countOpenOffersOfBuyer(tx, actor.id), allowed)) {
      throw new AppError("FORBIDDEN", limitMessage(allowed));
    }
    const check = checkOfferPrice(
      input.pricePerPoint,
      appraisal,
      {
        lowEnabled: buyer.lowEnabled ?? false,
        lowPercent: buyer.lowPercent ?? 20,
        highEnabled: buyer.highEnabled ?? false,
        highPercent: buyer.highPercent ?? 20,
      },
      input.confirmLow,
    );
    if (check.kind === "low-needs-confirmation") {
      throw new AppError("NEEDS_CONFIRMATION", check.message, { confirmLow: [check.message] });
    }
    if (check.kind === "low-refused" || check.kind === "high-refused") {
      throw new AppError("BAD_INPUT", check.message, { pricePerPoint: [check.message] });
    }
    const terms = {
      pricePerPointCents: input.pricePerPoint,
      totalCents: offerTotalCents(l.contractPoints, input.pricePerPoint),
      duesPaidBy: input.duesPaidBy ?? tweaks.whoPaysDues,
      closingCostsPaidBy: input.closingCostsPaidBy ?? tweaks.whoPaysClosingCosts,
      financing: input.financing,
      deedNames: input.deedNames,
      message: input.message,
    };
    const id = await insertOffer(tx, {
      listingId: l.id,
      buyerId: actor.id,
      sellerId: l.source === "member" ? l.sellerId : null,
      brokerId: l.brokerId,
      status: "submitted",
      round: 1,
      points: l.contractPoints,
      ...terms,
      askingPricePerPointCents: l.pricePerPointCents,
      appraisalPerPointCents: appraisal,
      lowOfferConfirmed: input.confirmLow && appraisal !== null && input.pricePerPoint < appraisal,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await insertOfferRound(tx, { offerId: id, round: 1, proposedBy: "buyer", actorId: actor.id, ...terms });
    const row = (await selectOfferForWorkflow(tx, id)) as OfferRow;
    await recordOfferEvent(tx, { offer: row, actor, event: "submitted", side: "buyer" });
    return row;
  });

  await queueTimers(deps, offer);
  await notify(deps, offer, { template: OFFER_SUBMITTED_MAIL, to: "seller", actor, actingSide: "buyer" });
  return {
    message: `Your offer of ${priceText(offer)} was sent. The seller has until ${formatDateTimeEastern(offer.expiresAt)} to answer.`,
    offerId: offer.id,
    status: offer.status,
    expiresAt: offer.expiresAt,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Answering

/** The seller accepts the buyer's offer or counter, or the buyer the seller's counter. Final: it happens once. */
export async function acceptOffer(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const { offerId } = parse(OfferIdSchema, args.input);
  const done = await deps.db.transaction(async (tx) => {
    const seen = await visibleOffer(tx, actor, offerId);
    // The listing's lock first: acceptances of any offer on this listing (and new offers on it) run one at a time,
    // and each finds what the one before it did.
    await lockListingForOffer(tx, seen.listingId);
    const accepted = await transitionIn(tx, offerWorkflow, offerId, "accept", { actor });
    const listing = await transitionIn(tx, listingWorkflow, seen.listingId, "putUnderContract", { actor });
    const o = accepted.after;
    const agreement = await insertAgreement(tx, {
      offerId: o.id,
      listingId: o.listingId,
      buyerId: o.buyerId,
      sellerId: o.sellerId,
      brokerId: o.brokerId,
      resortId: o.resortId,
      useMonth: o.useMonth,
      points: o.points,
      pricePerPointCents: o.pricePerPointCents,
      totalCents: o.totalCents,
      duesPaidBy: o.duesPaidBy,
      closingCostsPaidBy: o.closingCostsPaidBy,
      financing: o.financing,
      deedNames: o.deedNames,
    });
    const declined: OfferRow[] = [];
    for (const id of await selectOtherOpenOfferIds(tx, o.listingId, o.id)) {
      const r = await transitionIn(tx, offerWorkflow, id, "declineForAnother", {
        actor,
        input: { reason: ACCEPTED_ANOTHER_OFFER },
      });
      declined.push(r.after);
    }
    return { accepted, listing, agreement, declined };
  });
  await queueJobs(deps, listingWorkflow, "putUnderContract", done.listing);
  const o = done.accepted.after;
  const side = awaitingSide(done.accepted.before.status) as Side;
  await notify(deps, o, { template: OFFER_ACCEPTED_MAIL, to: otherSide(side), actor, actingSide: side });
  for (const d of done.declined) {
    await notify(deps, d, {
      template: OFFER_DECLINED_MAIL,
      to: "buyer",
      actor: null,
      actingSide: "seller",
      reason: ACCEPTED_ANOTHER_OFFER,
    });
  }
  return {
    message: `Offer #${o.id} accepted at ${priceText(o)}. Listing ${o.listingCode} is now under contract.`,
    offerId: o.id,
    agreementId: done.agreement.id,
    declinedOfferIds: done.declined.map((d) => d.id),
  };
}

/** The side whose turn it is proposes new terms; the other side's clock starts again. */
export async function counterOffer(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const input = parse(CounterOfferSchema, args.input);
  const tweaks = await getOfferTweaks(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    const seen = await visibleOffer(tx, actor, input.offerId);
    if (awaitingSide(seen.status) === "buyer") await checkBuyerCounterPrice(tx, seen, input.pricePerPoint);
    const { expiresAt } = offerTimers(new Date(), tweaks.expiryHours);
    return transitionIn(tx, offerWorkflow, input.offerId, "counter", {
      actor,
      input: {
        pricePerPointCents: input.pricePerPoint,
        totalCents: offerTotalCents(seen.points, input.pricePerPoint),
        duesPaidBy: input.duesPaidBy ?? seen.duesPaidBy,
        closingCostsPaidBy: input.closingCostsPaidBy ?? seen.closingCostsPaidBy,
        message: input.message,
        expiresAt,
      },
    });
  });
  await queueJobs(deps, offerWorkflow, "counter", result);
  const side = awaitingSide(result.before.status) as Side;
  await notify(deps, result.after, { template: OFFER_COUNTERED_MAIL, to: otherSide(side), actor, actingSide: side });
  return {
    message: `Your counter-offer of ${priceText(result.after)} was sent. The ${otherSide(side)} has until ${formatDateTimeEastern(result.after.expiresAt)} to answer.`,
    offerId: result.after.id,
    status: result.after.status,
    round: result.after.round,
  };
}

/**
 * A buyer's counter meets the buyer's price limits as an offer does, against the appraisal the offer was made with.
 * The low offer step is not asked again (the buyer confirmed or raised at the first offer); a limit turned on refuses.
 */
async function checkBuyerCounterPrice(tx: Tx, o: OfferRow, pricePerPointCents: number) {
  const buyer = await lockBuyerForOffer(tx, o.buyerId);
  const check = checkOfferPrice(
    pricePerPointCents,
    o.appraisalPerPointCents,
    {
      lowEnabled: buyer?.lowEnabled ?? false,
      lowPercent: buyer?.lowPercent ?? 20,
      highEnabled: buyer?.highEnabled ?? false,
      highPercent: buyer?.highPercent ?? 20,
    },
    true,
  );
  if (check.kind === "low-refused" || check.kind === "high-refused") {
    throw new AppError("BAD_INPUT", check.message, { pricePerPoint: [check.message] });
  }
}

/** The seller declines the buyer's offer or counter, with a reason the buyer reads. */
export async function declineOffer(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const input = parse(DeclineOfferSchema, args.input);
  const result = await deps.db.transaction(async (tx) => {
    await visibleOffer(tx, actor, input.offerId);
    return transitionIn(tx, offerWorkflow, input.offerId, "decline", { actor, input: { reason: input.reason } });
  });
  await notify(deps, result.after, {
    template: OFFER_DECLINED_MAIL,
    to: "buyer",
    actor,
    actingSide: "seller",
    reason: input.reason,
  });
  return { message: `Offer #${result.after.id} declined. The buyer has been told.`, offerId: result.after.id };
}

/** The buyer withdraws the offer, whoever's turn it is, until it is accepted. */
export async function withdrawOffer(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const { offerId } = parse(OfferIdSchema, args.input);
  const result = await deps.db.transaction(async (tx) => {
    await visibleOffer(tx, actor, offerId);
    return transitionIn(tx, offerWorkflow, offerId, "withdraw", { actor });
  });
  await notify(deps, result.after, { template: OFFER_WITHDRAWN_MAIL, to: "seller", actor, actingSide: "buyer" });
  return { message: `Offer #${result.after.id} withdrawn. The seller has been told.`, offerId: result.after.id };
}

// ---------------------------------------------------------------------------------------------------------------
// Timers (the jobs of offers.jobs.server.ts)

export type TimerData = { offerId: number; round: number };

export function timerDataOf(data: unknown): TimerData | null {
  const d = data as Partial<TimerData> | null;
  return d && Number.isInteger(d.offerId) && Number.isInteger(d.round) ? (d as TimerData) : null;
}

/**
 * Expires the offer if it is still open in the round the timer was set for; otherwise does nothing (an answer or a
 * counter came first: that is how a timer is cancelled). Idempotent. Returns whether it expired the offer.
 */
export async function expireOffer(deps: MailDeps, data: TimerData) {
  const result = await deps.db.transaction(async (tx) => {
    // Locked: a counter cannot slip in between the round's check and the change.
    const lock = await lockOffer(tx, data.offerId);
    if (!lock || !isOpen(lock.status as OfferStatus) || lock.round !== data.round) return null;
    return transitionIn(tx, offerWorkflow, data.offerId, "expire", { actor: OFFER_TIMER });
  });
  if (!result) return false;
  const waitingFor = awaitingSide(result.before.status) as Side;
  for (const to of ["buyer", "seller"] as const) {
    await notify(deps, result.after, { template: OFFER_EXPIRED_MAIL, to, actor: null, actingSide: waitingFor });
  }
  return true;
}

/** Expires every open offer whose time is up (the sweep behind the timers). Returns how many it expired. */
export async function expireOverdueOffers(deps: MailDeps, now = new Date()) {
  let expired = 0;
  for (const d of await selectOverdueOpenOffers(deps.db, now)) if (await expireOffer(deps, d)) expired++;
  return expired;
}

/** Halfway through a round, reminds the party whose turn it is (once per round). Returns whether it reminded. */
export async function remindOffer(deps: MailDeps, data: TimerData) {
  const reminded = await deps.db.transaction(async (tx) => {
    const lock = await lockOffer(tx, data.offerId);
    if (!lock || !isOpen(lock.status as OfferStatus) || lock.round !== data.round) return null;
    const offer = await selectOfferForWorkflow(tx, data.offerId);
    if (!offer) return null;
    if (await hasReminderSince(tx, offer.id, offer.updatedAt)) return null;
    const side = awaitingSide(offer.status) as Side;
    await recordOfferEvent(tx, {
      offer,
      actor: null,
      event: "reminded",
      side,
      expiresAt: formatDateTimeEastern(offer.expiresAt),
    });
    return { offer, side };
  });
  if (!reminded) return false;
  await notify(deps, reminded.offer, {
    template: OFFER_EXPIRING_MAIL,
    to: reminded.side,
    actor: null,
    actingSide: reminded.side,
  });
  return true;
}

/**
 * The listing left the market: each of its open offers is declined ("the listing was withdrawn from sale") and its
 * buyer told. Does nothing while the listing is on the market again (reactivated before the job ran). Idempotent.
 * Returns the declined offers' ids.
 */
export async function closeOffersOfWithdrawnListing(deps: MailDeps, data: { listingId: number }) {
  const declined = await deps.db.transaction(async (tx) => {
    const l = await lockListingForOffer(tx, data.listingId);
    if (!l || l.listingStatusId === LISTING_STATUS.active || l.listingStatusId === LISTING_STATUS.underContract) {
      return [];
    }
    const out: OfferRow[] = [];
    for (const id of await selectOtherOpenOfferIds(tx, l.id, 0)) {
      const r = await transitionIn(tx, offerWorkflow, id, "declineForAnother", {
        actor: OFFER_TIMER,
        input: { reason: LISTING_WITHDRAWN },
      });
      out.push(r.after);
    }
    return out;
  });
  for (const d of declined) {
    await notify(deps, d, {
      template: OFFER_DECLINED_MAIL,
      to: "buyer",
      actor: null,
      actingSide: "seller",
      reason: LISTING_WITHDRAWN,
    });
  }
  return declined.map((d) => d.id);
}

async function queueTimers(deps: Deps, offer: OfferRow) {
  for (const j of timerJobs({ after: offer })) await deps.jobs.send(j.queue, j.data, { startAfter: j.startAfter });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const ALL_STATUSES: readonly OfferStatus[] = [...OPEN_STATUSES, "accepted", "declined", "withdrawn", "expired"];
const statusesOf = (view: "open" | "closed" | "all") =>
  view === "open" ? OPEN_STATUSES : view === "closed" ? ALL_STATUSES.filter((s) => !isOpen(s)) : null;

/**
 * One offer for its page: the terms, every proposal (who proposed what, when), what the viewer may do now, the
 * agreement once accepted, and for administrators the offers log. Anyone but its parties and administrators: 404.
 */
export async function getOfferForViewer(deps: Pick<Deps, "db">, args: { actor: Viewer; input: unknown }) {
  return (await readOfferForViewer(deps, args)).page;
}

/**
 * getOfferForViewer's answer (`page`), with what the offer's own page does next: the offer's row and whether the
 * seller's view of this round is already recorded (offer-signals: a repeated view then writes nothing). One statement
 * for the offer, its listing, parties and agreement, beside one for its rounds (issue 34).
 */
export async function readOfferForViewer(deps: Pick<Deps, "db">, args: { actor: Viewer; input: unknown }) {
  const { actor } = args;
  const { offerId } = parse(OfferIdSchema, args.input);
  const [view, rounds] = await Promise.all([selectOfferView(deps.db, offerId), selectOfferRounds(deps.db, offerId)]);
  if (!view || !canSeeOffer(actor, view.row)) throw notFound();
  const { row, detail } = view;
  const admin = isAdministrator(actor);
  const turn = awaitingSide(row.status);
  const canAnswer = turn !== null && actingAs(actor, row, turn) !== null;
  const page = {
    offer: {
      ...detail,
      duesPaidBy: row.duesPaidBy,
      closingCostsPaidBy: row.closingCostsPaidBy,
      financing: row.financing,
      deedNames: row.deedNames,
      message: row.message,
      appraisalPerPointCents: row.appraisalPerPointCents,
      declineReason: row.declineReason,
      closedAt: row.closedAt,
    },
    rounds,
    agreementId: view.agreementId,
    viewerSide: ownSide(actor, row),
    waitingFor: turn,
    can: {
      accept: canAnswer,
      counter: canAnswer,
      decline: AWAITING_SELLER.includes(row.status) && actingAs(actor, row, "seller") !== null,
      withdraw: isOpen(row.status) && actingAs(actor, row, "buyer") !== null,
    },
    logs: admin ? await selectOfferLogs(deps.db, offerId) : null,
  };
  return { page, row, sellerViewed: view.sellerViewed };
}

/** The buyer's own offers (profile "Offers" for buyers). */
export async function listBuyerOffers(deps: Pick<Deps, "db">, args: { actor: Viewer; input?: unknown }) {
  const input = parse(OfferListSchema, args.input);
  return selectOffersPage(deps.db, {
    who: { buyerId: args.actor.id },
    statuses: statusesOf(input.view),
    page: input.page,
    pageSize: OFFERS_PAGE_SIZE,
  });
}

/** The offers on the seller's listings (and, for administrators, on the brokers' listings). */
export async function listSellerOffers(deps: Pick<Deps, "db">, args: { actor: Viewer; input?: unknown }) {
  const input = parse(OfferListSchema, args.input);
  return selectOffersPage(deps.db, {
    who: { sellerId: args.actor.id, brokerListings: isAdministrator(args.actor) },
    statuses: statusesOf(input.view),
    page: input.page,
    pageSize: OFFERS_PAGE_SIZE,
  });
}

function requireOffersAdmin(actor: Viewer) {
  if (!isAdministrator(actor)) throw new AppError("FORBIDDEN", "Only administrators see every offer.");
}

/** Every offer (the admin offers table). */
export async function listOffersAdmin(deps: Pick<Deps, "db">, args: { actor: Viewer; input?: unknown }) {
  requireOffersAdmin(args.actor);
  const input = parse(OfferListSchema, args.input);
  return selectOffersPage(deps.db, {
    who: "all",
    statuses: statusesOf(input.view),
    page: input.page,
    pageSize: OFFERS_PAGE_SIZE,
  });
}

/** The admin offers log (SPEC section 3: id, created_at, user.name, user.user_uniqid, history_note). */
export async function listOffersLogsAdmin(deps: Pick<Deps, "db">, args: { actor: Viewer; input?: unknown }) {
  requireOffersAdmin(args.actor);
  const input = parse(OfferListSchema, args.input);
  return selectOffersLogsPage(deps.db, input.page, 50);
}

/** SPEC `admin.delete-admin-offers-logs`: administrators delete offers-log rows in bulk; the journal keeps a note. */
export async function deleteOffersLogsAdmin(deps: Pick<Deps, "db">, args: { actor: Viewer; input: unknown }) {
  requireOffersAdmin(args.actor);
  const { logIds } = parse(DeleteOffersLogsSchema, args.input);
  const deleted = await deps.db.transaction(async (tx) => {
    const n = await deleteOffersLogs(tx, logIds);
    if (n > 0) {
      await recordActivity(tx, {
        userId: args.actor.id,
        actor: args.actor,
        kind: "admin.resource",
        facts: { sentence: `Deleted ${n} offers log entr${n === 1 ? "y" : "ies"}.` },
        data: { offersLogIds: logIds },
      });
    }
    return n;
  });
  return { message: `${deleted} log entr${deleted === 1 ? "y" : "ies"} deleted.`, deleted };
}

// ---------------------------------------------------------------------------------------------------------------
// Mail

/** A party's name and address: the buyer, the member seller, or for a broker's listing the site's own address. */
async function partyContact(db: Db, o: OfferRow, side: Side) {
  if (side === "buyer" || o.sellerId) {
    const p = await selectPerson(db, side === "buyer" ? o.buyerId : (o.sellerId as string));
    return p ? { name: p.name, email: p.email } : null;
  }
  const site = await getSiteInfo(db);
  const broker = o.brokerId ? await selectBrokerName(db, o.brokerId) : null;
  return site.email ? { name: broker ? `${broker} team` : "Broker team", email: site.email } : null;
}

const PAYER_WORDS = { buyer: "Buyer", seller: "Seller", split: "Split evenly" } as const;

/**
 * The offer's own page for the recipient: a party's at /v2/profile/offers/{id}; for a broker's listing the seller's
 * side is the company, whose staff answer from the admin offer dashboard.
 */
const offerPagePath = (o: OfferRow, side: Side) =>
  side === "seller" && !o.sellerId
    ? href("/admin/offer-dashboard/:id", { id: String(o.id) })
    : href("/v2/profile/offers/:offerId", { offerId: String(o.id) });

/** The in-app notification's kind of each mail (the event); a decline for another offer is a decline. */
const EVENT_KIND: Record<string, string> = {
  [OFFER_SUBMITTED_MAIL.key]: "offer.submitted",
  [OFFER_COUNTERED_MAIL.key]: "offer.countered",
  [OFFER_ACCEPTED_MAIL.key]: "offer.accepted",
  [OFFER_DECLINED_MAIL.key]: "offer.declined",
  [OFFER_WITHDRAWN_MAIL.key]: "offer.withdrawn",
  [OFFER_EXPIRING_MAIL.key]: "offer.expiring",
  [OFFER_EXPIRED_MAIL.key]: "offer.expired",
};

/** The mails that put new terms in front of the seller: they carry the open-tracking image. */
const NEW_TERMS = new Set([OFFER_SUBMITTED_MAIL.key, OFFER_COUNTERED_MAIL.key]);

/**
 * Tells `to` about an event of the offer, after its commit (the one place every offer event goes through): the mail
 * from its template; the same event in the person's in-app notifications with a link to the offer; a text message
 * when they turned SMS on and gave a US number; and for an offer or counter the buyer made, the buyer's own copy
 * when their `auto_send_email` is on. The seller's mail about new terms carries the open-tracking image (decision
 * 0031). Anything that fails is logged, never undoes the committed change (the offers log and the journal hold the
 * event).
 */
async function notify(
  deps: MailDeps,
  o: OfferRow,
  e: { template: TemplateDef; to: Side; actor: Viewer | null; actingSide: Side; reason?: string },
) {
  const siteUrl = (deps.config?.authUrl ?? "").replace(/\/$/, "");
  let vars: Record<string, unknown> | null = null;
  try {
    vars = await offerMailVars(deps.db, o, e);
    const contact = await partyContact(deps.db, o, e.to);
    if (contact) {
      const secret = deps.config?.authSecret;
      const pixel =
        e.to === "seller" && NEW_TERMS.has(e.template.key) && secret
          ? `${siteUrl}${offerMailPixelPath(secret, o)}`
          : "";
      await sendTemplatedMail(
        { db: deps.db, mailer: deps.mailer, ...(siteUrl ? { siteUrl } : {}) },
        {
          template: e.template,
          to: contact.email,
          vars: { ...vars, name: contact.name, link: `${siteUrl}${offerPagePath(o, e.to)}`, pixel_url: pixel },
          ...(FOLDED_MAILS.has(e.template.key)
            ? { fold: { key: `listing:${o.listingId}:buyer:${o.buyerId}`, seconds: OFFER_MAIL_FOLD_SECONDS } }
            : {}),
        },
      );
    }
  } catch (err) {
    logger.error({ err, offerId: o.id, template: e.template.key }, "offer mail not sent");
  }
  if (!vars) return;

  // In-app and SMS: the recipient's own account (a broker's listing has none on the seller's side).
  const userId = e.to === "buyer" ? o.buyerId : o.sellerId;
  if (userId) {
    try {
      const rendered = await renderStoredTemplate(
        { db: deps.db, ...(siteUrl ? { siteUrl } : {}) },
        { template: e.template, vars: { ...vars, link: "", pixel_url: "" } },
      );
      const path = offerPagePath(o, e.to);
      await notifyUser(deps, {
        userId,
        kind: EVENT_KIND[e.template.key] ?? "offer.event",
        title: rendered.subject,
        body: inAppBody(o, e),
        href: path,
        sms: { body: await offerSmsText(deps, siteUrl, rendered.subject, path), template: e.template.key },
      });
    } catch (err) {
      logger.error({ err, offerId: o.id, template: e.template.key }, "offer notification not written");
    }
  }

  // The buyer's own copy of what they sent.
  if (NEW_TERMS.has(e.template.key) && e.actingSide === "buyer") {
    try {
      const prefs = await getNotificationPreferences(deps.db, o.buyerId);
      const buyer = prefs.autoSendEmail ? await partyContact(deps.db, o, "buyer") : null;
      if (buyer) {
        await sendTemplatedMail(
          { db: deps.db, mailer: deps.mailer, ...(siteUrl ? { siteUrl } : {}) },
          {
            template: OFFER_SENT_COPY_MAIL,
            to: buyer.email,
            vars: {
              ...vars,
              name: buyer.name,
              what: o.round > 1 ? "counter-offer" : "offer",
              link: `${siteUrl}${offerPagePath(o, "buyer")}`,
              pixel_url: "",
            },
          },
        );
      }
    } catch (err) {
      logger.error({ err, offerId: o.id }, "buyer's copy of the offer mail not sent");
    }
  }
}

/** How mails and notifications name the offer's listing: resort, points and code ("listing VPM-1042" without a resort). */
export async function offerListingName(db: Db, o: Pick<OfferRow, "resortId" | "points" | "listingCode">) {
  const resort = await selectResortName(db, o.resortId);
  return resort
    ? listingName({ resortName: resort.name, contractPoints: o.points, listingCode: o.listingCode })
    : `listing ${o.listingCode}`;
}

/** The variables every offer mail shares (the recipient's name, link and image are added per mail). */
async function offerMailVars(db: Db, o: OfferRow, e: { actor: Viewer | null; actingSide: Side; reason?: string }) {
  const resort = await selectResortName(db, o.resortId);
  const admin = e.actor && isAdministrator(e.actor) && ownSide(e.actor, o) !== e.actingSide ? e.actor.name : null;
  const who = admin ? `Administrator ${admin}, acting for the ${e.actingSide},` : `The ${e.actingSide}`;
  return {
    name: "",
    listing_code: o.listingCode,
    listing_name: await offerListingName(db, o),
    resort: resort?.name ?? "",
    points: formatNumber(o.points),
    price: priceText(o),
    total: formatPrice(o.totalCents),
    terms: [
      { label: "Offer", value: `#${o.id}, round ${o.round}` },
      { label: "Points", value: formatNumber(o.points) },
      { label: "Price per point", value: formatPerPoint(o.pricePerPointCents) },
      { label: "Total", value: formatPrice(o.totalCents) },
      { label: "Current year's dues paid by", value: PAYER_WORDS[o.duesPaidBy] },
      { label: "Closing costs paid by", value: PAYER_WORDS[o.closingCostsPaidBy] },
      { label: "Financing", value: o.financing === "cash" ? "Cash" : "Loan" },
      { label: "Names on the deed", value: o.deedNames.join(", ") },
    ],
    who,
    message: o.message,
    reason: e.reason ?? o.declineReason ?? "",
    expires_at: formatDateTimeEastern(o.expiresAt),
    link: "",
    pixel_url: "",
    what: "offer",
  } as Record<string, unknown>;
}

/** The in-app notification's line under its title: the offer, its terms and what is asked of the reader. */
function inAppBody(o: OfferRow, e: { template: TemplateDef; reason?: string }) {
  const terms = `Offer #${o.id}, round ${o.round}: ${priceText(o)} (${formatPrice(o.totalCents)}).`;
  switch (e.template.key) {
    case OFFER_SUBMITTED_MAIL.key:
    case OFFER_COUNTERED_MAIL.key:
    case OFFER_EXPIRING_MAIL.key:
      return `${terms} Please answer before ${formatDateTimeEastern(o.expiresAt)}.`;
    case OFFER_DECLINED_MAIL.key:
      return `${terms} Reason: ${e.reason ?? o.declineReason ?? "none given"}.`;
    default:
      return terms;
  }
}

/** A text message about an offer: its template with a title and the link. */
export async function offerSmsText(deps: Pick<MailDeps, "db">, siteUrl: string, title: string, path: string) {
  const out = await renderStoredTemplate(
    { db: deps.db, ...(siteUrl ? { siteUrl } : {}) },
    { template: OFFER_EVENT_SMS, vars: { title, link: `${siteUrl}${path}` } },
  );
  return out.text.trim();
}
