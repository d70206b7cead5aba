import { type Viewer, defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Tx } from "~/db/client.server";
import { transition, transitionIn } from "~/lib/workflow.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { getOfferedUseMonths } from "~/modules/settings/tweaks.server";
import {
  type ListingFormInput,
  ListingFormSchema,
  type ListingLimits,
  listingLimitRefusals,
  type ListingStatusUpdate,
  ListingStatusUpdateSchema,
  deactivationReasonText,
} from "./inventory.schema";
import {
  insertListing,
  selectHighestListingNumber,
  selectAskingPriceStats,
  selectListableResorts,
  selectListingById,
  selectSellerListings,
  updateListingRow,
} from "./inventory.queries.server";
import { LISTING_STATUS } from "./listing-status";
import type { ResortComparables } from "./inventory-comparables";
import { canEditListing, sellerListingActions } from "./listing-rules";
import { listingWorkflow } from "./listing.workflow";
import { selectSellerListingsIn } from "./listing-workflow.queries.server";
import { SPECIAL_REQUEST_QUEUES } from "~/modules/special-requests/special-requests.queues";
import { LISTINGS_QUEUES } from "./listings.jobs.server";
import { notifyListingReview } from "~/modules/notifications/listing-notification.server";
import { requireVerifiedEmail } from "~/modules/accounts/auth-email-verification.server";
import { centsToInput, dollarsToCents } from "~/lib/money";

type DbDeps = Pick<Services, "db">;
type Deps = Pick<Services, "db" | "jobs">;

export const INVENTORY_PAGE_SIZE = 20;

