import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AppraisalContract,
  appraisalPerPointCents,
  appraiseAgainst,
  explainAgainst,
  type ScoreExplanation,
  type ScoreListing,
  type ScoreResort,
  type ScoreWeights,
  scoreBase,
  scoreListings,
  scoreMarket,
} from "./score";

// Decision 0097: an explanation or an appraisal from the clock-free comparison set (`scoreMarket`, kept per score
// version) is the one `scoreListings` gives over every active listing, at any time.

/** The appraisal as it was computed before decision 0097: the whole market scored twice with the contract added. */
function appraiseByFullScan(
  contract: AppraisalContract,
  active: readonly ScoreListing[],
  resorts: readonly ScoreResort[],
  now: Date,
  weights: ScoreWeights,
) {
  const run = (pricePerPointCents: number) => {
    const me: ScoreListing = { ...contract, id: -1, pricePerPointCents };
    const explanation = scoreListings([...active, me], resorts, now, weights).get(-1) as ScoreExplanation;
    return { appraisalCents: appraisalPerPointCents(explanation), explanation };
  };
  const first = run(1);
  return first.appraisalCents === null ? first : run(first.appraisalCents);
}

const resortArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    contractEndYear: fc.oneof(fc.constant(null), fc.integer({ min: 2024, max: 2075 })),
    duesPerPointCents: fc.oneof(fc.constant(null), fc.integer({ min: 500, max: 1200 })),
  });
const contractArb = fc
  .record({
    resortId: fc.integer({ min: 1, max: 5 }),
    contractPoints: fc.constantFrom(25, 50, 100, 150, 160, 200),
    pricePerPointCents: fc.integer({ min: 8000, max: 22000 }),
    prev: fc.constantFrom(0, 0, 0, 10, 50),
    missing: fc.constantFrom(0, 0, 0, 20),
  })
  .map((x) => ({
    resortId: x.resortId,
    contractPoints: x.contractPoints,
    pricePerPointCents: x.pricePerPointCents,
    prevYearPoints: Math.min(x.prev, x.contractPoints),
    currYearPoints: x.contractPoints - Math.min(x.missing, x.contractPoints - 1),
  }));
const weightsArb = fc.record({
  scorePerSpread: fc.constantFrom(25, 10),
  minComparables: fc.constantFrom(3, 1, 6),
  minSpreadShare: fc.constantFrom(0.06, 0.2),
});
const nowArb = fc.date({
  min: new Date("2024-01-01T00:00:00Z"),
  max: new Date("2080-01-01T00:00:00Z"),
  noInvalidDate: true,
});

describe("the comparison set kept per score version (decision 0097)", () => {
  it("explains every active listing as scoreListings does, and appraises a contract as the full scan does", () => {
    fc.assert(
      fc.property(
        fc.tuple(resortArb(1), resortArb(2), resortArb(3), resortArb(4), resortArb(5)),
        fc.array(contractArb, { maxLength: 40 }),
        fc.array(
          contractArb.map(({ pricePerPointCents: _, ...c }) => c),
          { minLength: 1, maxLength: 4 },
        ),
        weightsArb,
        nowArb,
        (resortTuple, contracts, toAppraise, weights, now) => {
          // Resort 5 is left out of the resorts read (a listing whose resort is unknown).
          const resorts: ScoreResort[] = resortTuple.slice(0, 4);
          const active: ScoreListing[] = contracts.map((c, i) => ({ ...c, id: i + 1 }));
          const expected = scoreListings(active, resorts, now, weights);
          const resortById = new Map(resorts.map((r) => [r.id, r]));
          const market = scoreMarket(
            active.map((l) => scoreBase(l, resortById)),
            resorts,
          );
          for (const l of active) expect(explainAgainst(market, l, true, now, weights)).toEqual(expected.get(l.id));
          for (const c of toAppraise)
            expect(appraiseAgainst(market, c, now, weights)).toEqual(
              appraiseByFullScan(c, active, resorts, now, weights),
            );
        },
      ),
      { numRuns: 300 },
    );
  });
});
