import type { OfferStatus } from "../offers.rules";
import { SelectField } from "~/components/ui/field";
import { OFFER_STATUS_LABELS, PAYER_OPTIONS } from "../offers.schema";

/** What each state means to a person (the schema's words, for pages and mails). */
export { OFFER_STATUS_LABELS };

const STYLES: Record<OfferStatus, string> = {
  submitted: "bg-amber-100 text-amber-900",
  countered_by_seller: "bg-sky-100 text-sky-900",
  countered_by_buyer: "bg-sky-100 text-sky-900",
  accepted: "bg-emerald-100 text-emerald-900",
  declined: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`}>
      {OFFER_STATUS_LABELS[status]}
    </span>
  );
}

export const payerLabel = (p: string) => PAYER_OPTIONS.find((o) => o.value === p)?.label ?? p;

/** "2 days 4 hours" / "3 hours" / "under an hour" until `at`, or null once it has passed. */
export function timeLeft(at: string | Date, now = new Date()) {
  const ms = new Date(at).getTime() - now.getTime();
  if (ms <= 0) return null;
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return "under an hour";
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${days} day${days === 1 ? "" : "s"}${rest ? ` ${rest} hour${rest === 1 ? "" : "s"}` : ""}`;
}

/** A select of who pays (buyer, seller, split), with an optional "keep" first choice. */
export function PayerSelect({
  id,
  name,
  label,
  defaultValue,
  keepLabel,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  keepLabel?: string;
  errors?: string[];
}) {
  return (
    <SelectField id={id} name={name} label={label} defaultValue={defaultValue} errors={errors}>
      {keepLabel && <option value="">{keepLabel}</option>}
      {PAYER_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/** What is paid, as it reads in a "who pays" sentence. */
export const WHO_PAYS_WHAT = {
  duesPaidBy: "this year's dues",
  closingCostsPaidBy: "the closing costs",
} as const;

/**
 * Who pays, in words (issue 27): "The buyer pays the closing costs", "The buyer and the seller split this year's
 * dues"; "(customary)" after the site's default (the "who pays" tweaks).
 */
export function whoPaysText(what: keyof typeof WHO_PAYS_WHAT, payer: string, customary?: string) {
  const thing = WHO_PAYS_WHAT[what];
  const sentence =
    payer === "split"
      ? `The buyer and the seller split ${thing}`
      : `The ${payer === "seller" ? "seller" : "buyer"} pays ${thing}`;
  return payer === customary ? `${sentence} (customary)` : sentence;
}

/**
 * Who pays, as a group of radio buttons whose labels are sentences (they wrap on a phone, where a select would cut
 * them), the customary one chosen unless another is given.
 */
export function WhoPaysChoice({
  name,
  legend,
  customary,
  defaultValue,
}: {
  name: keyof typeof WHO_PAYS_WHAT;
  legend: string;
  customary: string;
  defaultValue?: string;
}) {
  const chosen = defaultValue || customary;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {PAYER_OPTIONS.map((o) => (
        <label key={o.value} className="flex min-h-8 items-start gap-2">
          <input
            type="radio"
            name={name}
            value={o.value}
            defaultChecked={chosen === o.value}
            className="mt-1 size-4 shrink-0"
          />
          <span>{whoPaysText(name, o.value, customary)}</span>
        </label>
      ))}
    </fieldset>
  );
}
