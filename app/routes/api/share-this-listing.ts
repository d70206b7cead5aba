import { handlePublicCall, publicRefusal } from "~/lib/action.server";
import { AppError } from "~/lib/errors";
import { clientAddress, isCrossSiteRequest, siteOrigins } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { SHARE_MESSAGES } from "~/modules/listings/share";
import { shareListing } from "~/modules/listings/share.server";
import type { Route } from "./+types/share-this-listing";

const USE_POST = "Send a POST with name, email, listing_url and message to share a listing.";

/**
 * share-this-listing (SPEC section 7): POST name, email, listing_url, message as JSON or a form, and the friend
 * gets a mail about that listing. Answers `{ success: true, message }`; refusals answer 4xx with
 * `{ success: false, error, fields }`: 400 bad input, 403 from another site, 404 listing not for sale, 429 too many.
 */
export function action({ request }: Route.ActionArgs) {
  return handlePublicCall(request, {
    methodMessage: USE_POST,
    run: async (input) => {
      const services = await getServices();
      const origins = siteOrigins(request, services.config.authUrl);
      if (isCrossSiteRequest(request, origins))
        throw new AppError("FORBIDDEN", "Listings can only be shared from this site's own pages.");
      await shareListing(services, {
        actor: { address: clientAddress(request) },
        input,
        siteOrigins: origins,
        publicUrl: services.config.authUrl,
      });
      return { success: true, message: SHARE_MESSAGES.success };
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
