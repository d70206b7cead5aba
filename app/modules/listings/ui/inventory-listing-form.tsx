import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { Field, FormErrors, SelectField } from "~/components/ui/field";
import { formatPerPoint, useMonthName as monthName } from "~/lib/format";
import { LISTING_LIMITS, ListingFormSchema, USE_YEAR_MONTHS } from "../inventory.schema";
import { listingTotalText } from "../listing-total";

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

/** Form defaults as Conform reads them: strings, and "on" for a ticked checkbox. */
function toFormDefaults(defaults: ListingFormDefaults) {
  return Object.fromEntries(
    Object.entries(defaults).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "on" : undefined) : v?.toString()]),
  );
}

/** The seller's listing form, for a new listing and for editing one. */
export function InventoryListingForm({
  resorts,
  defaults,
  lastResult,
  submitLabel,
  busyLabel,
  cancelTo,
}: {
  resorts: Resort[];
  defaults?: ListingFormDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  busyLabel: string;
  cancelTo: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: defaults ? toFormDefaults(defaults) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ListingFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const num = { type: "number", inputMode: "numeric", step: 1 } as const;
  // The running total (issue 13): contract points × price per point, kept up to date as the seller types.
  const [figures, setFigures] = useState({
    points: (fields.contractPoints.initialValue as string | undefined) ?? "",
    price: (fields.pricePerPoint.initialValue as string | undefined) ?? "",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onInput={(e) => {
        const el = e.target as HTMLInputElement;
        if (el.name === fields.contractPoints.name) setFigures((f) => ({ ...f, points: el.value }));
        if (el.name === fields.pricePerPoint.name) setFigures((f) => ({ ...f, price: el.value }));
      }}
      className="max-w-2xl space-y-5"
    >
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="listing-resort"
          label="Resort"
          name={fields.resortId.name}
          defaultValue={fields.resortId.initialValue as string | undefined}
          errors={fields.resortId.errors}
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
          name={fields.useMonth.name}
          defaultValue={fields.useMonth.initialValue as string | undefined}
          errors={fields.useMonth.errors}
        >
          <option value="">Choose a month</option>
          {USE_YEAR_MONTHS.map((m) => (
            <option key={m} value={m}>
              {monthName(m, true)}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        id="listing-contract-points"
        label="Contract points"
        name={fields.contractPoints.name}
        defaultValue={fields.contractPoints.initialValue as string | undefined}
        min={LISTING_LIMITS.contractPointsMin}
        max={LISTING_LIMITS.contractPointsMax}
        hint={`The points the contract gives each year, ${LISTING_LIMITS.contractPointsMin} to ${LISTING_LIMITS.contractPointsMax}.`}
        errors={fields.contractPoints.errors}
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
              ["listing-prev-points", "Previous (banked)", fields.prevYearPoints],
              ["listing-curr-points", "Current", fields.currYearPoints],
              ["listing-next-points", "Next", fields.nextYearPoints],
            ] as const
          ).map(([id, label, field]) => (
            <Field
              key={id}
              id={id}
              label={label}
              name={field.name}
              defaultValue={(field.initialValue as string | undefined) ?? "0"}
              min={0}
              errors={field.errors}
              {...num}
            />
          ))}
        </div>
      </fieldset>
      <Field
        id="listing-price"
        label="Price per point (US dollars)"
        name={fields.pricePerPoint.name}
        defaultValue={fields.pricePerPoint.initialValue as string | undefined}
        type="number"
        inputMode="decimal"
        step={0.01}
        min={LISTING_LIMITS.priceMin}
        max={LISTING_LIMITS.priceMax}
        hint={`Between ${formatPerPoint(LISTING_LIMITS.priceMin * 100)} and ${formatPerPoint(LISTING_LIMITS.priceMax * 100)}, cents allowed.`}
        errors={fields.pricePerPoint.errors}
      />
      <output
        htmlFor="listing-contract-points listing-price"
        aria-live="polite"
        data-testid="listing-running-total"
        className="block rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-base font-semibold text-sky-950 tabular-nums"
      >
        {listingTotalText(figures.points, figures.price)}
      </output>
      <div className="space-y-1">
        <label className="flex cursor-pointer items-start gap-3 text-base text-slate-900" htmlFor="listing-no-haggle">
          <input
            id="listing-no-haggle"
            type="checkbox"
            name={fields.noHaggle.name}
            defaultChecked={fields.noHaggle.initialValue === "on"}
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
