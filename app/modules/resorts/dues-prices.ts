/**
 * Issue 31: the pure calculations of the dues, retail, compare and expiration pages (DOMAIN.md "Annual dues" and
 * "Value of a contract"). Money in integer cents; growth as a fraction (0.04 = 4% a year).
 */

/** How far back "recent sales" reach on the compare and expiration pages. */
export const RECENT_SALES_DAYS = 365;

/** The growth assumed when a resort has fewer than two years on record (DOMAIN.md: roughly 3-5% a year). */
export const DEFAULT_DUES_GROWTH = 0.04;

/** Dues at closing (DOMAIN.md): the buyer reimburses months left in the calendar year / 12 x the year's dues. */
export function duesProration(input: { points: number; duesPerPointCents: number; monthsLeft: number }) {
  const annualCents = input.points * input.duesPerPointCents;
  return { annualCents, reimburseCents: Math.round((annualCents * input.monthsLeft) / 12) };
}

/** Months left in the calendar year after a closing in `month` (1-12): a May closing leaves June to December, 7. */
export function monthsLeftAfter(month: number) {
  return 12 - month;
}

/**
 * The average yearly growth of a resort's dues on record: the geometric mean between the first and the last year
 * (8.24 in 2022 to 9.64 in 2026 is (9.64 / 8.24)^(1/4) - 1 = 4.0%). Null with fewer than two years.
 */
export function averageGrowth(history: { year: number; duesPerPointCents: number }[]): number | null {
  if (history.length < 2) return null;
  const sorted = [...history].sort((a, b) => a.year - b.year);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (last.year === first.year || first.duesPerPointCents <= 0) return null;
  return (last.duesPerPointCents / first.duesPerPointCents) ** (1 / (last.year - first.year)) - 1;
}

export type DuesYear = { year: number; perPointCents: number; totalCents: number };

/**
 * A contract's dues year by year from `fromYear` to the year before the contract ends (a contract ends on January 31
 * of its end year, so that year has no dues of its own), from the dues per point of `baseYear` grown by `growth`
 * a year. Each year's per-point figure is rounded to the cent (as billed) and multiplied by the points; the total is
 * the sum of the years.
 */
export function projectDues(input: {
  points: number;
  baseYear: number;
  basePerPointCents: number;
  growth: number;
  fromYear: number;
  endYear: number;
}): { years: DuesYear[]; totalCents: number } {
  const years: DuesYear[] = [];
  for (let year = input.fromYear; year < input.endYear; year++) {
    // Dues are billed per point in cents: the year's figure is rounded first, then multiplied by the points.
    const perPointCents = Math.round(input.basePerPointCents * (1 + input.growth) ** (year - input.baseYear));
    years.push({ year, perPointCents, totalCents: perPointCents * input.points });
  }
  return { years, totalCents: years.reduce((sum, y) => sum + y.totalCents, 0) };
}

/** A contract's total cost over its remaining years: the purchase price plus the dues. */
export function totalCost(input: {
  points: number;
  pricePerPointCents: number;
  duesTotalCents: number;
  /** The buyer's closing costs, when known (0 when not on record). */
  closingCents?: number;
}) {
  const purchaseCents = input.points * input.pricePerPointCents;
  const closingCents = input.closingCents ?? 0;
  return {
    purchaseCents,
    duesCents: input.duesTotalCents,
    closingCents,
    totalCents: purchaseCents + input.duesTotalCents + closingCents,
  };
}

/** Years of use left: contracts end on January 31 of their end year (2042 seen from 2026: 16). Never below 0. */
export function yearsLeft(endYear: number, currentYear: number) {
  return Math.max(0, endYear - currentYear);
}

/**
 * Annualised cost per point (DOMAIN.md): price per point / years left + dues per point. $118/pt with 16 years left
 * and $10.31 dues is 11,800 / 16 + 1,031 = 1,768.5 cents, about $17.69 a point a year. Null with no years left.
 */
export function annualisedCost(input: { pricePerPointCents: number; yearsLeft: number; duesPerPointCents: number }) {
  if (input.yearsLeft <= 0) return null;
  return Math.round(input.pricePerPointCents / input.yearsLeft + input.duesPerPointCents);
}

/** The median of a list of numbers (the mean of the middle two for an even count), null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

/** The growth a calculator assumes: the one asked for (percent), else the resort's average on record, else 4%. */
export function assumedGrowth(askedPercent: number | null, onRecord: number | null) {
  if (askedPercent !== null) return { growth: askedPercent / 100, from: "asked" as const };
  if (onRecord !== null && onRecord >= 0 && onRecord <= 0.15) {
    return { growth: Math.round(onRecord * 1000) / 1000, from: "record" as const };
  }
  return { growth: DEFAULT_DUES_GROWTH, from: "default" as const };
}

/**
 * A contract's dues plan: year by year from this year to the contract's end with the total, and the share of this
 * year's dues a buyer reimburses at a closing in `closingMonth` (null: not asked).
 */
export function planDues(input: {
  points: number;
  latest: { year: number; perPointCents: number };
  growth: number;
  currentYear: number;
  endYear: number;
  closingMonth: number | null;
}) {
  const projection = projectDues({
    points: input.points,
    baseYear: input.latest.year,
    basePerPointCents: input.latest.perPointCents,
    growth: input.growth,
    fromYear: input.currentYear,
    endYear: input.endYear,
  });
  const thisYear = projection.years[0];
  const proration =
    input.closingMonth !== null && thisYear
      ? {
          monthsLeft: monthsLeftAfter(input.closingMonth),
          ...duesProration({
            points: input.points,
            duesPerPointCents: thisYear.perPointCents,
            monthsLeft: monthsLeftAfter(input.closingMonth),
          }),
        }
      : null;
  return { ...projection, proration };
}

/**
 * Resale against direct for one contract over its remaining years: the same points and dues (the resort's), bought at
 * the resale price or at Disney's direct price. The saving is the direct total less the resale total.
 */
export function compareContract(input: {
  points: number;
  resaleCents: number;
  directCents: number;
  latest: { year: number; perPointCents: number };
  growth: number;
  currentYear: number;
  endYear: number;
  /**
   * The resale buyer's closing costs (the title company's estimate). Disney's direct sales carry no closing costs
   * that the data holds, so the direct side has none.
   */
  resaleClosingCents?: number;
}) {
  const dues = projectDues({
    points: input.points,
    baseYear: input.latest.year,
    basePerPointCents: input.latest.perPointCents,
    growth: input.growth,
    fromYear: input.currentYear,
    endYear: input.endYear,
  });
  const resale = totalCost({
    points: input.points,
    pricePerPointCents: input.resaleCents,
    duesTotalCents: dues.totalCents,
    closingCents: input.resaleClosingCents,
  });
  const direct = totalCost({
    points: input.points,
    pricePerPointCents: input.directCents,
    duesTotalCents: dues.totalCents,
  });
  return { dues, resale, direct, savingCents: direct.totalCents - resale.totalCents };
}
