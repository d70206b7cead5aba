import { describe, expect, it } from "vitest";
import {
  appraisalPerPointCents,
  appraiseContract,
  DEFAULT_SCORE_WEIGHTS,
  type ScoreExplanation,
  scoreListings,
} from "~/modules/listings/score";
import { type RvcInputs, resaleValueRange, salesMedian } from "./appraisal";

const NOW = new Date("2026-06-01T00:00:00Z");
const resorts = [{ id: 1, code: "AKV", contractEndYear: 2057, duesPerPointCents: 800 }];
const plain = (id: number, dollars: number) => ({
  id,
  resortId: 1,
  contractPoints: 150,
  pricePerPointCents: dollars * 100,
  prevYearPoints: 0,
  currYearPoints: 150,
});
const market = [plain(1, 140), plain(2, 145), plain(3, 150), plain(4, 155)];

describe("appraiseContract: the listing score's own appraisal", () => {
  it("values 150 points with 50 banked at the comparable median plus the banked points' dues", () => {
    // Median of the 4 listings' actual values: (145 + 150) / 2 = $147.50; 50 banked points × $8 / 150 = $2.67 more.
    const { appraisalCents, explanation } = appraiseContract(
      { resortId: 1, contractPoints: 150, prevYearPoints: 50, currYearPoints: 150 },
      market,
      resorts,
      NOW,
    );
    expect(explanation.basis).toBe("resort");
    expect(explanation.comparableMedian).toBe(14750);
    expect(appraisalCents).toBe(15017);
  });
  it("gives what the score gives a listing with the same contract (one appraisal, not two)", () => {
    const listing = {
      id: 99,
      resortId: 1,
      contractPoints: 200,
      pricePerPointCents: 13300,
      prevYearPoints: 0,
      currYearPoints: 120,
    };
    const fromScore = appraisalPerPointCents(
      scoreListings([...market, listing], resorts, NOW).get(99) as ScoreExplanation,
    );
    const { appraisalCents } = appraiseContract(
      { resortId: 1, contractPoints: 200, prevYearPoints: 0, currYearPoints: 120 },
      market,
      resorts,
      NOW,
    );
    // 80 missing points × $8 / 200 = $3.20 less than the median $147.50.
    expect(fromScore).toBe(14430);
    expect(appraisalCents).toBe(fromScore);
  });
  it("has no appraisal without comparables", () => {
    expect(
      appraiseContract({ resortId: 1, contractPoints: 150, prevYearPoints: 0, currYearPoints: 150 }, [], resorts, NOW)
        .appraisalCents,
    ).toBeNull();
  });
});

const settings = { salesMonths: 12, minSales: 5, referenceMarginPercent: 8, smallContractPremiumCents: 1000 };
const explanation = (over: Partial<ScoreExplanation>): ScoreExplanation => ({
  inputs: {
    pricePerPointCents: 15017,
    contractPoints: 150,
    prevYearPoints: 50,
    currYearPoints: 150,
    duesPerPointCents: 800,
    duesKnown: true,
    contractEndYear: 2057,
    yearsLeft: 30.7,
    actualValuePerPointCents: 14750,
    annualisedCostCents: null,
  },
  basis: "resort",
  comparableMedian: 14750,
  comparableCount: 4,
  spread: 900,
  factors: [],
  score: 50,
  weights: DEFAULT_SCORE_WEIGHTS,
  ...over,
});
const inputs = (over: Partial<RvcInputs>): RvcInputs => ({
  contract: { contractPoints: 150, prevYearPoints: 50, currYearPoints: 150, nextYearPoints: 150 },
  duesPerPointCents: 800,
  listings: { appraisalCents: 15017, explanation: explanation({}) },
  sales: [
    { soldCount: 6, soldMedianCents: 14000, isDemo: false },
    { soldCount: 4, soldMedianCents: 14500, isDemo: true },
  ],
  reference: { valuePerPointCents: 11800, asOf: "2021-07-01", source: "Published resale prices, July 2021" },
  settings,
  ...over,
});

describe("resaleValueRange", () => {
  it("weights monthly sold medians by their sales", () => {
    expect(salesMedian(inputs({}).sales)).toEqual({ cents: 14200, count: 10 }); // (6 × 140 + 4 × 145) / 10
  });
  it("spans the listings' and the sales' ranges, the estimate their mean", () => {
    const r = resaleValueRange(inputs({}));
    // Listings: $150.17 ± $9.00 / 2. Sales: $142.00 + $2.67 for the banked points = $144.67 ± 3%.
    expect(r.basis).toBe("listings and sales");
    expect(r.lowCents).toBe(14033);
    expect(r.highCents).toBe(15467);
    expect(r.estimateCents).toBe(14742);
    expect(r.salesIncludeDemo).toBe(true);
    expect(r.steps.join(" ")).toContain("4 comparable listings");
  });
  it("falls back on the reference value when there are too few listings and sales, with the small-contract premium", () => {
    const r = resaleValueRange(
      inputs({
        contract: { contractPoints: 100, prevYearPoints: 0, currYearPoints: 100, nextYearPoints: 100 },
        listings: {
          appraisalCents: null,
          explanation: explanation({ basis: "none", comparableMedian: null, spread: null }),
        },
        sales: [{ soldCount: 2, soldMedianCents: 12000, isDemo: false }],
      }),
    );
    // $118 ± 8% = $108.56 to $127.44, plus $10 for 100 points or fewer.
    expect(r.basis).toBe("reference");
    expect([r.lowCents, r.estimateCents, r.highCents]).toEqual([11856, 12800, 13744]);
    expect(r.steps.join(" ")).toContain("July 2021");
  });
  it("gives no value with nothing to compare", () => {
    const r = resaleValueRange(
      inputs({
        listings: {
          appraisalCents: null,
          explanation: explanation({ basis: "none", comparableMedian: null, spread: null }),
        },
        sales: [],
        reference: null,
      }),
    );
    expect(r.estimateCents).toBeNull();
    expect(r.basis).toBe("none");
  });
});
