import { href, isRouteErrorResponse, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { getViewer, requireAbility } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { AppError } from "~/lib/errors";
import { idParam } from "~/lib/fields";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { formatPerPoint, formatPrice } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { requireOfferContactDetails, saveOfferContactDetails } from "~/modules/offers/make-offer.server";
import {
  hasUnderstood,
  loadMakeOffer,
  loadMakeOfferBuyer,
  rememberUnderstood,
  withoutEmpty,
} from "~/modules/offers/offers-pages.server";
import { submitOffer } from "~/modules/offers/offers.server";
import { MakeOfferForm } from "~/modules/offers/ui/make-offer-form";
import { ContactDetailsStep, OfferSentNotice, type Refusal } from "~/modules/offers/ui/make-offer-steps";
import type { Route } from "./+types/make-offer";
import { withSeo } from "~/modules/seo/seo-meta";

/**
 * /make-offer/{id} (SPEC "make-offer/{id}"): a buyer offers on a listing, in plain pages that work without
 * JavaScript. Visitors are asked to sign in and come back here. A buyer whose legal name, phone or mailing address
 * is missing gives them first (the address step, saved to the profile). The resort's resale restrictions are
 * acknowledged with the first offer on a listing (remembered per listing); an offer far below the appraisal value
 * asks for confirmation (the low offer step). Once sent, the page comes back with `?sent={offerId}` and shows
 * what happens next (the success modal).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const services = await getServices();
  const page = await orHttpError(async () =>
    loadMakeOffer(services, { listingId: idParam(params.id, "There is no such listing.") }),
  );
  const who = !viewer
    ? "visitor"
    : viewer.role === "buyer" && !viewer.staffRole
      ? "buyer"
      : viewer.impersonatedBy
        ? "buyer"
        : "other";
  const buyer =
    viewer && who === "buyer"
      ? await loadMakeOfferBuyer(services, {
          actor: viewer,
          listingId: page.listing.id,
          resortCode: page.listing.resortCode,
          cookieHeader: request.headers.get("cookie"),
          sent: new URL(request.url).searchParams.get("sent"),
        })
      : null;
  return { ...page, who, buyer } as const;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "create", "Offer");
  const services = await getServices();
  const cookieHeader = request.headers.get("cookie");
  const page = href("/make-offer/:id", { id: params.id });
  let understoodNow: number | null = null;
  const answer = await handleAction(request, {
    actor: viewer,
    defaultIntent: "offer",
    intents: {
      details: intent(z.looseObject({}), async ({ actor, body }) => {
        const r = await saveOfferContactDetails(services, { actor, input: withoutEmpty(body) });
        return { message: r.message, redirectTo: page };
      }),
      offer: intent(z.looseObject({}), async ({ actor, body }) => {
        await requireOfferContactDetails(services, { actor });
        const listingId = idParam(params.id, "There is no such listing.");
        const understood = body.understood === "on" || (await hasUnderstood(cookieHeader, actor.id, listingId));
        if (!understood) {
          throw new AppError("BAD_INPUT", "Please confirm you understand the resale restrictions of this contract.", {
            understood: ["Tick the box to confirm you read the resale restrictions."],
          });
        }
        const r = await submitOffer(services, {
          actor,
          input: { ...withoutEmpty(body), listingId: params.id, confirmLow: body.confirmLow === "on" },
        });
        understoodNow = listingId;
        // One confirmation: the page it leads to restates the offer (no toast besides).
        return { redirectTo: `${page}?sent=${r.offerId}` };
      }),
    },
  });
  if (understoodNow !== null && answer instanceof Response) {
    answer.headers.append("set-cookie", await rememberUnderstood(cookieHeader, viewer.id, understoodNow));
  }
  return answer;
}

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  const l = loaderData?.listing;
  return [
    { title: l ? `Make an offer: ${l.resortName}, ${l.points} points · Vacation Points Market` : "Make an offer" },
  ];
});

export default function MakeOffer({ loaderData: d, actionData }: Route.ComponentProps) {
  const l = d.listing;
  const busy = useNavigation().state === "submitting";
  const refusal = (actionData ?? null) as Refusal | null;
  const signIn = `${href("/sign-in")}?redirectTo=${encodeURIComponent(href("/make-offer/:id", { id: String(l.id) }))}`;
  const needsDetails = (d.buyer?.contact.missing.length ?? 0) > 0;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:py-12">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Make an offer</h1>
        <p className="mt-2 text-lg text-slate-700">
          <Link to={href("/listing-info/:id", { id: String(l.id) })} className="text-sky-800 underline">
            {l.resortName}, {l.points} points, {l.useYear} use year
          </Link>{" "}
          · asking {formatPerPoint(Math.round(l.askingPricePerPoint * 100))}, {formatPrice(Math.round(l.total * 100))}{" "}
          in all
          {l.noHaggle && " · the seller's price is firm (no haggle)"}
        </p>
      </div>
      {d.buyer?.sent ? (
        <OfferSentNotice sent={d.buyer.sent} />
      ) : !l.takesOffers ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4">
          This listing is not taking offers right now (it may be under contract). Browse the{" "}
          <Link to={href("/listings")} className="text-sky-800 underline">
            other listings
          </Link>
          .
        </p>
      ) : d.who === "visitor" ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <p>Sign in or join as a buyer to make an offer. You come straight back to this page.</p>
          <Link to={signIn} className={buttonClass("primary")}>
            Sign in to make an offer
          </Link>
        </div>
      ) : !d.buyer ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4">Offers are made from a buyer account.</p>
      ) : needsDetails ? (
        <ContactDetailsStep
          values={d.buyer.contact.values}
          missing={d.buyer.contact.missing}
          refusal={refusal}
          busy={busy}
        />
      ) : (
        <MakeOfferForm
          listing={l}
          restrictions={d.restrictions}
          understood={d.buyer.understood}
          refusal={refusal}
          busy={busy}
          basis={d.buyer.basis}
          customary={d.buyer.customary}
        />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Listing not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {notFound ? "There is no listing for sale at this address." : "We could not show this page. Please try again."}
      </p>
      <Link to={href("/listings")} className="text-sky-800 underline">
        Listings for sale
      </Link>
    </div>
  );
}
