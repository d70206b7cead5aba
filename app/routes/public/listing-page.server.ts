import { getViewer } from "~/auth/session.server";
import { handleFormAction } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { ListingQuestionSchema } from "~/modules/contact/contact.schema";
import { sendListingQuestion } from "~/modules/contact/contact.server";
import { getListingDetail } from "~/modules/listings/detail.server";

/**
 * The loader and action shared by the two listing detail routes (/listing-info/:id shows any listing,
 * /broker-listings/:id only broker listings). A listing the visitor may not see is a 404.
 */
export async function loadListingPage(request: Request, id: string | undefined, source?: "broker") {
  const viewer = await getViewer(request);
  const services = await getServices();
  const listing = await orHttpError(() => getListingDetail(services, { actor: viewer, input: { id, source } }));
  return {
    listing,
    origin: services.config.authUrl,
    sender: viewer ? { name: viewer.name, email: viewer.email } : {},
  };
}

/** "Ask about this listing": 400 with field errors, 404 for a listing that is not public, 429 past the hourly allowance. */
export async function askAboutListing(request: Request, id: string | undefined, source?: "broker") {
  const viewer = await getViewer(request);
  // A body that is not a form (JSON, nothing) is simply an empty form: 400 with the field messages.
  return handleFormAction(request, {
    schema: ListingQuestionSchema,
    echo: { sentId: null as number | null },
    run: async (values) => {
      const sent = await sendListingQuestion(await getServices(), {
        actor: viewer,
        input: { listingId: id, source, values, clientKey: clientAddress(request) },
      });
      return { stay: { sentId: sent.id } };
    },
  });
}
