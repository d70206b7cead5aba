import { handlePublicCall, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { getPublicListing } from "~/modules/listings/detail.server";
import { getYearsTweaks } from "~/modules/settings/tweaks.server";
import type { Route } from "./+types/get-listing-by-id";

const USE_POST = 'Use POST with a body such as { "listing_id": 42 }.';

/**
 * listing.get-listing-by-id (SPEC section 7): POST `listing_id` (JSON or form-encoded) and get
 * `{ listing, settings: { use_years_membership_page } }`. 400 for a missing or non-numeric id, 404 for a
 * listing that is not public (active and not a test listing), 405 for any other method.
 */
export function action({ request }: Route.ActionArgs) {
  return handlePublicCall(request, {
    methodMessage: USE_POST,
    run: async (body) => {
      const { db } = await getServices();
      const listing = await getPublicListing({ db }, { input: { listingId: body.listing_id } });
      // The use-year months the site offers (/admin/tweaks "Years", decision 0093).
      const years = await getYearsTweaks(db);
      return { listing, settings: { use_years_membership_page: years.useMonths } };
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
