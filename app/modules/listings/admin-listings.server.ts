import type { Viewer } from "~/auth/abilities";
import { defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { countListingsByStatus, countSellerListingsByStatus } from "./admin-listings.queries.server";

/** Listing status ids (SPEC section 4: 3 active, 9 deactivated; 1 pending review). */
export const LISTING_STATUS = { pending: 1, active: 3, deactivated: 9 } as const;

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
