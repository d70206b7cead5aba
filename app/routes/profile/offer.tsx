import { ArrowLeft } from "lucide-react";
import { Form, href, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { handleAction, intent } from "~/lib/action.server";
import { formatDateTimeEastern, formatPerPoint, formatPrice } from "~/lib/format";
import { centsToInput } from "~/lib/money";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import {
  acceptOffer,
  counterOffer,
  declineOffer,
  getOfferForViewer,
  withdrawOffer,
} from "~/modules/offers/offers.server";
import { recordOfferViewed } from "~/modules/offers/offer-signals.server";
import { withoutEmpty } from "~/modules/offers/offers-pages.server";
import { OfferStatusBadge, PayerSelect, payerLabel, timeLeft } from "~/modules/offers/ui/offer-ui";
import type { Route } from "./+types/offer";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_OFFER = "This offer does not exist.";

/**
 * /v2/profile/offers/{id}: one offer for its buyer or seller (an administrator sees it too): the listing, the terms
 * on the table, every proposal as a timeline, the time left, and the answers the viewer may give now. Anyone else
 * gets the 404 of an offer that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () => {
    const services = await getServices();
    const o = await getOfferForViewer(services, {
      actor: viewer,
      input: { offerId: idParam(params.offerId, NO_OFFER) },
    });
    // The seller's first look at this round tells the buyer (their offer_viewed settings); never fails the page.
    await recordOfferViewed(services, { actor: viewer, input: { offerId: o.offer.id } });
    return {
      ...o,
      offer: {
        ...o.offer,
        totalCents: Number(o.offer.totalCents),
        expiresAt: o.offer.expiresAt.toISOString(),
        createdAt: o.offer.createdAt.toISOString(),
      },
      rounds: o.rounds.map((r) => ({ ...r, totalCents: Number(r.totalCents), createdAt: r.createdAt.toISOString() })),
    };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  // The offer's id, or a 404 (in the intent's answer) when the URL's cannot be one.
  const offerId = () => idParam(params.offerId, NO_OFFER);
  const any = z.looseObject({});
  return handleAction(request, {
    actor: viewer,
    intents: {
      accept: intent(any, async ({ actor }) => {
        await acceptOffer(services, { actor, input: { offerId: offerId() } });
        return "Offer accepted: the listing is under contract and the agreement comes next.";
      }),
      counter: intent(any, async ({ actor, body }) => {
        await counterOffer(services, { actor, input: { ...withoutEmpty(body), offerId: offerId() } });
        return "Your counter-offer is sent.";
      }),
      decline: intent(any, async ({ actor, body }) => {
        await declineOffer(services, { actor, input: { reason: body.reason, offerId: offerId() } });
        return "Offer declined.";
      }),
      withdraw: intent(any, async ({ actor }) => {
        await withdrawOffer(services, { actor, input: { offerId: offerId() } });
        return "Your offer is withdrawn.";
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Offer #${loaderData?.offer.id ?? ""} · Vacation Points Market` }];
}

export default function OfferPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const o = d.offer;
  const back = d.viewerSide === "seller" ? href("/v2/profile/seller-offers") : href("/v2/profile/buyer-offers");
  const left = timeLeft(o.expiresAt);
  const open = d.waitingFor !== null;
  const refusal = actionData as { fields?: Record<string, string[]> | null } | undefined;
  return (
    <div className="space-y-6">
      {d.viewerSide && (
        <Link to={back} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" />
          {d.viewerSide === "seller" ? "Offers on my listings" : "My offers"}
        </Link>
      )}
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Offer #{o.id}: {o.resortName}, {o.points} points
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
          <OfferStatusBadge status={o.status} />
          <span>
            Listing{" "}
            <Link to={href("/listing-info/:id", { id: String(o.listingId) })} className="text-sky-800 underline">
              {o.listingCode}
            </Link>
          </span>
          {open && (
            <span>
              {left ? `${left} left to answer` : "The answer is overdue"} (until{" "}
              <time dateTime={o.expiresAt}>{formatDateTimeEastern(o.expiresAt)}</time> Eastern)
            </span>
          )}
        </p>
      </div>
      <ActionErrorAlert actionData={actionData} />

      <section aria-labelledby="terms-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="terms-heading" className="font-semibold text-slate-900">
          Terms on the table
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[14rem_1fr]">
          <dt className="text-slate-700">Price per point</dt>
          <dd className="tabular-nums">
            {formatPerPoint(o.pricePerPointCents)} (asking {formatPerPoint(o.askingPricePerPointCents)})
          </dd>
          <dt className="text-slate-700">Total for {o.points} points</dt>
          <dd className="tabular-nums">{formatPrice(o.totalCents)}</dd>
          <dt className="text-slate-700">Current year's dues paid by</dt>
          <dd>{payerLabel(o.duesPaidBy)}</dd>
          <dt className="text-slate-700">Closing costs paid by</dt>
          <dd>{payerLabel(o.closingCostsPaidBy)}</dd>
          <dt className="text-slate-700">Financing</dt>
          <dd>{o.financing === "loan" ? "Loan" : "Cash"}</dd>
          <dt className="text-slate-700">Names on the deed</dt>
          <dd>{o.deedNames.join(", ")}</dd>
          {o.declineReason && (
            <>
              <dt className="text-slate-700">Reason declined</dt>
              <dd>{o.declineReason}</dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="font-semibold text-slate-900">
          Negotiation
        </h2>
        <ol className="mt-2 space-y-2 border-l-2 border-sky-200 pl-4">
          {d.rounds.map((r) => (
            <li key={r.round}>
              <p className="font-medium text-slate-900">
                {r.round === 1 ? "Offer" : "Counter-offer"} by the {r.proposedBy}:{" "}
                {formatPerPoint(r.pricePerPointCents)}, {formatPrice(r.totalCents)} in all
              </p>
              <p className="text-sm text-slate-700">
                <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time> Eastern · dues:{" "}
                {payerLabel(r.duesPaidBy)} · closing costs: {payerLabel(r.closingCostsPaidBy)}
              </p>
              {r.message && <p className="mt-1 whitespace-pre-line break-words text-slate-800">“{r.message}”</p>}
            </li>
          ))}
        </ol>
      </section>

      {(d.can.accept || d.can.counter || d.can.decline || d.can.withdraw) && (
        <Answers can={d.can} price={o.pricePerPointCents} fields={refusal?.fields ?? null} />
      )}
      {o.status === "accepted" && (
        <p className="rounded-lg bg-emerald-50 p-4 text-emerald-900">
          Accepted. The purchase agreement comes next: we will send it to both sides for signature, then the deposit
          goes to the title company's escrow and the developer's right of first refusal (about 30 days) begins.
        </p>
      )}
    </div>
  );
}

function Answers({
  can,
  price,
  fields,
}: {
  can: { accept: boolean; counter: boolean; decline: boolean; withdraw: boolean };
  price: number;
  fields: Record<string, string[]> | null;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="answer-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="answer-heading" className="font-semibold text-slate-900">
        Your answer
      </h2>
      {can.accept && (
        <Form method="post">
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            Accept these terms
          </Button>
          <p className="mt-1 text-sm text-slate-600">Accepting is final: the listing goes under contract.</p>
        </Form>
      )}
      {can.counter && (
        <Form method="post" className="space-y-3 border-t border-slate-200 pt-4">
          <h3 className="font-medium text-slate-900">Counter-offer</h3>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              id="counter-price"
              name="pricePerPoint"
              label="Price per point (US dollars)"
              inputMode="decimal"
              defaultValue={centsToInput(price)}
              required
              errors={fields?.pricePerPoint}
            />
            <PayerSelect id="counter-dues" name="duesPaidBy" label="Dues paid by" keepLabel="As now" />
            <PayerSelect
              id="counter-closing"
              name="closingCostsPaidBy"
              label="Closing costs paid by"
              keepLabel="As now"
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="counter-message" className="block text-sm font-medium text-slate-800">
              Message (optional)
            </label>
            <textarea
              id="counter-message"
              name="message"
              rows={2}
              maxLength={2000}
              className="block w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <Button type="submit" name="intent" value="counter" variant="secondary" disabled={busy}>
            Send counter-offer
          </Button>
        </Form>
      )}
      {can.decline && (
        <Form method="post" className="space-y-3 border-t border-slate-200 pt-4">
          <Field id="decline-reason" name="reason" label="Reason for declining" required errors={fields?.reason} />
          <Button type="submit" name="intent" value="decline" variant="secondary" disabled={busy}>
            Decline offer
          </Button>
        </Form>
      )}
      {can.withdraw && (
        <Form method="post" className="border-t border-slate-200 pt-4">
          <Button type="submit" name="intent" value="withdraw" variant="secondary" disabled={busy}>
            Withdraw my offer
          </Button>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Offer not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {notFound ? "There is no such offer among yours." : "We could not show this offer. Please try again."}
      </p>
      <Link to={href("/v2/profile")} className="text-sky-800 underline">
        My profile
      </Link>
    </div>
  );
}
