import { formatNumber } from "~/lib/format";

/**
 * Issue 31: the GET calculators' inputs (dues, compare), read from a query string. Pure: a page's loader answers
 * 400 with these messages when any is wrong, and shows no result.
 */

export type CalcErrors = Record<string, string>;

export const POINTS_RANGE = { min: 1, max: 2000 } as const;
/** Assumed yearly dues growth, in percent. */
export const GROWTH_RANGE = { min: 0, max: 15 } as const;

const wholeNumber = (raw: string) => (/^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN);
const decimal = (raw: string) => (/^\d{1,4}(\.\d{1,2})?$/.test(raw) ? Number(raw) : Number.NaN);

export type DuesCalcInput = {
  resort: string;
  points: number;
  /** Percent a year, or null for the resort's own average on record. */
  growthPercent: number | null;
  /** The closing month (1-12), or null: no proration asked. */
  closingMonth: number | null;
};

/** Whether the query string asks for a calculation at all (a page without one shows the empty form). */
export function asksCalculation(params: URLSearchParams, keys: string[]) {
  return keys.some((k) => params.has(k));
}

function readCommon(params: URLSearchParams, resortCodes: string[], errors: CalcErrors) {
  const resort = (params.get("resort") ?? "").trim().toUpperCase();
  if (!resortCodes.includes(resort)) errors.resort = "Choose a resort from the list.";
  const pointsRaw = (params.get("points") ?? "").trim();
  const points = wholeNumber(pointsRaw);
  if (!(points >= POINTS_RANGE.min && points <= POINTS_RANGE.max)) {
    errors.points = `Enter the contract's points, a whole number from ${POINTS_RANGE.min} to ${formatNumber(POINTS_RANGE.max)}.`;
  }
  const growthRaw = (params.get("growth") ?? "").trim().replace(/%$/, "");
  let growthPercent: number | null = null;
  if (growthRaw) {
    growthPercent = decimal(growthRaw);
    if (!(growthPercent >= GROWTH_RANGE.min && growthPercent <= GROWTH_RANGE.max)) {
      errors.growth = `Enter the yearly growth as a percentage from ${GROWTH_RANGE.min} to ${GROWTH_RANGE.max} (for example 4 or 3.5), or leave it empty.`;
    }
  }
  return { resort, points, growthPercent };
}

/** The dues calculator: resort, points, optional growth (percent) and optional closing month. */
export function readDuesCalc(
  params: URLSearchParams,
  resortCodes: string[],
): { ok: true; input: DuesCalcInput } | { ok: false; errors: CalcErrors } {
  const errors: CalcErrors = {};
  const common = readCommon(params, resortCodes, errors);
  const monthRaw = (params.get("month") ?? "").trim();
  let closingMonth: number | null = null;
  if (monthRaw) {
    closingMonth = wholeNumber(monthRaw);
    if (!(closingMonth >= 1 && closingMonth <= 12)) errors.month = "Choose the month of the closing from the list.";
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { ...common, closingMonth } };
}

export type CompareCalcInput = {
  resort: string;
  points: number;
  growthPercent: number | null;
  /** The resale price per point in cents, or null for the median asking price at the resort. */
  resaleCents: number | null;
};

/** The compare calculator: resort, points, optional growth and optional resale price per point (dollars). */
export function readCompareCalc(
  params: URLSearchParams,
  resortCodes: string[],
): { ok: true; input: CompareCalcInput } | { ok: false; errors: CalcErrors } {
  const errors: CalcErrors = {};
  const common = readCommon(params, resortCodes, errors);
  const priceRaw = (params.get("price") ?? "").trim().replace(/^\$/, "");
  let resaleCents: number | null = null;
  if (priceRaw) {
    const dollars = decimal(priceRaw);
    if (!(dollars >= 1 && dollars <= 1000)) {
      errors.price =
        "Enter the resale price per point in dollars, from $1 to $1,000 (for example 118), or leave it empty.";
    } else resaleCents = Math.round(dollars * 100);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: { ...common, resaleCents } };
}
