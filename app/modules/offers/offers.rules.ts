/**
 * The offers' rules (issue 10), pure: no database, no clock but the one passed in. Who may see and act on an offer,
 * whose turn it is, the open-offer limit, and the low and high offer checks against the appraisal value.
 */
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { formatPerPoint } from "~/lib/format";

export type OfferStatus =
  | "submitted"
  | "countered_by_seller"
  | "countered_by_buyer"
  | "accepted"
  | "declined"
  | "withdrawn"
  | "expired";
export type Side = "buyer" | "seller";
export type Payer = "buyer" | "seller" | "split";

/** Offers still being negotiated: they count against the buyer's limit and carry a timer. */
export const OPEN_STATUSES: readonly OfferStatus[] = ["submitted", "countered_by_seller", "countered_by_buyer"];
/** The seller's turn: the buyer's offer or counter waits for an answer. */
export const AWAITING_SELLER: readonly OfferStatus[] = ["submitted", "countered_by_buyer"];
/** The buyer's turn: the seller's counter waits for an answer. */
export const AWAITING_BUYER: readonly OfferStatus[] = ["countered_by_seller"];

/** The reason an open offer gets when the seller accepts another offer on the same listing. */
export const ACCEPTED_ANOTHER_OFFER = "accepted another offer";
/** The reason an open offer gets when its listing leaves the market (deactivated, rejected, account closed). */
export const LISTING_WITHDRAWN = "the listing was withdrawn from sale";

export const isOpen = (status: OfferStatus) => OPEN_STATUSES.includes(status);

/** The side that must answer now (null once the offer is closed). */
export function awaitingSide(status: OfferStatus): Side | null {
  if (AWAITING_SELLER.includes(status)) return "seller";
  if (AWAITING_BUYER.includes(status)) return "buyer";
  return null;
}

export const otherSide = (side: Side): Side => (side === "buyer" ? "seller" : "buyer");

/** Who is looking: the fields of the viewer the rules need. */
export type Actor = Pick<Viewer, "id" | "role" | "impersonatedBy"> & Partial<Pick<Viewer, "staffRole">>;
/** The fields of the offer the rules need. */
export type OfferParties = { buyerId: string; sellerId: string | null; brokerId: number | null };

/** An administrator with an administrator's rights (not while impersonating someone: then they are that person). */
export const isAdministrator = (a: Actor) => a.role === "admin" && !a.impersonatedBy;

/**
 * The actor's own side of the offer, if any: the buyer, or the seller (the listing's owner). A broker's listing has no
 * seller account: its side is answered by the broker's staff, which is the site's administrators today (there are no
 * broker staff accounts yet; decision 0029), so administrators hold the seller side of broker listings as their own.
 */
export function ownSide(a: Actor, o: OfferParties): Side | null {
  if (a.id === o.buyerId) return "buyer";
  if (o.sellerId !== null && a.id === o.sellerId) return "seller";
  if (o.sellerId === null && o.brokerId !== null && isAdministrator(a)) return "seller";
  return null;
}

/**
 * Whether the actor may see the offer at all: its two parties and administrators (app/auth/abilities.ts, the one
 * place of the rules: "Offer" for its buyer and seller, everything for administrators). Nobody else.
 */
export function canSeeOffer(a: Actor, o: OfferParties): boolean {
  const viewer = { staffRole: null, ...a } as Viewer;
  return defineAbilityFor(viewer).can("read", { __type: "Offer", buyerId: o.buyerId, sellerId: o.sellerId });
}

/** Whether the actor may act as a party of the offer (app/auth/abilities.ts: never staff, issue 28). */
export function mayActAsParty(a: Actor, o: OfferParties): boolean {
  const viewer = { staffRole: null, ...a } as Viewer;
  return defineAbilityFor(viewer).can("update", { __type: "Offer", buyerId: o.buyerId, sellerId: o.sellerId });
}

/**
 * The side the actor acts for in taking `side`'s step: their own side, or (an administrator) acting for that side.
 * Null when the actor may not act for that side.
 */