function pageOf(raw: string | null | undefined) {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

function requireSeller(actor: Viewer) {
  if (!defineAbilityFor(actor).can("create", "Listing")) {
    throw new AppError("FORBIDDEN", "Only sellers have an inventory of listings.");
  }
}

function canChange(actor: Viewer, sellerId: string | null) {
  return defineAbilityFor(actor).can("update", { __type: "Listing", sellerId });
}

export type InventoryRow = Awaited<ReturnType<typeof selectSellerListings>>["rows"][number];

/**
 * The seller's own listings: "for sale" (active, pending review, and under contract: an offer was accepted) or "not
 * for sale" (deactivated).
 */
export async function listMyInventory(
  deps: DbDeps,
  args: { actor: Viewer; input: { view: "for-sale" | "not-for-sale"; page?: string | null } },
) {
  requireSeller(args.actor);
  const page = pageOf(args.input.page);
  const statusIds =
    args.input.view === "for-sale"
      ? [LISTING_STATUS.active, LISTING_STATUS.pending, LISTING_STATUS.underContract]
      : [LISTING_STATUS.deactivated];
  const { rows, total } = await selectSellerListings(deps.db, {
    sellerId: args.actor.id,
    statusIds,
    limit: INVENTORY_PAGE_SIZE,
    offset: (page - 1) * INVENTORY_PAGE_SIZE,
  });
  return {
    // Each row says which of the seller's buttons the server would accept (listing-rules.ts).
    rows: rows.map((r) => ({ ...serialize(r), actions: sellerListingActions(r.listingStatusId) })),
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
  };
}

function serialize<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The resorts a seller can list at, A-Z by name (issue 13), the same on PGlite and PostgreSQL whatever the collation. */
/**
 * The comparable asking prices at every listable resort, for the listing form (the sign-up promise to sellers):
 * count, median and suggested range per resort id. When editing, the seller's own listing is left out.
 */
export async function getResortComparables(
  deps: Deps,
  args: { excludeListingId?: number } = {},
): Promise<Record<number, ResortComparables>> {
  const rows = await selectAskingPriceStats(deps.db, args);
  // /admin/tweaks "Pricing strategy" (decision 0088): the listings needed, and the range (MIN_PRICE_COMPARABLES and
  // the middle half by default).
  const strategy = await readSettingsSection(deps.db, TWEAKS, "pricing-strategy");
  const band = strategy.range === "band" ? strategy.bandPercent : null;
  const out: Record<number, ResortComparables> = {};
  for (const r of rows) {
    const enough = r.count >= strategy.minComparables;
    out[r.resortId] = {
      resortId: r.resortId,
      count: r.count,
      medianCents: enough ? Math.round(r.median) : null,
      lowCents: !enough ? null : band ? Math.round((r.median * (100 - band)) / 100) : Math.round(r.q1),
      highCents: !enough ? null : band ? Math.round((r.median * (100 + band)) / 100) : Math.round(r.q3),
      bandPercent: band,
    };
  }
  return out;
}

export async function listListableResorts(deps: Deps) {
  const rows = await selectListableResorts(deps.db);
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

async function checkResort(deps: DbDeps, resortId: number) {
  const resorts = await selectListableResorts(deps.db);
  if (!resorts.some((r) => r.id === resortId)) {
    throw new AppError("BAD_INPUT", "Choose a resort from the list.", { resortId: ["Choose a resort from the list."] });
  }
}

/** The limits a listing keeps: /admin/tweaks "Listing info" (decision 0088), read by the form and the checks. */
export async function getListingLimits(db: DbDeps["db"]): Promise<ListingLimits> {
  const t = await readSettingsSection(db, TWEAKS, "listing-info");
  return {
    contractPointsMin: t.contractPointsMin,
    contractPointsMax: t.contractPointsMax,
    priceMin: t.priceMinCents / 100,
    priceMax: t.priceMaxCents / 100,
    // /admin/tweaks "Years" (decision 0093): the use-year months offered.
    useMonths: await getOfferedUseMonths(db),
  };
}

/** `keepMonth`: an edited listing's own use-year month, which it keeps even when the site no longer offers it. */
async function checkLimits(deps: DbDeps, value: ListingFormInput, keepMonth?: number) {
  const fields = listingLimitRefusals(value, await getListingLimits(deps.db), keepMonth);
  // /admin/tweaks "Membership" (decision 0088): stripped contracts and banked points.
  const membership = await readSettingsSection(deps.db, TWEAKS, "membership");
  if (!membership.allowStripped && value.currYearPoints < value.contractPoints)
    fields.currYearPoints = [
      `Stripped contracts are not listed here: the current use year must hold all ${value.contractPoints} points.`,
    ];
  if (value.prevYearPoints > value.contractPoints * membership.bankedMaxMultiple)
    fields.prevYearPoints = [
      membership.bankedMaxMultiple === 0
        ? "Contracts with banked points are not listed here: enter 0 banked points."
        : membership.bankedMaxMultiple === 1
          ? `Banked points can be at most the contract's ${value.contractPoints} points.`
          : `Banked points can be at most twice the contract (${value.contractPoints * 2}).`,
    ];
  if (Object.keys(fields).length) throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fields);
}

function parseForm(input: unknown): ListingFormInput {
  const parsed = ListingFormSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new AppError("BAD_INPUT", "Please correct the highlighted fields.", fields);
}

function toColumns(v: ListingFormInput) {
  return {
    resortId: v.resortId,
    useMonth: v.useMonth,
    contractPoints: v.contractPoints,
    pricePerPointCents: dollarsToCents(v.pricePerPoint),
    prevYearPoints: v.prevYearPoints,
    currYearPoints: v.currYearPoints,
    nextYearPoints: v.nextYearPoints,
    noHaggle: v.noHaggle,
  };
}

/** A seller lists a contract: it waits for an administrator's review (status pending) under a new VPM-<n> code. */
export async function createListing(deps: Deps, args: { actor: Viewer; input: unknown }) {
  requireSeller(args.actor);
  requireVerifiedEmail(args.actor);
  const value = parseForm(args.input);
  await checkLimits(deps, value);
  await checkResort(deps, value.resortId);
  // Two sellers submitting at once may pick the same number; the unique code makes the loser retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const next = (await selectHighestListingNumber(tx)) + 1;
        const created = await insertListing(tx, {
          ...toColumns(value),
          listingCode: `VPM-${next}`,
          source: "member",
          sellerId: args.actor.id,
          listingStatusId: LISTING_STATUS.pending,
        });
        await notifyListingReview(tx, { actor: args.actor, listing: created, event: "created" });
        await recordActivity(tx, {
          userId: args.actor.id,
          actor: args.actor,
          kind: "listing.create",
          category: "listing",
          facts: { listingCode: created.listingCode },
          data: { listingId: created.id, listingCode: created.listingCode, status: LISTING_STATUS.pending },
        });
        return created;
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
}

async function getChangeableListing(deps: DbDeps, actor: Viewer, id: number) {
  const listing = Number.isInteger(id) && id > 0 ? await selectListingById(deps.db, id) : null;
  if (!listing) throw new AppError("NOT_FOUND", "This listing does not exist.");
  if (!canChange(actor, listing.sellerId)) {
    throw new AppError("FORBIDDEN", "You can only change your own listings.");
  }
  return listing;
}

/** A listing for the edit form, when the actor may change it. */
export async function getListingForEdit(deps: DbDeps, args: { actor: Viewer; input: { id: number } }) {
  const l = await getChangeableListing(deps, args.actor, args.input.id);
  return {
    id: l.id,
    listingCode: l.listingCode,
    listingStatusId: l.listingStatusId,
    values: {
      resortId: l.resortId,
      useMonth: l.useMonth,
      contractPoints: l.contractPoints,
      prevYearPoints: l.prevYearPoints,
      currYearPoints: l.currYearPoints,
      nextYearPoints: l.nextYearPoints,
      pricePerPoint: centsToInput(l.pricePerPointCents),
      noHaggle: l.noHaggle,
    },
  };
}

export async function updateListing(deps: Deps, args: { actor: Viewer; input: { id: number; values: unknown } }) {
  const value = parseForm(args.input.values);
  const id = args.input.id;
  const current = Number.isInteger(id) && id > 0 ? await selectListingById(deps.db, id) : null;
  await checkLimits(deps, value, current?.useMonth);
  const { row, priceChanged } = await deps.db.transaction(async (tx) => {
    const listing = await getChangeableListing({ db: tx }, args.actor, args.input.id);
    if (!canEditListing(listing.listingStatusId)) {
      // The accepted offer and its agreement were made on these terms (listing-rules.ts; the inventory offers no Edit).
      const state = listing.listingStatusId === LISTING_STATUS.sold ? "sold" : "under contract";
      throw new AppError("CONFLICT", `Listing ${listing.listingCode} is ${state}: it can no longer be edited.`);
    }
    await checkResort({ db: tx }, value.resortId);
    const columns = toColumns(value);
    const row = await updateListingRow(tx, args.input.id, columns);
    if (!row) throw new AppError("NOT_FOUND", "This listing does not exist.");
    if (row.listingStatusId === LISTING_STATUS.pending) {
      await notifyListingReview(tx, { actor: args.actor, listing: row, event: "edited" });
    }
    await recordActivity(tx, {
      userId: listing.sellerId,
      actor: args.actor,
      kind: "listing.update",
      category: "listing",
      facts: { listingCode: row.listingCode },
      data: { listingId: row.id, listingCode: row.listingCode },
    });
    return { row, priceChanged: listing.pricePerPointCents !== columns.pricePerPointCents };
  });
  await queueScoreRecompute(deps, row.resortId);
  // A live listing at a new price may now meet special requests it did not (the matcher announces each once).
  if (priceChanged && row.listingStatusId === LISTING_STATUS.active) {
    await deps.jobs.send(SPECIAL_REQUEST_QUEUES.match, { listingId: row.id, reason: "price" });
  }
  return row;
}

/**
 * SPEC `listings.update`: activate (3) or deactivate (9, with a reason), through the listing workflow. Sellers
 * change their own listings; administrators any. The `isAdmin` flag of the payload is ignored: the session decides.
 */
export async function changeListingStatus(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const parsed = ListingStatusUpdateSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Invalid request.");
  const input: ListingStatusUpdate = parsed.data;
  const deactivating = input.value === LISTING_STATUS.deactivated;
  const { after } = await transition(deps, listingWorkflow, input.id, deactivating ? "deactivate" : "activate", {
    actor: args.actor,
    input: { reason: input.reason, other_reason: input.other_reason },
  });
  return {
    id: after.id,
    listingCode: after.listingCode,
    listingStatusId: after.listingStatusId,
    reason: deactivating ? deactivationReasonText(input.reason, input.other_reason) : null,
  };
}

/** An administrator approves (active, posted now) or rejects (deactivated) a pending listing. */
export async function reviewListing(
  deps: Deps,
  args: { actor: Viewer; input: { id: number; decision: "approve" | "reject" } },
) {
  const { after } = await transition(
    deps,
    listingWorkflow,
    args.input.id,
    args.input.decision === "approve" ? "approve" : "reject",
    {
      actor: args.actor,
    },
  );
  return after;
}

/** Scores move with every change to a listing; the job recomputes its resort's (one way for every change). */
async function queueScoreRecompute(deps: Pick<Services, "jobs">, resortId: number) {
  await deps.jobs.send(LISTINGS_QUEUES.recomputeScores, { resortId });
}

/** A seller's listings still for sale or in review (what closing the account will deactivate), in a transaction. */
export function listOpenListingsOf(tx: Tx, sellerId: string) {
  return selectSellerListingsIn(tx, sellerId, [LISTING_STATUS.active, LISTING_STATUS.pending]);
}

/**
 * Closes a seller's active and pending listings with their account, inside the account's transaction: each goes
 * through the workflow (`closeWithAccount`, which journals it). Returns the resorts whose scores to recompute once
 * the caller has committed (`queueScoreRecomputes`).
 */
export async function closeListingsWithAccount(
  tx: Tx,
  args: { actor: Viewer; input: { sellerId: string; reasonText: string } },
) {
  const resortIds = new Set<number>();
  for (const l of await listOpenListingsOf(tx, args.input.sellerId)) {
    const { after } = await transitionIn(tx, listingWorkflow, l.id, "closeWithAccount", {
      actor: args.actor,
      input: { reasonText: args.input.reasonText },
    });
    resortIds.add(after.resortId);
  }
  return [...resortIds];
}

/** Queues the score recompute of each resort (after a commit that changed its listings). */
export async function queueScoreRecomputes(deps: Pick<Services, "jobs">, resortIds: number[]) {
  for (const resortId of resortIds) await deps.jobs.send(LISTINGS_QUEUES.recomputeScores, { resortId });
}
