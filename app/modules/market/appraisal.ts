import { formatPerPoint, formatPercent } from "~/lib/format";
import { actualValuePerPoint, type ScoreExplanation } from "~/modules/listings/score";

/**
 * The resale value calculator's range (issue 31, decision 0077). Pure. The comparable-listings value is the listing
 * score's own appraisal (`appraiseContract` in listings/score.ts, the value the offer limits check against); this adds
 * the closed sales and, when the product has too few of either, the staff's reference value per point.
 *
 * 1. Listings: the appraisal A and the comparables' spread S (interquartile range): A ± S/2.
 * 2. Closed sales: the count-weighted median price of the resort's sales in the last N months (at least the minimum
 *    number of sales), brought to this contract like the score's actual value (plus the dues of extra banked points,
 *    minus the dues of missing current points, per contract point), ± half the minimum spread share.
 * 3. With both, the range spans both and the estimate is their mean; with one, that one; with neither, the latest
 *    reference value per point ± the reference margin (staff-set, /admin/resorts/membership-values and /rvc).
 * 4. Contracts of 100 points or fewer add the small-contract premium (DOMAIN.md: $10-15/point more).
 */

export type RvcSettings = {
  salesMonths: number;
  minSales: number;
  referenceMarginPercent: number;
  smallContractPremiumCents: number;
};

export type RvcContract = {
  contractPoints: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
};

export type RvcInputs = {
  contract: RvcContract;
  duesPerPointCents: number | null;
  listings: { appraisalCents: number | null; explanation: ScoreExplanation };
  /** The resort's monthly sold figures over the last N months. */
  sales: { soldCount: number; soldMedianCents: number | null; isDemo: boolean }[];
  reference: { valuePerPointCents: number; asOf: string; source: string } | null;
  settings: RvcSettings;
};

export type RvcResult = {
  basis: "listings and sales" | "listings" | "sales" | "reference" | "none";
  lowCents: number | null;
  highCents: number | null;
  estimateCents: number | null;
  /** The method, step by step, with this contract's figures. */
  steps: string[];
  salesCount: number;
  salesIncludeDemo: boolean;
};

/** Half of the smallest spread (6% of the value, the score's MIN_SPREAD_SHARE): the margin of a sales median. */
const SALES_MARGIN = 0.03;
export const SMALL_CONTRACT_POINTS = 100;

/** The count-weighted median price of monthly sold medians; null without sales. */
export function salesMedian(rows: RvcInputs["sales"]): { cents: number | null; count: number } {
  let sum = 0;
  let count = 0;
  for (const r of rows) {
    if (r.soldMedianCents === null || r.soldCount <= 0) continue;
    sum += r.soldMedianCents * r.soldCount;
    count += r.soldCount;
  }
  return { cents: count ? Math.round(sum / count) : null, count };
}

export function resaleValueRange(x: RvcInputs): RvcResult {
  const { contract: c, settings: s } = x;
  const steps: string[] = [];
  const dues = x.duesPerPointCents;
  const ranges: { low: number; high: number; mid: number }[] = [];
  let listingsUsed = false;
  let salesUsed = false;

  const e = x.listings.explanation;
  if (x.listings.appraisalCents !== null && e.spread !== null) {
    const half = (e.basis === "market" ? e.spread * (e.inputs.yearsLeft ?? 1) : e.spread) / 2;
    const a = x.listings.appraisalCents;
    ranges.push({ low: Math.round(a - half), high: Math.round(a + half), mid: a });
    listingsUsed = true;
    steps.push(
      e.basis === "resort"
        ? `Listings: the median actual value of ${e.comparableCount} comparable listings for sale at this resort is ${formatPerPoint(e.comparableMedian ?? 0)}; brought to this contract's banked and current points it is ${formatPerPoint(a)}, and their middle half spans ${formatPerPoint(Math.round(half * 2))}: ${formatPerPoint(Math.round(a - half))} to ${formatPerPoint(Math.round(a + half))}.`
        : `Listings: fewer than 3 comparable listings at this resort, so the median annualised cost of ${e.comparableCount} listings in the whole market (${formatPerPoint(e.comparableMedian ?? 0)} a year) over the ${e.inputs.yearsLeft} years left gives ${formatPerPoint(a)}.`,
    );
  } else steps.push("Listings: not enough comparable listings for sale to compare with.");

  const sm = salesMedian(x.sales);
  if (sm.cents !== null && sm.count >= s.minSales && (dues !== null || plain(c))) {
    const adjust = -actualValuePerPoint({ ...c, id: 0, resortId: 0, pricePerPointCents: 0 }, dues ?? 0);
    const v = Math.round(sm.cents + adjust);
    const half = v * SALES_MARGIN;
    ranges.push({ low: Math.round(v - half), high: Math.round(v + half), mid: v });
    salesUsed = true;
    steps.push(
      `Closed sales: the median price of ${sm.count} sales at this resort in the last ${s.salesMonths} months is ${formatPerPoint(sm.cents)}${adjust ? `; ${adjust > 0 ? "plus" : "minus"} ${formatPerPoint(Math.abs(Math.round(adjust)))} for this contract's banked and missing points` : ""}: ${formatPerPoint(v)} ± ${formatPercent(SALES_MARGIN * 100)}.`,
    );
  } else
    steps.push(
      `Closed sales: ${sm.count} at this resort in the last ${s.salesMonths} months, fewer than the ${s.minSales} we compare with.`,
    );

  let basis: RvcResult["basis"] =
    listingsUsed && salesUsed ? "listings and sales" : listingsUsed ? "listings" : salesUsed ? "sales" : "none";
  if (ranges.length === 0 && x.reference) {
    const v = x.reference.valuePerPointCents;
    const half = (v * s.referenceMarginPercent) / 100;
    ranges.push({ low: Math.round(v - half), high: Math.round(v + half), mid: v });
    basis = "reference";
    steps.push(
      `Reference value: ${formatPerPoint(v)} per point (${x.reference.source}, as of ${x.reference.asOf}) ± ${formatPercent(s.referenceMarginPercent)}, used because the product has too few comparable listings and sales.`,
    );
  }
  if (ranges.length === 0)
    return {
      basis: "none",
      lowCents: null,
      highCents: null,
      estimateCents: null,
      steps,
      salesCount: sm.count,
      salesIncludeDemo: false,
    };

  let low = Math.min(...ranges.map((r) => r.low));
  let high = Math.max(...ranges.map((r) => r.high));
  let mid = Math.round(ranges.reduce((n, r) => n + r.mid, 0) / ranges.length);
  if (ranges.length > 1)
    steps.push(`Both together: the range spans both, the estimate is their mean, ${formatPerPoint(mid)}.`);
  if (c.contractPoints <= SMALL_CONTRACT_POINTS && s.smallContractPremiumCents > 0) {
    const p = s.smallContractPremiumCents;
    [low, high, mid] = [low + p, high + p, mid + p];
    steps.push(
      `Small contract: ${SMALL_CONTRACT_POINTS} points or fewer fetch more per point, plus ${formatPerPoint(p)}.`,
    );
  }
  return {
    basis,
    lowCents: Math.max(1, low),
    highCents: Math.max(1, high),
    estimateCents: Math.max(1, mid),
    steps,
    salesCount: sm.count,
    salesIncludeDemo: salesUsed && x.sales.some((r) => r.isDemo && r.soldCount > 0),
  };
}

const plain = (c: RvcContract) => c.prevYearPoints === 0 && c.currYearPoints >= c.contractPoints;
