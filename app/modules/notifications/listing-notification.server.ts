import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { listingName } from "~/modules/listings/listing-name";
import { notifyAdmins } from "./admin-notifications.server";
import { selectListingNameFacts } from "./listing-notification.queries.server";

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
  // Named as a person reads it (issue 27): "Animal Kingdom Villas, 160 points (VPM-1042)".
  const named = await selectListingNameFacts(tx, e.listing.id);
  const name = named ? listingName({ ...named, listingCode: e.listing.listingCode }) : e.listing.listingCode;
  return notifyAdmins(tx, {
    type: "listing",
    user: e.actor.name,
    role: e.actor.role,
    user_uniqid: e.actor.userUniqid,
    notification: `${e.actor.name} ${WORDS[e.event]} ${name}: waiting for review.`,
    listing_id: e.listing.id,
    listing_code: e.listing.listingCode,
    event: e.event,
  });
}