export function actingAs(a: Actor, o: OfferParties, side: Side): { side: Side; forOther: boolean } | null {
  const own = ownSide(a, o);
  // Issue 28: staff never act in a deal of their own (the brokers' side an administrator holds is not their own).
  const ownDeal = a.id === o.buyerId || (o.sellerId !== null && a.id === o.sellerId);
  if (ownDeal && !mayActAsParty(a, o)) return null;
  if (own === side) return { side, forOther: false };
  if (isAdministrator(a)) return { side, forOther: true };
  return null;
}

/** The open-offer limit: refused when the buyer already has `allowed` open offers. */
export function openOfferLimitReached(openCount: number, allowed: number): boolean {
  return openCount >= Math.max(0, allowed);
}

export const limitMessage = (allowed: number) =>
  allowed <= 0
    ? "Your account cannot make offers at the moment. Please contact us."
    : `You already have ${allowed} open offer${allowed === 1 ? "" : "s"}, the most allowed at once. Wait for an answer or withdraw one first.`;

/** The buyer's limits (user settings, admin-only). */
export type OfferLimits = {
  lowEnabled: boolean;
  /** Percent below the appraisal value. */
  lowPercent: number;
  highEnabled: boolean;
  /** Percent above the appraisal value. */
  highPercent: number;
};

export type PriceCheck =
  | { kind: "ok" }
  | { kind: "low-needs-confirmation"; appraisalCents: number; percentBelow: number; message: string }
  | { kind: "low-refused"; appraisalCents: number; percentBelow: number; message: string }
  | { kind: "high-refused"; appraisalCents: number; percentAbove: number; message: string };

const pct = (x: number) => Math.round(x * 10) / 10;

/**
 * The offer's price per point against the listing's appraisal value per point (issue 10; the SPEC's low offer
 * modal). More than `lowPercent` below: refused when the low limit is enabled, otherwise it needs the buyer's
 * confirmation (`confirmed`). More than `highPercent` above: refused while the high limit is enabled. No appraisal
 * value (too few comparable listings): no check.
 */
export function checkOfferPrice(
  priceCents: number,
  appraisalCents: number | null,
  limits: OfferLimits,
  confirmed: boolean,
): PriceCheck {
  if (appraisalCents === null || appraisalCents <= 0) return { kind: "ok" };
  // Compared exactly; rounded to a tenth only for the message.
  const below = ((appraisalCents - priceCents) * 100) / appraisalCents;
  const above = -below;
  const percentBelow = pct(below);
  const percentAbove = pct(above);
  if (below > limits.lowPercent) {
    if (limits.lowEnabled) {
      return {
        kind: "low-refused",
        appraisalCents,
        percentBelow,
        message: `Your offer is ${percentBelow}% below this contract's appraisal value of ${formatPerPoint(appraisalCents)}; offers more than ${limits.lowPercent}% below it are not accepted. Please raise your offer.`,
      };
    }
    if (!confirmed) {
      return {
        kind: "low-needs-confirmation",
        appraisalCents,
        percentBelow,
        message: `Your offer is ${percentBelow}% below this contract's appraisal value of ${formatPerPoint(appraisalCents)}. Sellers rarely accept offers that low: raise your offer, or confirm that you want to send it as it is.`,
      };
    }
  }
  if (limits.highEnabled && above > limits.highPercent) {
    return {
      kind: "high-refused",
      appraisalCents,
      percentAbove,
      message: `Your offer is ${percentAbove}% above this contract's appraisal value of ${formatPerPoint(appraisalCents)}; offers more than ${limits.highPercent}% above it are not accepted. Please check the price per point.`,
    };
  }
  return { kind: "ok" };
}

/** The appraisal value per point a score explanation implies (kept on the listing with its score). */
export { appraisalPerPointCents } from "~/modules/listings/score";

/** When a proposal made at `from` expires, and when the party who must answer is reminded (halfway). */
export function offerTimers(from: Date, hours: number): { expiresAt: Date; remindAt: Date } {
  const ms = Math.max(1, hours) * 3_600_000;
  return { expiresAt: new Date(from.getTime() + ms), remindAt: new Date(from.getTime() + ms / 2) };
}

/** The total of an offer: points x price per point, in cents. */
export const offerTotalCents = (points: number, pricePerPointCents: number) => points * pricePerPointCents;
