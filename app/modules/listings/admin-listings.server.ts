import type { Viewer } from "~/auth/abilities";
import { defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { type ListQuery, parseListQuery, type SortDirection } from "~/lib/list-query";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  type AdminListingFilter,
  type AdminListingSort,
  countListingsByStatus,
  countSellerListingsByStatus,
  repostListingRow,
  selectAdminListings,
  selectListingByCode,
  selectListingForAdmin,
  updateTestFlag,
} from "./admin-listings.queries.server";
import { selectListingById } from "./inventory.queries.server";
import { DEACTIVATION_REASONS, ListingCodeSchema, OTHER_REASON } from "./inventory.schema";
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

/** Rows per page on the admin listing screens. */
export const ADMIN_LISTINGS_PAGE_SIZE = 20;

type ViewConfig = {
  filter: Omit<AdminListingFilter, "q">;
  sorts: readonly AdminListingSort[];
  defaultSort: AdminListingSort;
  defaultDir: SortDirection;
};

const COMMON_SORTS = ["code", "owner", "resort", "points", "ppp"] as const;

/**
 * The admin listing screens, each one filter over the listings table with its own sort columns:
 * the review queue (oldest first), deactivated and test listings (latest change first), and the
 * active listings to repost (oldest posting first).
 */
export const ADMIN_LISTING_VIEWS = {
  pending: {
    filter: { statusId: LISTING_STATUS.pending },
    sorts: [...COMMON_SORTS, "submitted"],
    defaultSort: "submitted",
    defaultDir: "asc",
  },
  deactivated: {
    filter: { statusId: LISTING_STATUS.deactivated },
    sorts: [...COMMON_SORTS, "updated"],
    defaultSort: "updated",
    defaultDir: "desc",
  },
  test: { filter: { isTest: true }, sorts: [...COMMON_SORTS, "updated"], defaultSort: "updated", defaultDir: "desc" },
  reposts: {
    filter: { statusId: LISTING_STATUS.active, isTest: false },
    sorts: [...COMMON_SORTS, "posted", "reposted", "reposts"],
    defaultSort: "posted",
    defaultDir: "asc",
  },
} as const satisfies Record<string, ViewConfig>;
export type AdminListingView = keyof typeof ADMIN_LISTING_VIEWS;

function requireListingAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "Listing")) {
    throw new AppError("FORBIDDEN", "Only administrators manage listings.");
  }
}

/** The reason a deactivated listing shows: one of SPEC section 5's reasons, Other with its text, or a rejection. */
export function deactivationReasonLabel(row: {
  deactivationReasonId: number | null;
  deactivationReasonText: string | null;
  approvedAt: Date | string | null;
}) {
  const id = row.deactivationReasonId === null ? null : String(row.deactivationReasonId);
  if (id === OTHER_REASON) return `Other: ${row.deactivationReasonText || "no text given"}`;
  const known = DEACTIVATION_REASONS.find((r) => r.value === id);
  if (known) return known.label;
  return row.approvedAt ? "No reason recorded" : "Rejected in review";
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One page of an admin listing screen, ordered and searched as the query string says (bad values fall back). */
export async function listAdminListings(
  deps: Deps,
  args: {
    actor: Viewer;
    input: {
      view: AdminListingView;
      query: { page?: string | null; sort?: string | null; dir?: string | null; q?: string | null };
    };
  },
) {
  requireListingAdmin(args.actor);
  const view: ViewConfig = ADMIN_LISTING_VIEWS[args.input.view];
  const query: ListQuery<AdminListingSort> = parseListQuery(args.input.query, view);
  const result = await selectAdminListings(deps.db, {
    filter: { ...view.filter, q: query.q },
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    pageSize: ADMIN_LISTINGS_PAGE_SIZE,
  });
  return {
    rows: result.rows.map((r) => ({
      ...r,
      owner: r.sellerName ?? r.brokerName ?? "",
      deactivationReason: deactivationReasonLabel(r),
      approvedAt: iso(r.approvedAt),
      postedAt: r.postedAt.toISOString(),
      repostedAt: iso(r.repostedAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    sort: { column: query.sort, dir: query.dir },
    q: query.q,
  };
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
