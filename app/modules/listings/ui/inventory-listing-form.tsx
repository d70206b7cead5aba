import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import { formAnswer } from "~/components/ui/form-answer";
import { formatPerPoint, useMonthName as monthName } from "~/lib/format";
import { LISTING_LIMITS, type ListingLimits } from "../inventory.schema";
import { listingTotalText } from "../listing-total";
import { comparablesText, pricePosition, priceInputCents, type ResortComparables } from "../inventory-comparables";

type Resort = { id: number; code: string; name: string };
export type ListingFormDefaults = {
  resortId?: number;
  useMonth?: number;
  contractPoints?: number;
  prevYearPoints?: number;
  currYearPoints?: number;
  nextYearPoints?: number;
  pricePerPoint?: string;
  noHaggle?: boolean;
};

/** Stored values as the form shows them: strings, and "on" for a ticked checkbox. */
function toFormDefaults(defaults: ListingFormDefaults): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(defaults).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "on" : undefined) : v?.toString()]),
  );
}

/** The seller's listing form, for a new listing and for editing one. */
export function InventoryListingForm({
  resorts,
  defaults,
  actionData,
  submitLabel,
  busyLabel,
  cancelTo,
  comparables = {},
  limits = LISTING_LIMITS,
}: {
  resorts: Resort[];
  /** The limits a listing keeps (/admin/tweaks "Listing info", getListingLimits); the widest by default. */
  limits?: ListingLimits;
  /** Comparable asking prices per resort id, computed by the server (getResortComparables). */
  comparables?: Record<number, ResortComparables>;
  defaults?: ListingFormDefaults;
  /** The action's answer: a refusal shows each field's message and what was typed. */
  actionData?: unknown;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const answer = formAnswer(actionData);
  const stored = defaults ? toFormDefaults(defaults) : {};
  const value = (name: keyof ListingFormDefaults) => answer.value(name, stored[name]);
  const num = { type: "number", inputMode: "numeric", step: 1 } as const;
  // The months offered (/admin/tweaks "Years"); a listing being edited keeps its own month among them.
  const own = defaults?.useMonth;
  const useMonths = [...new Set([...limits.useMonths, ...(own ? [own] : [])])].sort((a, b) => a - b);
  // The running total (issue 13): contract points × price per point, kept up to date as the seller types.
  const [figures, setFigures] = useState({
    points: value("contractPoints") ?? "",
    price: value("pricePerPoint") ?? "",
    resortId: value("resortId") ?? "",
  });
  return (
    <Form
      method="post"
      noValidate
      onInput={(e) => {
        const el = e.target as HTMLInputElement;
        if (el.name === "contractPoints") setFigures((f) => ({ ...f, points: el.value }));
        if (el.name === "pricePerPoint") setFigures((f) => ({ ...f, price: el.value }));
      }}
      onChange={(e) => {
        const el = e.target as unknown as HTMLSelectElement;
        if (el.name === "resortId") setFigures((f) => ({ ...f, resortId: el.value }));
      }}
      className="max-w-2xl space-y-5"
    >
      <FormErrors errors={answer.formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="listing-resort"
          label="Resort"
          name="resortId"
          defaultValue={value("resortId")}
          errors={answer.errors("resortId")}
        >
          <option value="">Choose a resort</option>
          {resorts.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name} ({r.code})
            </option>
          ))}
        </SelectField>
        <SelectField
          id="listing-use-month"
          label="Use year"
          name="useMonth"
          defaultValue={value("useMonth")}
          errors={answer.errors("useMonth")}
        >
          <option value="">Choose a month</option>
          {useMonths.map((m) => (
            <option key={m} value={m}>
              {monthName(m, true)}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        id="listing-contract-points"
        label="Contract points"
        name="contractPoints"
        defaultValue={value("contractPoints")}
        min={limits.contractPointsMin}
        max={limits.contractPointsMax}
        hint={`The points the contract gives each year, ${limits.contractPointsMin} to ${limits.contractPointsMax}.`}
        errors={answer.errors("contractPoints")}
        {...num}
      />
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Points available per use year</legend>
        <p className="text-sm text-slate-600">
          Previous year counts banked points (up to twice the contract); the current and next years hold up to the
          contract's points.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ["listing-prev-points", "Previous (banked)", "prevYearPoints"],
              ["listing-curr-points", "Current", "currYearPoints"],
              ["listing-next-points", "Next", "nextYearPoints"],
            ] as const
          ).map(([id, label, field]) => (
            <Field
              key={id}
              id={id}
              label={label}
              name={field}
              defaultValue={value(field) ?? "0"}
              min={0}
              errors={answer.errors(field)}
              {...num}
            />
          ))}
        </div>
      </fieldset>
      <Field
        id="listing-price"
        label="Price per point (US dollars)"
        name="pricePerPoint"
        defaultValue={value("pricePerPoint")}
        type="number"
        inputMode="decimal"
        step={0.01}
        min={limits.priceMin}
        max={limits.priceMax}
        hint={`Between ${formatPerPoint(limits.priceMin * 100)} and ${formatPerPoint(limits.priceMax * 100)}, cents allowed.`}
        errors={answer.errors("pricePerPoint")}
      />
      <output
        htmlFor="listing-contract-points listing-price"
        aria-live="polite"
        data-testid="listing-running-total"
        className="block rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-base font-semibold text-sky-950 tabular-nums"
      >
        {listingTotalText(figures.points, figures.price)}
      </output>
      <PriceComparables
        resorts={resorts}
        comparables={comparables}
        resortId={Number(figures.resortId) || null}
        price={figures.price}
      />
      <div className="space-y-1">
        <label className="flex cursor-pointer items-start gap-3 text-base text-slate-900" htmlFor="listing-no-haggle">
          <input
            id="listing-no-haggle"
            type="checkbox"
            name="noHaggle"
            defaultChecked={value("noHaggle") === "on"}
            aria-describedby="listing-no-haggle-hint"
            className="mt-1 size-4 shrink-0"
          />
          <span className="font-medium">No haggle (my price is firm)</span>
        </label>
        <p id="listing-no-haggle-hint" className="pl-7 text-sm text-slate-600">
          Buyers see a "No haggle" badge on your listing and know the asking price is the price.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <LinkButton to={cancelTo} variant="secondary">
          Cancel
        </LinkButton>
        <Button type="submit" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The comparable asking prices at the chosen resort beside the seller's price (the sign-up promise to sellers):
 * the count, median and suggested range from the server, and where the typed price sits. Without JavaScript the
 * server's figures for the chosen resort show, and every resort's figures are in the table below.
 */
function PriceComparables({
  resorts,
  comparables,
  resortId,
  price,
}: {
  resorts: Resort[];
  comparables: Record<number, ResortComparables>;
  resortId: number | null;
  price: string;
}) {
  const resort = resorts.find((r) => r.id === resortId) ?? null;
  const c = resort
    ? (comparables[resort.id] ?? { resortId: resort.id, count: 0, medianCents: null, lowCents: null, highCents: null })
    : null;
  const position = pricePosition(c, priceInputCents(price));
  const known = c && c.medianCents !== null && c.lowCents !== null && c.highCents !== null ? c : null;
  // The bar spans from a little below the range to a little above it, the seller's price marked on it.
  const scale = known
    ? (() => {
        const span = Math.max(1, (known.highCents as number) - (known.lowCents as number));
        const min = Math.min(
          (known.lowCents as number) - span,
          position ? (priceInputCents(price) as number) : Infinity,
        );
        const max = Math.max(
          (known.highCents as number) + span,
          position ? (priceInputCents(price) as number) : -Infinity,
        );
        const at = (v: number) => `${Math.min(100, Math.max(0, ((v - min) / (max - min)) * 100))}%`;
        return { at };
      })()
    : null;
  return (
    <section
      aria-labelledby="listing-comparables-title"
      data-testid="listing-comparables"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="listing-comparables-title" className="text-base font-semibold text-slate-900">
        {resort ? `Comparable asking prices: ${resort.name}` : "Comparable asking prices"}
      </h2>
      <output
        aria-live="polite"
        htmlFor="listing-resort listing-price"
        className="block space-y-2 text-sm text-slate-800"
      >
        {resort ? (
          <>
            <span className="block">{comparablesText(c)}</span>
            {known ? (
              <span className="grid grid-cols-3 gap-2 text-center tabular-nums">
                <span className="rounded-md bg-slate-50 px-2 py-2">
                  <span className="block text-xs text-slate-600">Range from</span>
                  <span className="block font-semibold">{formatPerPoint(known.lowCents as number)}</span>
                </span>
                <span className="rounded-md bg-sky-50 px-2 py-2">
                  <span className="block text-xs text-slate-600">Median</span>
                  <span className="block font-semibold">{formatPerPoint(known.medianCents as number)}</span>
                </span>
                <span className="rounded-md bg-slate-50 px-2 py-2">
                  <span className="block text-xs text-slate-600">Range to</span>
                  <span className="block font-semibold">{formatPerPoint(known.highCents as number)}</span>
                </span>
              </span>
            ) : null}
            {known && scale ? (
              <span aria-hidden className="relative block h-3 rounded-full bg-slate-100">
                <span
                  className="absolute inset-y-0 rounded-full bg-sky-200"
                  style={{
                    left: scale.at(known.lowCents as number),
                    right: `calc(100% - ${scale.at(known.highCents as number)})`,
                  }}
                />
                <span
                  className="absolute inset-y-0 w-0.5 bg-sky-800"
                  style={{ left: scale.at(known.medianCents as number) }}
                />
                {position ? (
                  <span
                    className="absolute -top-1 size-5 -translate-x-1/2 rounded-full border-2 border-white bg-emerald-700 shadow"
                    style={{ left: scale.at(priceInputCents(price) as number) }}
                  />
                ) : null}
              </span>
            ) : null}
            {position ? (
              <span
                data-testid="listing-price-position"
                data-where={position.where}
                className="block font-medium text-slate-900"
              >
                {position.text}
              </span>
            ) : known ? (
              <span className="block text-slate-600">Type your price per point to see where it sits.</span>
            ) : null}
          </>
        ) : (
          <span className="block">Choose the resort to see what comparable listings there ask.</span>
        )}
      </output>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-sky-800">Asking prices at every resort</summary>
        <table className="mt-2 w-full text-left tabular-nums">
          <caption className="sr-only">Listings for sale, median asking price and suggested range per resort</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Resort
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                For sale
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Median
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Suggested range
              </th>
            </tr>
          </thead>
          <tbody>
            {resorts.map((r) => {
              const x = comparables[r.id];
              return (
                <tr key={r.id} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {r.name}
                  </th>
                  <td className="py-1 pr-2 text-right">{x?.count ?? 0}</td>
                  <td className="py-1 pr-2 text-right">
                    {x?.medianCents != null ? formatPerPoint(x.medianCents) : "–"}
                  </td>
                  <td className="py-1 text-right">
                    {x?.lowCents != null && x.highCents != null
                      ? `${formatPerPoint(x.lowCents)} to ${formatPerPoint(x.highCents)}`
                      : "Too few to say"}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </section>
  );
}
