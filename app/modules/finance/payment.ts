/**
 * The payment calculator of /dvc-financing (issue 31), pure and browser-safe: a fixed-rate loan's monthly payment by
 * standard amortisation, its total interest and the total paid, and the reading of the calculator's GET form.
 *
 * Money is integer cents in and out. The monthly payment is M = P x r / (1 - (1 + r)^-n) with P the amount
 * financed (price minus down payment), r the APR / 12 and n the months; at 0% it is P / n. It is rounded to the
 * nearest cent; the total paid is the down payment plus n monthly payments (a lender's last payment may differ by a
 * few cents, which is not modelled).
 */
import { formatPrice } from "~/lib/format";
import { parseMoney } from "~/lib/money";

export type LoanInput = {
  priceCents: number;
  /** 0-100. */
  downPaymentPercent: number;
  /** Annual percentage rate, 0-40. */
  aprPercent: number;
  /** Whole years, 1-30. */
  termYears: number;
};

export type LoanResult = {
  priceCents: number;
  downPaymentCents: number;
  financedCents: number;
  months: number;
  monthlyPaymentCents: number;
  /** The monthly payments' sum minus the amount financed. */
  totalInterestCents: number;
  /** The down payment plus every monthly payment. */
  totalPaidCents: number;
};

/** The loan's figures (see the module's note). The input is assumed checked (`readFinancingQuery`). */
export function loanPayment(input: LoanInput): LoanResult {
  const downPaymentCents = Math.round((input.priceCents * input.downPaymentPercent) / 100);
  const financedCents = input.priceCents - downPaymentCents;
  const months = input.termYears * 12;
  const r = input.aprPercent / 100 / 12;
  const exact = r === 0 ? financedCents / months : (financedCents * r) / (1 - (1 + r) ** -months);
  const monthlyPaymentCents = financedCents === 0 ? 0 : Math.round(exact);
  const paid = monthlyPaymentCents * months;
  return {
    priceCents: input.priceCents,
    downPaymentCents,
    financedCents,
    months,
    monthlyPaymentCents,
    totalInterestCents: Math.max(0, paid - financedCents),
    totalPaidCents: downPaymentCents + paid,
  };
}

/** The calculator's limits: stated once, used by the form's constraints and the messages. */
export const FINANCING_LIMITS = {
  points: { min: 25, max: 2000 },
  pricePerPoint: { min: 1, max: 500 },
  /** A contract's total price, in dollars. */
  price: { min: 500, max: 1_000_000 },
  down: { min: 0, max: 100 },
  rate: { min: 0, max: 40 },
  years: { min: 1, max: 30 },
} as const;

/** The calculator's starting values (the finance settings). */
export type FinancingDefaults = { aprPercent: number; termYears: number; downPaymentPercent: number };

/** What the form shows back: the typed text of each field. */
export type FinancingForm = {
  points: string;
  ppp: string;
  price: string;
  down: string;
  rate: string;
  years: string;
  resort: string;
};

export type FinancingQuery =
  | { state: "empty"; form: FinancingForm }
  | { state: "invalid"; form: FinancingForm; errors: Partial<Record<keyof FinancingForm, string>> }
  | { state: "ok"; form: FinancingForm; input: LoanInput; resortCode: string | null; priceFrom: "total" | "points" };

const num = (s: string) => (/^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN);
const decimalsOf = (s: string) => (s.includes(".") ? s.split(".")[1].length : 0);

/**
 * Reads the calculator's query string: `price` (the contract's total in dollars, as a listing links with it) or
 * `points` x `ppp` (price per point in dollars), `down` (%), `rate` (APR %), `years`, and `resort` (a code, for the
 * closing costs). Missing rate, years or down take the defaults. No price at all is the empty form (no result, no
 * error); anything out of range is refused field by field.
 */
export function readFinancingQuery(
  params: URLSearchParams,
  defaults: FinancingDefaults,
  resortCodes: readonly string[],
): FinancingQuery {
  const get = (k: string) => (params.get(k) ?? "").trim();
  const form: FinancingForm = {
    points: get("points"),
    ppp: get("ppp").replace(/^\$/, ""),
    price: get("price").replace(/^\$/, "").replaceAll(",", ""),
    down: get("down") || String(defaults.downPaymentPercent),
    rate: get("rate") || String(defaults.aprPercent),
    years: get("years") || String(defaults.termYears),
    resort: get("resort").toUpperCase(),
  };
  if (!form.price && !form.points && !form.ppp) return { state: "empty", form };
  const errors: Partial<Record<keyof FinancingForm, string>> = {};
  const L = FINANCING_LIMITS;
  let priceCents = 0;
  let priceFrom: "total" | "points" = "total";
  if (form.price) {
    const cents = parseMoney(form.price);
    if (cents === null || cents < L.price.min * 100 || cents > L.price.max * 100) {
      errors.price = `Enter the total price in dollars, from ${formatPrice(L.price.min * 100)} to ${formatPrice(L.price.max * 100)}.`;
    } else priceCents = cents;
  } else {
    priceFrom = "points";
    const points = num(form.points);
    const ppp = parseMoney(form.ppp);
    if (!Number.isInteger(points) || points < L.points.min || points > L.points.max) {
      errors.points = `Enter the contract's points, a whole number from ${L.points.min} to ${L.points.max}.`;
    }
    if (ppp === null || ppp < L.pricePerPoint.min * 100 || ppp > L.pricePerPoint.max * 100) {
      errors.ppp = `Enter the price per point in dollars, from ${formatPrice(L.pricePerPoint.min * 100)} to ${formatPrice(L.pricePerPoint.max * 100)}.`;
    }
    if (!errors.points && !errors.ppp && ppp !== null) priceCents = points * ppp;
  }
  const down = num(form.down);
  if (!(down >= L.down.min && down <= L.down.max) || decimalsOf(form.down) > 2) {
    errors.down = `Enter the down payment as a percent from ${L.down.min} to ${L.down.max}.`;
  }
  const rate = num(form.rate);
  if (!(rate >= L.rate.min && rate <= L.rate.max) || decimalsOf(form.rate) > 3) {
    errors.rate = `Enter the interest rate (APR) as a percent from ${L.rate.min} to ${L.rate.max}, like 8.99.`;
  }
  const years = num(form.years);
  if (!Number.isInteger(years) || years < L.years.min || years > L.years.max) {
    errors.years = `Enter the term in whole years, from ${L.years.min} to ${L.years.max}.`;
  }
  if (form.resort && !resortCodes.includes(form.resort)) errors.resort = "Choose one of the resorts, or none.";
  if (Object.keys(errors).length > 0) return { state: "invalid", form, errors };
  return {
    state: "ok",
    form,
    input: { priceCents, downPaymentPercent: down, aprPercent: rate, termYears: years },
    resortCode: form.resort || null,
    priceFrom,
  };
}
