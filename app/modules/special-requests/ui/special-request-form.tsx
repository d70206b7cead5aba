import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import { formatPerPoint, useMonthName as monthName } from "~/lib/format";
import { SPECIAL_REQUEST_LIMITS } from "../special-requests.schema";

type Refusal = {
  error?: string | null;
  fields?: Record<string, string[]> | null;
  values?: Record<string, string | string[]>;
};

/** The values a refused form sent back (so nothing typed is lost), as a list for the checkbox groups. */
const listOf = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * What a buyer is looking for. A plain form: the server judges it (and answers each field's problem), so it
 * works without JavaScript; the browser's own checks (number ranges, the date) come first when it runs.
 */
export function SpecialRequestForm({
  resorts,
  useMonths,
  refusal,
}: {
  resorts: { id: number; name: string }[];
  /** The use-year months the site offers, as month numbers. */
  useMonths: readonly number[];
  refusal: Refusal | null;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const values = refusal?.values ?? {};
  const errors = refusal?.fields ?? {};
  const chosenResorts = listOf(values.resorts);
  const chosenMonths = listOf(values.use_months);
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  return (
    <Form method="post" className="space-y-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <FormErrors errors={refusal?.error ? [refusal.error] : undefined} />
      <CheckboxGroup
        legend="Resorts"
        hint="Leave all unticked for any resort."
        name="resorts"
        options={resorts.map((r) => ({ value: String(r.id), label: r.name }))}
        chosen={chosenResorts}
        errors={errors.resorts}
        columns
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="sr-min-points"
          name="min_points"
          label="Smallest number of points (optional)"
          type="number"
          inputMode="numeric"
          min={25}
          max={2000}
          step={1}
          defaultValue={text("min_points")}
          errors={errors.min_points}
        />
        <Field
          id="sr-max-points"
          name="max_points"
          label="Largest number of points (optional)"
          type="number"
          inputMode="numeric"
          min={25}
          max={2000}
          step={1}
          defaultValue={text("max_points")}
          errors={errors.max_points}
        />
      </div>
      <CheckboxGroup
        legend="Use-year months"
        hint="The month your points would arrive each year. Leave all unticked for any."
        name="use_months"
        options={useMonths.map((m) => ({ value: String(m), label: monthName(m, true) }))}
        chosen={chosenMonths}
        errors={errors.use_months}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="sr-max-price"
          name="max_price_per_point"
          label="Most you would pay per point, in dollars (optional)"
          inputMode="decimal"
          autoComplete="off"
          hint={`Between ${formatPerPoint(SPECIAL_REQUEST_LIMITS.priceMin * 100)} and ${formatPerPoint(SPECIAL_REQUEST_LIMITS.priceMax * 100)}, e.g. 165 or 165.50.`}
          defaultValue={text("max_price_per_point")}
          errors={errors.max_price_per_point}
        />
        <Field
          id="sr-budget"
          name="budget"
          label="Budget for the whole contract, in dollars (optional)"
          inputMode="decimal"
          autoComplete="off"
          hint="Points times price per point, before closing costs, e.g. 30,000."
          defaultValue={text("budget")}
          errors={errors.budget}
        />
      </div>
      <Field
        id="sr-needed-by"
        name="needed_by"
        label="Needed by (optional)"
        type="date"
        hint="When you want to own the contract; a resale closing takes 60 to 90 days."
        defaultValue={text("needed_by")}
        errors={errors.needed_by}
      />
      <div className="space-y-1">
        <label htmlFor="sr-notes" className="block text-sm font-medium text-slate-800">
          Notes (optional)
        </label>
        <textarea
          id="sr-notes"
          name="notes"
          rows={4}
          maxLength={SPECIAL_REQUEST_LIMITS.notesMax}
          defaultValue={text("notes")}
          aria-invalid={errors.notes?.length ? true : undefined}
          aria-describedby={errors.notes?.length ? "sr-notes-error" : undefined}
          className="block w-full rounded-md border border-slate-400 px-3 py-2 text-base shadow-sm"
        />
        {errors.notes?.length ? (
          <p id="sr-notes-error" className="text-sm font-medium text-red-700">
            {errors.notes[0]}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Filing..." : "File my request"}
      </Button>
    </Form>
  );
}

function CheckboxGroup({
  legend,
  hint,
  name,
  options,
  chosen,
  errors,
  columns = false,
}: {
  legend: string;
  hint: string;
  name: string;
  options: { value: string; label: string }[];
  chosen: string[];
  errors?: string[];
  columns?: boolean;
}) {
  const errorId = `sr-${name}-error`;
  const hintId = `sr-${name}-hint`;
  return (
    <fieldset aria-describedby={[hintId, errors?.length ? errorId : null].filter(Boolean).join(" ")}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
      <div className={`mt-2 grid gap-2 ${columns ? "sm:grid-cols-2" : "grid-cols-2 sm:grid-cols-4"}`}>
        {options.map((o) => (
          <label key={o.value} className="flex min-h-6 cursor-pointer items-start gap-2 text-base text-slate-900">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              className="mt-1 size-4 shrink-0"
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  );
}
