import { href } from "react-router";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { useMonthName as monthName } from "~/lib/format";
import { resaleRestrictionsFor } from "~/modules/resorts/resorts.rules";
import { availabilityColumns } from "./availability";
import { annualDuesCents, closingDuesEstimates, contractTerm, listingTitle, rankSimilar, useYearDates } from "./detail";
import {
  countComparables,
  type ListingDetailRow,
  selectComparables,
  selectDealOfParty,
  selectListingDetail,
  selectSaleOfListing,
} from "./detail.queries.server";
import { LISTING_STATUS, marketStateOf } from "./listing-status";
import { explainScore } from "./score.server";
import { centsToDollars } from "~/lib/money";
import { toDbId } from "~/lib/fields";

type Deps = { db: Db };

/** At most this many comparable listings are drawn in the price chart (the nearest in contract points). */
export const CHART_LIMIT = 120;
export const SIMILAR_LIMIT = 4;

const NOT_FOUND = "We could not find this listing. It may have been sold or taken down.";

/** A listing id from a URL or a payload: a positive whole number that fits the id column, else null. */
export function parseListingId(raw: unknown): number | null {
  return toDbId(raw);
}

/** Public = active and not a test listing: what buyers and search engines may see. */
export function isPublicListing(l: { listingStatusId: number; isTest: boolean }) {
  return l.listingStatusId === LISTING_STATUS.active && !l.isTest;
}

/**
 * A listing under contract or sold (not a test listing) keeps its page for everyone (issue 27): its state, its facts,
 * no offer. Pending, deactivated and never-approved listings stay hidden.
 */
export function isOnRecord(l: { listingStatusId: number; isTest: boolean }) {
  return !l.isTest && (l.listingStatusId === LISTING_STATUS.underContract || l.listingStatusId === LISTING_STATUS.sold);
}

/** Who may see a listing that is not public: its seller and administrators (the sellers' update rule). */
function canSeeUnpublished(actor: Viewer | null, sellerId: string | null) {
  if (!actor) return false;
  return actor.id === sellerId || defineAbilityFor(actor).can("update", { __type: "Listing", sellerId });
}

export type Visibility = "public" | "underContract" | "sold" | "pending" | "deactivated" | "test" | "hidden";

function visibilityOf(l: ListingDetailRow): Visibility {
  if (l.isTest) return "test";
  if (l.listingStatusId === LISTING_STATUS.active) return "public";
  if (l.listingStatusId === LISTING_STATUS.underContract) return "underContract";
  if (l.listingStatusId === LISTING_STATUS.sold) return "sold";
  if (l.listingStatusId === LISTING_STATUS.pending) return "pending";
  if (l.listingStatusId === LISTING_STATUS.deactivated) return "deactivated";
  return "hidden";
}

