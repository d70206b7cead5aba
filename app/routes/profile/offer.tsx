import { ArrowLeft } from "lucide-react";
import { Form, href, isRouteErrorResponse, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { handleAction, intent } from "~/lib/action.server";
import { formatAgreementNumber, formatPerPoint, formatTerms } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { centsToInput } from "~/lib/money";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { counterOffer, declineOffer, withdrawOffer } from "~/modules/offers/offers.server";
import { acceptOfferConfirmed } from "~/modules/offers/offer-money.server";
import { BuyerAllIn, SellerNet } from "~/modules/offers/ui/deal-estimate";
import { loadOfferPage, withoutEmpty } from "~/modules/offers/offers-pages.server";
import { OfferStatusBadge, PayerSelect, timeLeft, whoPaysText } from "~/modules/offers/ui/offer-ui";
import type { DealEstimate } from "~/modules/agreements/deal-estimates";
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
    const o = await loadOfferPage(await getServices(), {
      actor: viewer,
      input: { offerId: idParam(params.offerId, NO_OFFER) },
    });
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
      accept: intent(any, async ({ actor, body }) => {
        await acceptOfferConfirmed(services, { actor, input: { offerId: offerId(), confirm: body.confirm } });
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
        <p className="mt-1 text-lg font-medium tabular-nums text-slate-900" data-testid="offer-terms">
          {formatTerms(o.points, o.pricePerPointCents, o.totalCents)}
        </p>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[14rem_1fr]">
          <dt className="text-slate-700">Seller's asking price</dt>
          <dd className="tabular-nums">{formatPerPoint(o.askingPricePerPointCents)}</dd>
          <dt className="text-slate-700">This year's dues</dt>
          <dd>{whoPaysText("duesPaidBy", o.duesPaidBy)}</dd>
          <dt className="text-slate-700">Closing costs</dt>
          <dd>{whoPaysText("closingCostsPaidBy", o.closingCostsPaidBy)}</dd>
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
                {formatTerms(o.points, r.pricePerPointCents, r.totalCents)}
              </p>
              <p className="text-sm text-slate-700">
                <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time> Eastern ·{" "}
                {whoPaysText("duesPaidBy", r.duesPaidBy)} · {whoPaysText("closingCostsPaidBy", r.closingCostsPaidBy)}
              </p>
              {r.message && <p className="mt-1 whitespace-pre-line break-words text-slate-800">“{r.message}”</p>}
            </li>
          ))}
        </ol>
      </section>

      {(d.can.accept || d.can.counter || d.can.decline || d.can.withdraw) && (
        <Answers
          can={d.can}
          price={o.pricePerPointCents}
          terms={formatTerms(o.points, o.pricePerPointCents, o.totalCents)}
          estimate={d.estimate}
          side={d.waitingFor}
          fields={refusal?.fields ?? null}
        />
      )}
      {o.status === "accepted" && (
        <div className="space-y-2 rounded-lg bg-emerald-50 p-4 text-emerald-900">
          <p>
            Accepted. The purchase agreement comes next: we will send it to both sides for signature, then the deposit
            goes to the title company's escrow and the developer's right of first refusal (about 30 days) begins.
          </p>
          {d.agreementId !== null && (
            <Link
              to={href("/v2/profile/agreements/:agreementId", { agreementId: String(d.agreementId) })}
              className="font-medium text-sky-800 underline"
            >
              Go to the purchase agreement {formatAgreementNumber(d.agreementId)}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Accepting is a confirmation step, not one click (issue 27): a disclosure that works without JavaScript shows the
 * terms, the estimate of the side accepting (the seller's net, the buyer's all-in total) and what happens next; its
 * form sends `confirm=yes`, which the server requires.
 */
function AcceptStep({
  terms,
  estimate,
  side,
  busy,
  refused,
}: {
  terms: string;
  estimate: DealEstimate | null;
  side: "buyer" | "seller" | null;
  busy: boolean;
  refused: string | undefined;
}) {
  return (
    <details className="group rounded-md border border-slate-200" open={refused ? true : undefined}>
      <summary className={`${buttonClass("primary")} cursor-pointer list-none`}>Accept these terms…</summary>
      <section aria-labelledby="accept-confirm-title" className="mt-3 space-y-3 p-3" data-testid="accept-confirm">
        <h3 id="accept-confirm-title" className="font-semibold text-slate-900">
          Confirm: accept {terms}?
        </h3>
        {refused && <p className="font-medium text-red-700">{refused}</p>}
        {estimate && side === "seller" && <SellerNet estimate={estimate} id="accept-net" />}
        {estimate && side === "buyer" && <BuyerAllIn estimate={estimate} id="accept-all-in" />}
        <div>
          <p className="font-medium text-slate-900">What happens next</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-800">
            <li>The listing goes under contract and every other open offer on it is declined.</li>
            <li>We prepare the purchase agreement and send it to both sides to sign.</li>
            <li>
              The buyer wires the deposit to the title company's escrow; the developer's right of first refusal (about
              30 days) follows, then closing.
            </li>
          </ol>
        </div>
        <Form method="post">
          <input type="hidden" name="confirm" value="yes" />
          <Button type="submit" name="intent" value="accept" disabled={busy}>
            Yes, accept these terms
          </Button>
        </Form>
        <p className="text-sm text-slate-600">Accepting is final. Close this step to keep thinking.</p>
      </section>
    </details>
  );
}

function Answers({
  can,
  price,
  terms,
  estimate,
  side,
  fields,
}: {
  can: { accept: boolean; counter: boolean; decline: boolean; withdraw: boolean };
  price: number;
  terms: string;
  estimate: DealEstimate | null;
  side: "buyer" | "seller" | null;
  fields: Record<string, string[]> | null;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="answer-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="answer-heading" className="font-semibold text-slate-900">
        Your answer
      </h2>
      {can.accept && (
        <AcceptStep terms={terms} estimate={estimate} side={side} busy={busy} refused={fields?.confirm?.[0]} />
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
