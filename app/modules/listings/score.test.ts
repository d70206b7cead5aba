import { describe, expect, it } from "vitest";
import {
  actualValuePerPoint,
  MIN_COMPARABLES,
  medianExcluding,
  pointPercentage,
  type ScoreListing,
  type ScoreResort,
  scoreListings,
  yearsLeft,
} from "./score";

const NOW = new Date("2026-01-31T00:00:00Z");
const AKV: ScoreResort = { id: 1, code: "AKV", contractEndYear: 2057, duesPerPointCents: 800 };
const VB: ScoreResort = { id: 2, code: "VB", contractEndYear: 2042, duesPerPointCents: null };
const CFW: ScoreResort = { id: 3, code: "CFW", contractEndYear: 2075, duesPerPointCents: 900 };

let nextId = 1;
function listing(over: Partial<ScoreListing> = {}): ScoreListing {
  const contractPoints = over.contractPoints ?? 200;
  return {
    id: nextId++,
    resortId: 1,
    contractPoints,
    pricePerPointCents: 120_00,
    prevYearPoints: 0,
    currYearPoints: contractPoints,
    ...over,
  };
}

describe("pointPercentage", () => {
  it("is current points over contract points, floored and capped", () => {
    expect(pointPercentage(150, 200)).toBe(75);
    expect(pointPercentage(0, 200)).toBe(0);
    expect(pointPercentage(1, 3)).toBe(33);
    expect(pointPercentage(300, 200)).toBe(100);
    expect(pointPercentage(10, 0)).toBe(0);
  });
});

describe("actual value per point", () => {
  it("subtracts the dues worth of extra banked points (loaded)", () => {
    // 100 extra points x $8 dues / 200 points = $4/pt off
    expect(actualValuePerPoint(listing({ prevYearPoints: 100 }), 800)).toBe(116_00);
  });
  it("adds the dues of missing current points (stripped)", () => {
    expect(actualValuePerPoint(listing({ currYearPoints: 0 }), 800)).toBe(128_00);
  });
  it("weighs more on a small contract", () => {
    expect(actualValuePerPoint(listing({ contractPoints: 25, currYearPoints: 0 }), 800)).toBe(128_00);
    expect(actualValuePerPoint(listing({ contractPoints: 25, prevYearPoints: 25 }), 800)).toBe(112_00);
  });
});

describe("years left", () => {
  it("counts to January 31 of the end year, never below a quarter", () => {
    expect(yearsLeft(2057, NOW)).toBeCloseTo(31, 1);
    expect(yearsLeft(2020, NOW)).toBe(0.25);
    expect(yearsLeft(null, NOW)).toBeNull();
  });
});

describe("medianExcluding", () => {
  it("leaves one occurrence of the value out", () => {
    expect(medianExcluding([1, 2, 3, 4], 4)).toBe(2);
    expect(medianExcluding([1, 2, 3, 4], 1)).toBe(3);
    expect(medianExcluding([1, 2, 2, 9], 2)).toBe(2);
    expect(medianExcluding([5], 5)).toBeNull();
  });
});

describe("scoreListings", () => {
  const market = () => [
    listing({ pricePerPointCents: 110_00 }),
    listing({ pricePerPointCents: 120_00 }),
    listing({ pricePerPointCents: 130_00 }),
  ];

  it("gives 50 at the comparable median, more when cheaper, less when dearer", () => {
    const base = market();
    const at = listing({ pricePerPointCents: 120_00 });
    const cheap = listing({ pricePerPointCents: 108_00 });
    const dear = listing({ pricePerPointCents: 132_00 });
    for (const l of [at, cheap, dear]) {
      const r = scoreListings([...base, l], [AKV], NOW).get(l.id);
      expect(r?.basis).toBe("resort");
      expect(r?.comparableCount).toBe(3);
      expect(r?.comparableMedian).toBe(120_00);
    }
    expect(scoreListings([...base, at], [AKV], NOW).get(at.id)?.score).toBe(50);
    // 10% below the median: 50 + 250 x 0.1 = 75
    expect(scoreListings([...base, cheap], [AKV], NOW).get(cheap.id)?.score).toBe(75);
    expect(scoreListings([...base, dear], [AKV], NOW).get(dear.id)?.score).toBe(25);
  });

  it("clamps to 0-100 and says so", () => {
    const steal = listing({ pricePerPointCents: 50_00 });
    const r = scoreListings([...market(), steal], [AKV], NOW).get(steal.id);
    expect(r?.score).toBe(100);
    expect(r?.factors.some((f) => f.label.includes("0-100"))).toBe(true);
  });

  it("scores a loaded contract above the same price unloaded, a stripped one below", () => {
    const plain = listing();
    const loaded = listing({ prevYearPoints: 200 });
    const stripped = listing({ currYearPoints: 0 });
    const all = [...market(), plain, loaded, stripped];
    const scores = scoreListings(all, [AKV], NOW);
    expect(scores.get(loaded.id)?.score).toBeGreaterThan(scores.get(plain.id)?.score ?? 0);
    expect(scores.get(stripped.id)?.score).toBeLessThan(scores.get(plain.id)?.score ?? 100);
    expect(scores.get(loaded.id)?.factors.some((f) => f.label.includes("banked") && f.effect > 0)).toBe(true);
    expect(scores.get(stripped.id)?.factors.some((f) => f.label.includes("missing") && f.effect < 0)).toBe(true);
  });

  it("explains with factors that add up to the unclamped score", () => {
    const l = listing({ pricePerPointCents: 118_00, prevYearPoints: 50, currYearPoints: 150 });
    const r = scoreListings([...market(), l], [AKV], NOW).get(l.id);
    const sum = 50 + (r?.factors.reduce((s, f) => s + f.effect, 0) ?? 0);
    expect(Math.abs(sum - (r?.score ?? 0))).toBeLessThan(1);
    expect(r?.inputs.duesKnown).toBe(true);
    expect(r?.inputs.actualValuePerPointCents).toBe(118_00 - 2_00 + 2_00);
  });

  it("treats unknown dues as $0 and says so", () => {
    const vb = [1, 2, 3, 4].map((i) =>
      listing({ resortId: 2, pricePerPointCents: 60_00 + i * 100, currYearPoints: 0 }),
    );
    const r = scoreListings(vb, [VB], NOW).get(vb[0].id);
    expect(r?.inputs.duesPerPointCents).toBe(0);
    expect(r?.inputs.duesKnown).toBe(false);
    expect(r?.inputs.actualValuePerPointCents).toBe(61_00); // stripped, but no dues to add
    expect(r?.factors[0].label).toMatch(/dues are not known yet/);
  });

  it(`falls back to the market's annualised cost with fewer than ${MIN_COMPARABLES} comparables`, () => {
    const akv = market();
    const lone = listing({ resortId: 3, pricePerPointCents: 150_00 });
    const r = scoreListings([...akv, lone], [AKV, CFW], NOW).get(lone.id);
    expect(r?.basis).toBe("market");
    expect(r?.comparableCount).toBe(3);
    // CFW: 49 years left, $150/49 + $9 = $12.06; AKV median: $120/31 + $8 = $11.87
    expect(r?.inputs.annualisedCostCents).toBeCloseTo(150_00 / 49 + 900, -1);
    expect(r?.score).toBeGreaterThan(40);
    expect(r?.score).toBeLessThan(50);
  });

  it("has no score when there is nothing to compare with", () => {
    const only = listing();
    const r = scoreListings([only], [AKV], NOW).get(only.id);
    expect(r?.score).toBeNull();
    expect(r?.basis).toBe("none");
  });
});
