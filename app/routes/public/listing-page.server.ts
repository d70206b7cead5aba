import { data, href } from "react-router";
import { getViewer } from "~/auth/session.server";
import type { NotFoundData } from "~/components/errors/not-found";
import { isAppError } from "~/lib/errors";
import { formatTerms } from "~/lib/format";
import { handlePublicAction, publicIntent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { orHttpError } from "~/lib/http.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { ListingQuestionSchema } from "~/modules/contact/contact.schema";
import { sendListingQuestion } from "~/modules/contact/contact.server";
import { listingTitle } from "~/modules/listings/detail";
import { getListingDetail } from "~/modules/listings/detail.server";
import { listingHref } from "~/modules/listings/listing-href";
import { getFeaturedListings } from "~/modules/listings/listings.server";
import { estimateClosingCosts } from "~/modules/title-companies/closing-cost-estimate.server";

/**
 * The loader and action shared by the two listing detail routes (/listing-info/:id shows any listing,
 * /broker-listings/:id only broker listings). A listing the visitor may not see is a 404.
 */
export async function loadListingPage(request: Request, id: string | undefined, source?: "broker") {
  const viewer = await getViewer(request);
  const services = await getServices();
  const listing = await orHttpError(async () => {
    try {
      return await getListingDetail(services, { actor: viewer, input: { id, source } });
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") throw await listingGone(services, error.message, source);
      throw error;
    }
  });
  return {
    listing,
    origin: services.config.authUrl,
    sender: viewer ? { name: viewer.name, email: viewer.email } : {},
    // Issue 31: the buyer's closing costs at this price, for a listing for sale
    closingCosts:
      listing.visibility === "public"
        ? await estimateClosingCosts(services.db, { priceCents: listing.totalCents, resortCode: listing.resort.code })
        : null,
  };
}

/** "Ask about this listing": 400 with field errors, 404 for a listing that is not public, 429 past the hourly allowance. */
export async function askAboutListing(request: Request, id: string | undefined, source?: "broker") {
  const viewer = await getViewer(request);
  // A body that is not a form or JSON object is a 400; an empty one a 400 with the field messages.
  return handlePublicAction(request, {
    defaultIntent: "ask",
    intents: {
      ask: publicIntent(fromForm(ListingQuestionSchema), async ({ input: values }) => {
        const sent = await sendListingQuestion(await getServices(), {
          actor: viewer,
          input: { listingId: id, source, values, clientKey: clientAddress(request) },
        });
        return { stay: true, json: { sentId: sent.id } };
      }),
    },
  });
}

/**
 * The 404 of a listing that is gone (sold, withdrawn, or never there): the not-found page says so and offers a few
 * listings for sale now and the search (issue 13). Which listing it was is never revealed.
 */
async function listingGone(services: Awaited<ReturnType<typeof getServices>>, message: string, source?: "broker") {
  const featured = await getFeaturedListings(services.db);
  const notFound: NotFoundData = {
    error: message,
    notFound: "listing",
    searchHref: source === "broker" ? href("/broker-listings") : href("/listings"),
    suggestions: featured.slice(0, 3).map((l) => ({
      href: listingHref(l),
      title: listingTitle({ contractPoints: l.contractPoints, resortName: l.resort.name, useMonth: l.useMonth }),
      detail: `${formatTerms(l.contractPoints, l.pricePerPointCents, l.contractPoints * l.pricePerPointCents)} total`,
      resort: { slug: l.resort.slug, photoPath: l.resort.photoPath },
    })),
  };
  return data(notFound, { status: 404 });
}
