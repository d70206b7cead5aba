import { LISTING_STATUS, type ListingStatusId } from "./listing-status";

/**
 * What a seller may do with a listing in each status: one place for the server's checks (the listing workflow's
 * `deactivate` transition, `updateListing`) and the screens that offer the buttons (the inventory), so a screen
 * never offers what the server refuses (issue 13). Plain data: safe in the browser bundle.
 */

/** The statuses a listing can be deactivated from: for sale, or waiting for review. */
export const DEACTIVATABLE_FROM = [LISTING_STATUS.active, LISTING_STATUS.pending] as const satisfies ListingStatusId[];

export function canDeactivateListing(statusId: number) {
  return (DEACTIVATABLE_FROM as readonly number[]).includes(statusId);
}

/** A listing under contract keeps the terms its accepted offer and agreement were made on; a sold one is history. */
export function canEditListing(statusId: number) {
  return statusId !== LISTING_STATUS.underContract && statusId !== LISTING_STATUS.sold;
}

/** Why a seller cannot change a listing, or null when they can edit and deactivate it. */
export function listingLockedReason(statusId: number): string | null {
  if (statusId === LISTING_STATUS.underContract) {
    return "Under contract: an offer was accepted, so the listing can no longer be edited or deactivated.";
  }
  if (statusId === LISTING_STATUS.sold) return "Sold: the listing can no longer be changed.";
  return null;
}

/** The seller's buttons for a row of their inventory. */
export function sellerListingActions(statusId: number) {
  return {
    edit: canEditListing(statusId),
    deactivate: canDeactivateListing(statusId),
    lockedReason: listingLockedReason(statusId),
  };
}
