import type { Viewer } from "~/auth/abilities";
import { defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  countListingsByStatus,
  countSellerListingsByStatus,
  repostListingRow,
  selectListingByCode,
  selectListingForAdmin,
  updateTestFlag,
} from "./admin-listings.queries.server";
import { selectListingById } from "./inventory.queries.server";
import { ListingCodeSchema } from "./inventory.schema";
import { changeListingStatus } from "./inventory.server";
import { LISTING_STATUS } from "./listing-status";
import { LISTINGS_QUEUES } from "./listings.jobs.server";
import { toDbId } from "~/lib/fields";

export { LISTING_STATUS };

export type ListingStatusCounts = { active: number; pending: number; deactivated: number };

function toStatusCounts(rows: { statusId: number; count: number }[]): ListingStatusCounts {
  const by = new Map(rows.map((r) => [r.statusId, Number(r.count)]));
  return {
    active: by.get(LISTING_STATUS.active) ?? 0,
    pending: by.get(LISTING_STATUS.pending) ?? 0,
    deactivated: by.get(LISTING_STATUS.deactivated) ?? 0,
  };
}

/** Marketplace-wide listing counts per status, for the admin overview. */
export async function getListingStatusCounts(deps: Pick<Services, "db">, args: { actor: Viewer }) {
  if (!defineAbilityFor(args.actor).can("read", "AdminDashboard")) {
    throw new AppError("FORBIDDEN", "You do not have permission to see marketplace statistics.");
  }
  return toStatusCounts(await countListingsByStatus(deps.db));
}

/** The signed-in seller's own listings per status. */
export async function getMyListingStatusCounts(deps: Pick<Services, "db">, args: { actor: Viewer }) {
  return toStatusCounts(await countSellerListingsByStatus(deps.db, args.actor.id));
}

type Deps = Pick<Services, "db" | "jobs">;

function requireListingAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "Listing")) {
    throw new AppError("FORBIDDEN", "Only administrators manage listings.");
  }
}

/** The seller whose journal a change to this listing belongs in (null for a broker's listing). */
async function selectListingOwner(db: Parameters<typeof selectListingById>[0], id: number) {
  return (await selectListingById(db, id))?.sellerId ?? null;
}

function listingId(raw: unknown) {
  const id = toDbId(raw);
  if (id === null) throw new AppError("BAD_INPUT", "Choose a listing.");
  return id;
}

/**
 * Puts an active listing back at the top of the newest-first order: posted and reposted now,
 * one more repost, in one statement (one transaction).
 */
export async function repostListing(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireListingAdmin(args.actor);
  const id = listingId(args.input.id);
  return deps.db.transaction(async (tx) => {
    const row = await repostListingRow(tx, id, LISTING_STATUS.active);
    if (row) {
      const owner = await selectListingOwner(tx, id);
      await recordActivity(tx, {
        userId: owner,
        actor: args.actor,
        kind: "listing.repost",
        category: "listing",
        facts: { listingCode: row.listingCode },
        data: { listingId: row.id, listingCode: row.listingCode, repostCount: row.repostCount },
      });
      return row;
    }
    const listing = await selectListingForAdmin(tx, id);
    if (!listing) throw new AppError("NOT_FOUND", "This listing does not exist.");
    throw new AppError("CONFLICT", `Listing ${listing.listingCode} is not active, so it cannot be reposted.`);
  });
}

/**
 * Flags a listing as a test listing (by its code, as typed) or clears the flag (by id). Test listings
 * never show in search; the resort's scores are recomputed, as its comparables changed.
 */
export async function setTestListing(
  deps: Deps,
  args: { actor: Viewer; input: { code?: unknown; id?: unknown; isTest: boolean } },
) {
  requireListingAdmin(args.actor);
  const row = await deps.db.transaction(async (tx) => {
    let listing: Awaited<ReturnType<typeof selectListingForAdmin>>;
    if (args.input.code !== undefined) {
      const parsed = ListingCodeSchema.safeParse(args.input.code);
      if (!parsed.success) throw new AppError("BAD_INPUT", "Enter a listing code, like VPM-10001.");
      const code = parsed.data;
      listing = await selectListingByCode(tx, code);
      if (!listing) throw new AppError("NOT_FOUND", `No listing has the code ${code}.`);
    } else {
      listing = await selectListingForAdmin(tx, listingId(args.input.id));
      if (!listing) throw new AppError("NOT_FOUND", "This listing does not exist.");
    }
    if (listing.isTest === args.input.isTest) {
      throw new AppError(
        "CONFLICT",
        args.input.isTest
          ? `Listing ${listing.listingCode} is already a test listing.`
          : `Listing ${listing.listingCode} is not a test listing.`,
      );
    }
    const updated = await updateTestFlag(tx, listing.id, args.input.isTest);
    if (!updated) throw new AppError("NOT_FOUND", "This listing does not exist.");
    return updated;
  });
  await deps.jobs.send(LISTINGS_QUEUES.recomputeScores, { resortId: row.resortId });
  return { id: row.id, listingCode: row.listingCode, isTest: args.input.isTest };
}

/**
 * An administrator puts a deactivated listing back on sale through `listings.update` (scores are
 * recomputed there; a listing never approved goes back to the review queue instead of going live).
 */
export async function reactivateListing(deps: Deps, args: { actor: Viewer; input: { id: unknown } }) {
  requireListingAdmin(args.actor);
  return changeListingStatus(deps, {
    actor: args.actor,
    input: { id: listingId(args.input.id), name: "listing_status_id", value: LISTING_STATUS.active },
  });
}
