/**
 * The FIRPTA and HARPTA calculators of /dvc-firpta and /harpta (issue 31): price in, withholding out. Pure and
 * browser-safe. No rate lives here: the figures are the agreements' `withholding()` (agreement-money.ts) over the
 * dated table `WITHHOLDING_RATES` (tax-rates.ts), the same rule an agreement's closing statement applies, so the
 * calculator and a real closing cannot disagree.
 */
import { formatPrice } from "~/lib/format";
import { parseMoney } from "~/lib/money";
import { type WithholdingLine, withholding } from "~/modules/agreements/agreement-money";
import { WITHHOLDING_RATES } from "~/modules/agreements/tax-rates";

/** Aulani's resort code: the one DVC resort in Hawaii, where HARPTA applies. */
export const AULANI_CODE = "AUL";

/** The calculator's GET form as typed. `calc` marks a submitted form (an unticked box is then "no"). */
export type WithholdingForm = {
  price: string;
  date: string;
  aulani: boolean;
  foreign: boolean;
  nonResident: boolean;
};

export type WithholdingQuery =
  | { state: "empty"; form: WithholdingForm }
  | { state: "invalid"; form: WithholdingForm; errors: Partial<Record<"price" | "date", string>> }
  | {
      state: "ok";
      form: WithholdingForm;
      priceCents: number;
      closingDate: string;
      lines: WithholdingLine[];
      totalCents: number;
      netCents: number;
    };

export const WITHHOLDING_PRICE_LIMITS = { min: 100, max: 1_000_000 } as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (s: string) => ISO_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/**
 * Reads the calculator's query string: `price` (dollars), `date` (the closing date, default `today`), and the boxes
 * `aulani`, `foreign`, `nonresident`. Before the form is sent (`calc` absent) the boxes take the page's `start`
 * (the FIRPTA page starts with a foreign seller, the HARPTA page with an Aulani seller who is not a Hawaii resident).
 */
export function readWithholdingQuery(
  params: URLSearchParams,
  start: Pick<WithholdingForm, "aulani" | "foreign" | "nonResident">,
  today: string,
): WithholdingQuery {
  const sent = params.has("calc");
  const box = (k: string, fallback: boolean) =>
    sent ? ["on", "yes", "1", "true"].includes(params.get(k) ?? "") : fallback;
  const form: WithholdingForm = {
    price: (params.get("price") ?? "").trim(),
    date: (params.get("date") ?? "").trim() || today,
    aulani: box("aulani", start.aulani),
    foreign: box("foreign", start.foreign),
    nonResident: box("nonresident", start.nonResident),
  };
  if (!form.price)
    return sent ? { state: "invalid", form, errors: { price: priceMessage() } } : { state: "empty", form };
  const errors: Partial<Record<"price" | "date", string>> = {};
  const priceCents = parseMoney(form.price);
  const L = WITHHOLDING_PRICE_LIMITS;
  if (priceCents === null || priceCents < L.min * 100 || priceCents > L.max * 100) errors.price = priceMessage();
  if (!isRealDate(form.date) || form.date < "1985-01-01" || form.date > "2100-12-31") {
    errors.date = "Enter the closing date as a date (YYYY-MM-DD) from 1985 to 2100.";
  }
  if (priceCents === null || Object.keys(errors).length > 0) return { state: "invalid", form, errors };
  const held = withholding({
    priceCents,
    resortCode: form.aulani ? AULANI_CODE : "",
    closingDate: form.date,
    seller: { foreign: form.foreign, nonResident: form.nonResident },
  });
  return {
    state: "ok",
    form,
    priceCents,
    closingDate: form.date,
    lines: held.lines,
    totalCents: held.totalCents,
    netCents: priceCents - held.totalCents,
  };
}

function priceMessage() {
  const L = WITHHOLDING_PRICE_LIMITS;
  return `Enter the sale price in dollars, from ${formatPrice(L.min * 100)} to ${formatPrice(L.max * 100)}, like 16500.`;
}

/** The dated rates of one tax, newest first, for the page's table (the same rows the calculator uses). */
export function ratesOf(kind: "FIRPTA" | "HARPTA") {
  return WITHHOLDING_RATES.filter((r) => r.kind === kind)
    .map((r) => ({ from: r.from, percent: r.percent, forms: r.forms }))
    .sort((a, b) => b.from.localeCompare(a.from));
}
