import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formatPerPoint } from "~/lib/format";
import { parseMoney } from "~/lib/money";
import { type DealEstimate, type DealEstimateBasis, estimateDeal } from "~/modules/agreements/deal-estimates";
import { FINANCING_OPTIONS, MAX_OFFER_PRICE_PER_POINT_CENTS } from "../offers.schema";
import type { Payer } from "../offers.rules";
import { BuyerAllIn } from "./deal-estimate";
import type { Refusal } from "./make-offer-steps";
import { WhoPaysChoice } from "./offer-ui";

type Restriction = { id: string; title: string; detail: string };

function RestrictionList({ restrictions }: { restrictions: Restriction[] }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
      {restrictions.map((r) => (
        <li key={r.id}>
          <strong>{r.title}.</strong> {r.detail}
        </li>
      ))}
    </ul>
  );
}

const isPayer = (v: unknown): v is Payer => v === "buyer" || v === "seller" || v === "split";

/** The all-in total of what the form holds now; null while the price is not a price (empty, letters, out of range). */
function estimateOf(
  basis: DealEstimateBasis,
  v: { price: string; duesPaidBy: string; closingCostsPaidBy: string },
  customary: { duesPaidBy: Payer; closingCostsPaidBy: Payer },
): DealEstimate | null {
  const cents = parseMoney(v.price);
  if (cents === null || cents < 1 || cents > MAX_OFFER_PRICE_PER_POINT_CENTS) return null;
  try {
    return estimateDeal(basis, {
      pricePerPointCents: cents,
      duesPaidBy: isPayer(v.duesPaidBy) ? v.duesPaidBy : customary.duesPaidBy,
      closingCostsPaidBy: isPayer(v.closingCostsPaidBy) ? v.closingCostsPaidBy : customary.closingCostsPaidBy,
    });
  } catch {
    return null;
  }
}

/**
 * The offer form of `/make-offer/{id}`: the price, payment, who pays what, the deed names and a message; the
 * listing's resale restrictions to acknowledge (once per listing: `understood` says it was done before); and the
 * low offer step, shown by the server's 422 answer (raise the price, or send it as it is with `confirmLow`).
 */
export function MakeOfferForm({
  listing,
  restrictions,
  understood,
  refusal,
  busy,
  step,
  basis,
  customary,
}: {
  listing: { askingPricePerPoint: number; points: number };
  /** The all-in total's basis (null: no estimate can be shown). */
  basis: DealEstimateBasis | null;
  /** Who pays by default (the "who pays" tweaks). */
  customary: { duesPaidBy: Payer; closingCostsPaidBy: Payer };
  restrictions: Restriction[];
  understood: boolean;
  refusal: Refusal | null;
  busy: boolean;
  /** "Step 2 of 2" after the address step. */
  step?: string;
}) {
  const values = refusal?.values ?? {};
  const text = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  const low = refusal?.fields?.confirmLow?.[0];
  const asking = Math.round(listing.askingPricePerPoint * 100);
  // The figures the all-in total is computed from: the sent values, else the asking price and the customary payers.
  const [typed, setTyped] = useState({
    price: text("pricePerPoint") ?? String(listing.askingPricePerPoint),
    duesPaidBy: text("duesPaidBy") ?? customary.duesPaidBy,
    closingCostsPaidBy: text("closingCostsPaidBy") ?? customary.closingCostsPaidBy,
  });
  const estimate = basis ? estimateOf(basis, typed, customary) : null;
  return (
    <Form
      method="post"
      aria-labelledby="offer-form-title"
      onInput={(e) => {
        const data = new FormData(e.currentTarget);
        setTyped({
          price: String(data.get("pricePerPoint") ?? ""),
          duesPaidBy: String(data.get("duesPaidBy") ?? ""),
          closingCostsPaidBy: String(data.get("closingCostsPaidBy") ?? ""),
        });
      }}
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="offer" />
      <div>
        {step ? <p className="text-sm font-medium text-sky-800">{step}</p> : null}
        <h2 id="offer-form-title" className="text-xl font-semibold text-slate-900">
          Your offer
        </h2>
      </div>
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
        hint={`The seller asks ${formatPerPoint(asking)}. Your price is for all ${listing.points} points.`}
        defaultValue={text("pricePerPoint") ?? String(listing.askingPricePerPoint)}
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
      <div className="space-y-4">
        <WhoPaysChoice
          name="duesPaidBy"
          legend="Who pays this year's dues?"
          customary={customary.duesPaidBy}
          defaultValue={text("duesPaidBy")}
        />
        <WhoPaysChoice
          name="closingCostsPaidBy"
          legend="Who pays the closing costs?"
          customary={customary.closingCostsPaidBy}
          defaultValue={text("closingCostsPaidBy")}
        />
      </div>
      <div aria-live="polite">
        {estimate ? (
          <BuyerAllIn estimate={estimate} />
        ) : basis ? (
          <p className="rounded-md bg-slate-50 p-4 text-slate-700">
            Enter your price per point to see your all-in total.
          </p>
        ) : null}
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
      {understood ? (
        <details className="rounded-md bg-sky-50 p-4">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Resale restrictions of this contract (you confirmed you understand them)
          </summary>
          <RestrictionList restrictions={restrictions} />
        </details>
      ) : (
        <fieldset className="space-y-2 rounded-md bg-sky-50 p-4">
          <legend className="font-semibold text-slate-900">Resale restrictions of this contract</legend>
          <RestrictionList restrictions={restrictions} />
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="understood"
              required
              defaultChecked={text("understood") === "on"}
              aria-describedby={refusal?.fields?.understood ? "offer-understood-error" : undefined}
              className="mt-1 size-4"
            />
            <span>I understand these restrictions apply to this resale contract.</span>
          </label>
          {refusal?.fields?.understood && (
            <p id="offer-understood-error" className="text-sm font-medium text-red-700">
              {refusal.fields.understood[0]}
            </p>
          )}
        </fieldset>
      )}
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
  );
}