/** The listing when the actor may see it; NOT_FOUND otherwise, so a hidden listing never reveals that it exists. */
async function loadVisible(deps: Deps, actor: Viewer | null, rawId: unknown, source?: "broker") {
  const id = parseListingId(rawId);
  const row = id === null ? null : await selectListingDetail(deps.db, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (source && row.source !== source) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (!isPublicListing(row) && !isOnRecord(row) && !canSeeUnpublished(actor, row.sellerId))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

/**
 * Everything the detail page shows about one listing: facts, points per use year with their dates, dues and
 * dues at closing, contract term, resale restrictions, the score explained, comparable listings for the chart
 * and the most similar ones. `source: "broker"` limits it to broker listings (/broker-listings/:id).
 */
export async function getListingDetail(
  deps: Deps,
  args: { actor: Viewer | null; input: { id: unknown; source?: "broker" }; now?: Date },
) {
  const now = args.now ?? new Date();
  const l = await loadVisible(deps, args.actor, args.input.id, args.input.source);
  const visibility = visibilityOf(l);
  const r = l.resort;

  const [comparables, comparableCount, explanation, sale, deal] = [
    await selectComparables(deps.db, {
      resortId: r.id,
      exceptId: l.id,
      contractPoints: l.contractPoints,
      limit: CHART_LIMIT,
    }),
    await countComparables(deps.db, { resortId: r.id, exceptId: l.id }),
    visibility === "public" ? await explainScore(deps.db, l.id, now) : null,
    visibility === "sold" ? await selectSaleOfListing(deps.db, l.id) : null,
    args.actor && (visibility === "underContract" || visibility === "sold")
      ? await selectDealOfParty(deps.db, l.id, args.actor.id)
      : null,
  ];
  const market = marketStateOf(l.listingStatusId, sale?.rofrResult);

  const annual = annualDuesCents(l.contractPoints, r.duesPerPointCents);
  const availability = availabilityColumns(l, now).map((c) => ({ ...c, dates: useYearDates(l.useMonth, c.year) }));

  return {
    id: l.id,
    listingCode: l.listingCode,
    source: l.source,
    title: listingTitle({ contractPoints: l.contractPoints, resortName: r.name, useMonth: l.useMonth }),
    useMonth: l.useMonth,
    useMonthShort: monthName(l.useMonth),
    useMonthFull: monthName(l.useMonth, true),
    contractPoints: l.contractPoints,
    pricePerPointCents: l.pricePerPointCents,
    totalCents: l.contractPoints * l.pricePerPointCents,
    prevYearPoints: l.prevYearPoints,
    currYearPoints: l.currYearPoints,
    nextYearPoints: l.nextYearPoints,
    noHaggle: l.noHaggle,
    postedAt: l.postedAt.toISOString(),
    visibility,
    /** For sale, under contract, sold or bought back (null for a listing not on the market). */
    market: l.isTest ? null : market,
    /** The closed sale of a sold listing: the price a point it closed at, and when. */
    sale: sale
      ? { pricePerPointCents: sale.pricePerPointCents, closedAt: sale.closedAt.toISOString(), rofr: sale.rofrResult }
      : null,
    /** The viewer's own deal on this listing (its buyer or seller): a link to their agreement page. */
    deal: deal
      ? {
          side: deal.side,
          href: href("/v2/profile/agreements/:agreementId", { agreementId: String(deal.agreementId) }),
        }
      : null,
    viewerIsSeller: args.actor !== null && args.actor.id === l.sellerId,
    resort: {
      code: r.code,
      name: r.name,
      slug: r.slug,
      location: r.location,
      logoPath: r.logoPath,
      photoPath: r.photoPath,
    },
    // Only web addresses are linked (never a javascript: or data: URL from the broker record).
    broker: l.brokerName
      ? {
          name: l.brokerName,
          website: /^https?:\/\//i.test(l.brokerWebsite ?? "") ? l.brokerWebsite : null,
          // Only logos the admin form stored (served from /media/...), never an address typed elsewhere.
          logo: /^\/media\/brokers\/[a-f0-9]{16}\.webp$/.test(l.brokerLogoPath ?? "") ? l.brokerLogoPath : null,
          commissionText: l.brokerCommissionText || null,
        }
      : null,
    availability,
    dues: {
      perPointCents: r.duesPerPointCents,
      /** The calendar year the figure is for, and where it comes from (shown with it). */
      year: r.duesPerPointCents === null ? null : r.duesYear,
      source: r.duesPerPointCents === null ? null : r.duesSource?.trim() || null,
      /** Our estimate rather than the resort's published figure: said so wherever the figure is shown. */
      estimate: r.duesPerPointCents !== null && r.duesEstimated === true,
      annualCents: annual,
      atClosing: annual === null ? [] : closingDuesEstimates(annual, now),
    },
    term: contractTerm(r, now),
    restrictions: resaleRestrictionsFor(r),
    score: explanation?.score ?? (visibility === "public" ? l.score : null),
    explanation,
    chart: {
      resortName: r.name,
      others: comparables.map((c) => ({
        id: c.id,
        listingCode: c.listingCode,
        contractPoints: c.contractPoints,
        pricePerPointCents: c.pricePerPointCents,
      })),
      totalOthers: comparableCount,
    },
    similar: rankSimilar(l, comparables, SIMILAR_LIMIT).map((c) => ({
      id: c.id,
      listingCode: c.listingCode,
      title: listingTitle({ contractPoints: c.contractPoints, resortName: r.name, useMonth: c.useMonth }),
      useMonthShort: monthName(c.useMonth),
      contractPoints: c.contractPoints,
      pricePerPointCents: c.pricePerPointCents,
      totalCents: c.contractPoints * c.pricePerPointCents,
      prevYearPoints: c.prevYearPoints,
      currYearPoints: c.currYearPoints,
      nextYearPoints: c.nextYearPoints,
      score: c.score,
      noHaggle: c.noHaggle,
    })),
  };
}

export type ListingDetail = Awaited<ReturnType<typeof getListingDetail>>;

/**
 * A public listing in the names of SPEC section 3 "Listing" (listing.get-listing-by-id), plus resort name,
 * total (dollars), score and no_haggle. A listing that is not public is NOT_FOUND, whoever asks.
 */
export async function getPublicListing(deps: Deps, args: { input: { listingId: unknown } }) {
  const id = parseListingId(args.input.listingId);
  if (id === null) {
    const missing = args.input.listingId === undefined || args.input.listingId === null || args.input.listingId === "";
    const message = missing ? "listing_id is required." : "listing_id must be a whole number such as 42.";
    throw new AppError("BAD_INPUT", message, { listing_id: [message] });
  }
  const l = await selectListingDetail(deps.db, id);
  if (!l || !isPublicListing(l)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const totalCents = l.contractPoints * l.pricePerPointCents;
  return {
    id: l.id,
    listing_code: l.listingCode,
    use_month: monthName(l.useMonth),
    use_month_full: monthName(l.useMonth, true),
    contract_points: l.contractPoints,
    price_per_points: centsToDollars(l.pricePerPointCents),
    prev_year_points: l.prevYearPoints,
    curr_year_points: l.currYearPoints,
    next_year_points: l.nextYearPoints,
    listing_status_id: l.listingStatusId,
    resort_code: l.resort.code,
    resort_name: l.resort.name,
    total: centsToDollars(totalCents),
    score: l.score,
    no_haggle: l.noHaggle,
  };
}

/** The facts a question about a listing carries; only a public listing can be asked about. */
export async function getListingForQuestion(deps: Deps, args: { input: { id: unknown; source?: "broker" } }) {
  const id = parseListingId(args.input.id);
  const l = id === null ? null : await selectListingDetail(deps.db, id);
  if (!l || !isPublicListing(l) || (args.input.source && l.source !== args.input.source))
    throw new AppError("NOT_FOUND", NOT_FOUND);
  return {
    id: l.id,
    listingCode: l.listingCode,
    title: listingTitle({ contractPoints: l.contractPoints, resortName: l.resort.name, useMonth: l.useMonth }),
    resortName: l.resort.name,
    useMonthFull: monthName(l.useMonth, true),
    contractPoints: l.contractPoints,
    pricePerPointCents: l.pricePerPointCents,
    totalCents: l.contractPoints * l.pricePerPointCents,
    broker: l.brokerName,
  };
}
