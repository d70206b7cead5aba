import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { Field, SelectField } from "~/components/ui/field";

/** The dues and prices pages (issue 31), linked from each other: the page in hand is left out. */
export const PRICE_PAGES = [
  {
    to: href("/dvc-annual-dues"),
    label: "Annual dues",
    description: "Dues per resort by year, and a dues calculator.",
  },
  {
    to: href("/dvc-retail-prices"),
    label: "Disney's direct prices",
    description: "What Disney charges per point, dated.",
  },
  {
    to: href("/dvc-compare-prices"),
    label: "Resale against direct",
    description: "Our market's prices against Disney's, and a contract's total cost.",
  },
  {
    to: href("/dvc-expiration-date"),
    label: "Contract end dates",
    description: "Years left per resort and the yearly cost of a point.",
  },
];

export function PricePagesNav({ current }: { current: string }) {
  return (
    <nav aria-labelledby="price-pages" className="mt-12 rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="price-pages" className="mt-0! text-lg! font-semibold text-slate-900">
        Dues and prices
      </h2>
      <ul className="mt-3! list-none! pl-0! grid gap-2 sm:grid-cols-2">
        {PRICE_PAGES.filter((p) => p.to !== current).map((p) => (
          <li key={p.to} className="mt-0!">
            <Link to={p.to}>{p.label}</Link>
            <span className="block text-sm text-slate-600">{p.description}</span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type CalcErrors = Record<string, string> | null | undefined;
const errorOf = (errors: CalcErrors, name: string) => (errors?.[name] ? [errors[name]] : undefined);

/** The dues and compare calculators' first fields: the resort (those the calculator can use) and the contract's points. */
export function ContractFields({
  idPrefix,
  resorts,
  resort,
  points,
  errors,
}: {
  idPrefix: string;
  resorts: { code: string; name: string }[];
  resort: string;
  points: string;
  errors: CalcErrors;
}) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-resort`}
        label="Resort"
        name="resort"
        defaultValue={resort}
        errors={errorOf(errors, "resort")}
      >
        <option value="">Choose a resort</option>
        {resorts.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <Field
        id={`${idPrefix}-points`}
        label="Points in the contract"
        name="points"
        inputMode="numeric"
        defaultValue={points}
        errors={errorOf(errors, "points")}
      />
    </>
  );
}

/** The assumed yearly growth of the dues (empty: the resort's average on record). */
export function DuesGrowthField({
  idPrefix,
  growth,
  errors,
}: {
  idPrefix: string;
  growth: string;
  errors: CalcErrors;
}) {
  return (
    <Field
      id={`${idPrefix}-growth`}
      label="Yearly growth of the dues (%)"
      name="growth"
      inputMode="decimal"
      defaultValue={growth}
      hint="Leave empty for the resort's average on record."
      errors={errorOf(errors, "growth")}
    />
  );
}
