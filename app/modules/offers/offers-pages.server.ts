import { createCookie } from "react-router";
import type { Viewer } from "~/auth/abilities";
import { AppError, isAppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getPublicListing } from "~/modules/listings/detail.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { resaleRestrictionsFor } from "~/modules/resorts/resorts.rules";
import { getOfferContactDetails } from "./make-offer.server";
import { getOfferForViewer, listBuyerOffers, listSellerOffers, readOfferForViewer } from "./offers.server";
import type { OfferStatus } from "./offers.rules";
import { toDbId } from "~/lib/fields";
import { getOfferTweaks } from "~/modules/settings/tweaks.server";
import { estimateOfferTerms, getListingEstimateBasis } from "./offer-money.server";
import { recordOfferViewed } from "./offer-signals.server";

const VIEWS = ["open", "closed", "all"] as const;
type View = (typeof VIEWS)[number];

/** The profile's offer lists, shaped for the page: the view from the query string (open by default). */
export async function loadOffersList(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; side: "buyer" | "seller"; params: URLSearchParams },
) {
  const raw = args.params.get("view");
  const view: View = (VIEWS as readonly string[]).includes(raw ?? "") ? (raw as View) : "open";
  const pageRaw = args.params.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const list = args.side === "buyer" ? listBuyerOffers : listSellerOffers;
  const result = await list(deps, { actor: args.actor, input: { view, page } });
  return {
    view,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    rows: result.rows.map((o) => ({
      id: o.id,
      listingCode: o.listingCode,
      resortName: o.resortName,
      status: o.status as OfferStatus,
      points: o.points,
      pricePerPointCents: o.pricePerPointCents,
      totalCents: Number(o.totalCents),
      askingPricePerPointCents: o.askingPricePerPointCents,
      updatedAt: o.updatedAt.toISOString(),
      // A seller sees who offered by name only (no contact details before an agreement).
      counterpart: args.side === "buyer" ? (o.sellerName ?? o.brokerName ?? "The seller") : o.buyerName,
    })),
  };
}

/**
 * `/make-offer/{id}`: the listing the offer is for (any public listing; one that takes no offers says why) and the
 * resale restrictions the buyer must acknowledge (SPEC: the product understanding popup).
 */
export async function loadMakeOffer(deps: Pick<Services, "db">, args: { listingId: unknown }) {
  const l = await getPublicListing(deps, { input: { listingId: args.listingId } });
  return {
    listing: {
      id: l.id,
      code: l.listing_code,
      resortCode: l.resort_code,
      resortName: l.resort_name,
      points: l.contract_points,
      useYear: l.use_month_full,
      askingPricePerPoint: l.price_per_points,
      total: l.total,
      noHaggle: l.no_haggle,
      takesOffers: l.listing_status_id === LISTING_STATUS.active,
    },
    restrictions: resaleRestrictionsFor({ code: l.resort_code, name: l.resort_name, contractEndYear: null }).map(
      (r) => ({ id: r.id, title: r.title, detail: r.detail }),
    ),
  };
}

/**
 * The product understanding step is taken once per listing: the listings whose resale restrictions a buyer
 * acknowledged are remembered in a cookie (for that account only; the newest 50). A convenience, not a record: a
 * person who forges it only skips the reminder for themselves.
 */
const understoodCookie = createCookie("vpm_offer_understood", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 365 * 24 * 3600,
});
const REMEMBERED_LISTINGS = 50;

async function understoodListings(cookieHeader: string | null, userId: string): Promise<number[]> {
  const value = (await understoodCookie.parse(cookieHeader).catch(() => null)) as { u?: unknown; l?: unknown } | null;
  if (!value || value.u !== userId || !Array.isArray(value.l)) return [];
  return value.l.filter((n): n is number => Number.isInteger(n));
}

/** Whether this buyer acknowledged this listing's resale restrictions before (in this browser). */
export async function hasUnderstood(cookieHeader: string | null, userId: string, listingId: number) {
  return (await understoodListings(cookieHeader, userId)).includes(listingId);
}

/** The Set-Cookie value that remembers the acknowledgement of this listing's restrictions. */
export async function rememberUnderstood(cookieHeader: string | null, userId: string, listingId: number) {
  const before = (await understoodListings(cookieHeader, userId)).filter((id) => id !== listingId);
  return understoodCookie.serialize({ u: userId, l: [listingId, ...before].slice(0, REMEMBERED_LISTINGS) });
}

/**
 * What a buyer sees on `/make-offer/{id}`: their details for the contract (and what is missing: the address step),
 * whether the restrictions were acknowledged already, and, after sending (`?sent={offerId}`), the offer for the
 * success modal when it is theirs and on this listing.
 */
export async function loadMakeOfferBuyer(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; listingId: number; resortCode: string; cookieHeader: string | null; sent: string | null },
) {
  const contact = await getOfferContactDetails(deps, { actor: args.actor });
  const understood = await hasUnderstood(args.cookieHeader, args.actor.id, args.listingId);
  // The all-in total's basis (the form recomputes it as the buyer types) and who pays by default (the tweaks).
  const [basis, tweaks] = await Promise.all([
    getListingEstimateBasis(deps, { listingId: args.listingId, resortCode: args.resortCode }),
    getOfferTweaks(deps.db),
  ]);
  const customary = { duesPaidBy: tweaks.whoPaysDues, closingCostsPaidBy: tweaks.whoPaysClosingCosts };
  let sent: {
    offerId: number;
    expiresAt: string;
    hours: number;
    points: number;
    pricePerPointCents: number;
    totalCents: number;
  } | null = null;
  if (toDbId(args.sent) !== null) {
    try {
      const { offer, viewerSide } = await getOfferForViewer(deps, {
        actor: args.actor,
        input: { offerId: args.sent },
      });
      if (viewerSide === "buyer" && offer.listingId === args.listingId) {
        const expiresAt = new Date(offer.expiresAt);
        sent = {
          offerId: offer.id,
          expiresAt: expiresAt.toISOString(),
          hours: Math.round((expiresAt.getTime() - new Date(offer.createdAt).getTime()) / 3_600_000),
          points: offer.points,
          pricePerPointCents: offer.pricePerPointCents,
          totalCents: Number(offer.totalCents),
        };
      }
    } catch (err) {
      if (!isAppError(err)) throw err;
    }
  }
  return { contact, understood, sent, basis, customary };
}

/** A form's values without the empty ones: a select left at "the usual" or "as now" means "not given". */
export function withoutEmpty(body: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== ""));
}

/**
 * An offer's own page (/v2/profile/offers/{id}): the offer for one who may see it, after recording the seller's first
 * look at this round (which tells the buyer, as their offer_viewed settings say; it never fails the page), with the
 * estimate of the terms on the table (the accept step's net and all-in total; null when it cannot be made).
 */
export async function loadOfferPage(deps: Services, args: { actor: Viewer; input: { offerId: number } }) {
  const { page, row, sellerViewed } = await readOfferForViewer(deps, args);
  await recordOfferViewed(deps, { actor: args.actor, offer: row, recorded: sellerViewed });
  const estimate = await estimateOfferTerms(deps, page.offer).then(
    (r) => r.estimate,
    (err) => {
      if (err instanceof AppError) return null;
      throw err;
    },
  );
  return { ...page, estimate };
}
