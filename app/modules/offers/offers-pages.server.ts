import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { getPublicListing } from "~/modules/listings/detail.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { resaleRestrictionsFor } from "~/modules/resorts/resorts.rules";
import { listBuyerOffers, listSellerOffers } from "./offers.server";
import type { OfferStatus } from "./offers.rules";

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

/** A form's values without the empty ones: a select left at "the usual" or "as now" means "not given". */
export function withoutEmpty(body: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== ""));
}
