import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getViewer } from "~/auth/session.server";
import { orHttpError, replyWithAppError } from "~/lib/http.server";
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
  const form = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(form, { schema: ListingQuestionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sentId: null }, { status: 400 });
  try {
    const sent = await sendListingQuestion(await getServices(), {
      actor: viewer,
      input: { listingId: id, source, values: submission.value, clientKey: clientAddress(request) },
    });
    return data({ result: submission.reply({ resetForm: true }), sentId: sent.id });
  } catch (error) {
    const reply = replyWithAppError(error, submission);
    return data({ result: reply.data.result, sentId: null }, reply.init ?? undefined);
  }
}
