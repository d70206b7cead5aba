/**
 * Money is integer cents everywhere (ARCHITECTURE rule 4). This is the one place that turns cents into dollars and
 * back for form inputs, for the JSON calls that the SPEC gives in dollars, and for what a person types.
 * Browser-safe and small (it is on public pages); the zod field is in money-field.ts, so zod stays off those pages.
 * Money shown to people is written by the formatters of format.ts (decision 0050).
 */

/** Cents as a number of dollars, for the JSON calls the SPEC writes in dollars (`price_per_points: 123.45`). */
export function centsToDollars(cents: number) {
  return cents / 100;
}

/** Cents as a form input's text: "1234.50". */
export function centsToInput(cents: number | null | undefined) {
  return cents === null || cents === undefined ? "" : (cents / 100).toFixed(2);
}

/** Whether an amount in dollars is a whole number of cents (125.5 is, 125.555 is not). */
export function isWholeCents(dollars: number) {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** A whole number of dollars (a search range, a slider) in cents. */
export function dollarsToCents(dollars: number) {
  return Math.round(dollars * 100);
}

/**
 * A dollar range bound (which may carry a fraction of a cent from a slider) in cents: a lower bound rounds up, an
 * upper bound down, so the range never takes in a price outside what was asked.
 */
export function dollarBoundToCents(dollars: number, bound: "min" | "max") {
  return bound === "min" ? Math.ceil(dollars * 100 - 1e-6) : Math.floor(dollars * 100 + 1e-6);
}

/** The largest amount a person may type: $1 billion. */
export const MAX_MONEY_CENTS = 100_000_000_000;

/**
 * What a person typed ("$1,234.56", "1234.5", " 12 ") in cents; null when it is not an amount: empty, negative,
 * more than two decimals, letters, or over $1 billion.
 */
export function parseMoney(input: string): number | null {
  const s = input
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return cents <= MAX_MONEY_CENTS ? cents : null;
}
