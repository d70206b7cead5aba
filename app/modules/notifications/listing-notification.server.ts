import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { notifyAdmins } from "./admin-notifications.server";

export type ListingReviewEvent = "created" | "edited" | "reactivated";

const WORDS: Record<ListingReviewEvent, string> = {
  created: "listed",
  edited: "edited",
  reactivated: "asked to reactivate",
};

/**
 * The admin header's "listing notifications" (SPEC section 2): a seller's listing waits for review. Call inside the
 * transaction that puts the listing in review. An administrator's own edits notify nobody.
 */
export async function notifyListingReview(
  tx: Db | Tx,
  e: { actor: Viewer; listing: { id: number; listingCode: string }; event: ListingReviewEvent },
) {
  if (e.actor.role === "admin") return null;
  return notifyAdmins(tx, {
    type: "listing",
    user: e.actor.name,
    role: e.actor.role,
    user_uniqid: e.actor.userUniqid,
    notification: `${e.actor.name} ${WORDS[e.event]} ${e.listing.listingCode}: waiting for review.`,
    listing_id: e.listing.id,
    listing_code: e.listing.listingCode,
    event: e.event,
  });
}
