import { Form, href, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getViewer, requireAbility } from "~/auth/session.server";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { AppError } from "~/lib/errors";
import { formatDateTimeEastern } from "~/lib/format";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { getServices } from "~/lib/runtime.server";
import { loadMakeOffer, withoutEmpty } from "~/modules/offers/offers-pages.server";
import { submitOffer } from "~/modules/offers/offers.server";
import { FINANCING_OPTIONS } from "~/modules/offers/offers.schema";
import { PayerSelect } from "~/modules/offers/ui/offer-ui";
import type { Route } from "./+types/make-offer";

/**
 * /make-offer/{id} (SPEC "make-offer/{id}"): a buyer offers on a listing. Visitors are asked to sign in and come
 * back here; the resale restrictions of the resort are acknowledged with the offer; an offer far below the
 * appraisal value asks for confirmation (the low offer step) before it is sent. A plain form: it works without
 * JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const page = await orHttpError(async () => loadMakeOffer(await getServices(), { listingId: params.id }));
  const who = !viewer
    ? "visitor"
    : viewer.role === "buyer" && !viewer.staffRole
      ? "buyer"
      : viewer.impersonatedBy
        ? "buyer"
        : "other";
  return { ...page, who } as const;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "create", "Offer");
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "offer",
    intents: {
      offer: intent(z.looseObject({}), async ({ actor, body }) => {
        if (body.understood !== "on") {
          throw new AppError("BAD_INPUT", "Please confirm you understand the resale restrictions of this contract.", {
            understood: ["Tick the box to confirm you read the resale restrictions."],
          });
        }
        const r = await submitOffer(services, {
          actor,
          input: { ...withoutEmpty(body), listingId: params.id, confirmLow: body.confirmLow === "on" },
        });
        return {
          message: `Your offer is sent. The seller has until ${formatDateTimeEastern(r.expiresAt.toISOString())} Eastern to answer; we will email you.`,
          redirectTo: href("/v2/profile/offers/:offerId", { offerId: String(r.offerId) }),
        };
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const l = loaderData?.listing;
  return [
    { title: l ? `Make an offer: ${l.resortName}, ${l.points} points · Vacation Points Market` : "Make an offer" },
  ];
}

type Refusal = { error?: string; fields?: Record<string, string[]> | null; values?: Record<string, string | string[]> };

export default function MakeOffer({ loaderData: d, actionData }: Route.ComponentProps) {
  const l = d.listing;
  const busy = useNavigation().state === "submitting";
  const refusal = (actionData ?? null) as Refusal | null;
  const values = refusal?.values ?? {};
  const text = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const low = refusal?.fields?.confirmLow?.[0];
  const signIn = `${href("/sign-in")}?redirectTo=${encodeURIComponent(href("/make-offer/:id", { id: String(l.id) }))}`;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Make an offer</h1>
        <p className="mt-2 text-lg text-slate-700">
          <Link to={href("/listing-info/:id", { id: String(l.id) })} className="text-sky-800 underline">
            {l.resortName}, {l.points} points, {l.useYear} use year
          </Link>{" "}
          · asking {formatMoney(Math.round(l.askingPricePerPoint * 100), { decimals: true })} a point,{" "}
          {formatMoney(Math.round(l.total * 100))} in all
          {l.noHaggle && " · the seller's price is firm (no haggle)"}
        </p>
      </div>
      {!l.takesOffers ? (
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
      ) : d.who === "other" ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4">Offers are made from a buyer account.</p>
      ) : (
        <Form method="post" className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          {low ? (
            <div
              role="alertdialog"
              aria-labelledby="low-title"
              className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4"
            >
              <h2 id="low-title" className="font-semibold text-amber-900">
                This offer is well below the listing's value
              </h2>
              <p className="text-amber-900">{low}</p>
              <p className="text-amber-900">
                Raise the price below and send it, or choose “Send my offer as it is” at the end of the form.
              </p>
            </div>
          ) : (
            <FormErrors errors={refusal?.error ? [refusal.error] : undefined} />
          )}
          <Field
            id="offer-price"
            name="pricePerPoint"
            label="Your price per point (US dollars)"
            inputMode="decimal"
            autoComplete="off"
            required
            hint={`The seller asks ${formatMoney(Math.round(l.askingPricePerPoint * 100), { decimals: true })}. Your total is ${l.points} points times your price.`}
            defaultValue={text("pricePerPoint")}
            errors={refusal?.fields?.pricePerPoint}
          />
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">How will you pay?</legend>
            <div className="flex gap-4">
              {FINANCING_OPTIONS.map((f) => (
                <label key={f.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="financing"
                    value={f.value}
                    defaultChecked={(text("financing") ?? "cash") === f.value}
                    className="size-4"
                  />
                  {f.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <PayerSelect
              id="offer-dues"
              name="duesPaidBy"
              label="Current year's dues paid by"
              keepLabel="The usual (our default)"
              defaultValue={text("duesPaidBy")}
            />
            <PayerSelect
              id="offer-closing"
              name="closingCostsPaidBy"
              label="Closing costs paid by"
              keepLabel="The usual (our default)"
              defaultValue={text("closingCostsPaidBy")}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor="offer-deed" className="block text-sm font-medium text-slate-800">
              Names to go on the deed (one a line)
            </label>
            <textarea
              id="offer-deed"
              name="deedNames"
              rows={2}
              required
              defaultValue={text("deedNames")}
              aria-invalid={refusal?.fields?.deedNames ? true : undefined}
              aria-describedby={refusal?.fields?.deedNames ? "offer-deed-error" : undefined}
              className="block w-full rounded-md border border-slate-400 px-3 py-2"
            />
            {refusal?.fields?.deedNames && (
              <p id="offer-deed-error" className="text-sm font-medium text-red-700">
                {refusal.fields.deedNames[0]}
              </p>
            )}
          </div>
          <div className="space-y-1">
            <label htmlFor="offer-message" className="block text-sm font-medium text-slate-800">
              Message to the seller (optional)
            </label>
            <textarea
              id="offer-message"
              name="message"
              rows={3}
              maxLength={2000}
              defaultValue={text("message")}
              className="block w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <fieldset className="space-y-2 rounded-md bg-sky-50 p-4">
            <legend className="font-semibold text-slate-900">Resale restrictions of this contract</legend>
            <ul className="list-disc space-y-1 pl-5 text-slate-800">
              {d.restrictions.map((r) => (
                <li key={r.id}>
                  <strong>{r.title}.</strong> {r.detail}
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name="understood"
                required
                defaultChecked={text("understood") === "on"}
                className="mt-1 size-4"
              />
              <span>I understand these restrictions apply to this resale contract.</span>
            </label>
            {refusal?.fields?.understood && (
              <p className="text-sm font-medium text-red-700">{refusal.fields.understood[0]}</p>
            )}
          </fieldset>
          {/* The main button comes first: pressing Enter in a field sends the offer to be judged again. */}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send my offer"}
            </Button>
            {low && (
              <Button type="submit" name="confirmLow" value="on" variant="secondary" disabled={busy}>
                Send my offer as it is
              </Button>
            )}
          </div>
          <p className="text-sm text-slate-600">
            The seller can accept, counter or decline. Nothing is binding until both sides sign the purchase agreement.
          </p>
        </Form>
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
