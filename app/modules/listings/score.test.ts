import { describe, expect, it } from "vitest";
import { demoListingKind, drawDemoListing, mulberry32, RESALE_PRICE_PER_POINT } from "~/db/seed/demo-data";
import { RESORTS } from "~/db/seed/reference-data";
import { formatScore, SCORE_BANDS, scoreBand } from "~/lib/format";
import {
  actualValuePerPoint,
  MIN_COMPARABLES,
  MIN_SPREAD_SHARE,
  medianExcluding,
  pointPercentage,
  quantile,
  type ScoreListing,
  type ScoreResort,
  scoreListings,
  spreadOf,
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

describe("quantile and spread", () => {
  it("interpolates quartiles and takes the interquartile range", () => {
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([108, 110, 120, 130], 0.25)).toBe(109.5);
    expect(quantile([108, 110, 120, 130], 0.75)).toBe(122.5);
    expect(quantile([], 0.5)).toBeNull();
    expect(spreadOf([108, 110, 120, 130])).toBe(13);
  });
  it("is never narrower than a share of the median", () => {
    expect(spreadOf([100, 100, 100, 101])).toBeCloseTo(100 * MIN_SPREAD_SHARE);
    expect(spreadOf([])).toBeNull();
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
    // $12 below the median of $120; the resort's spread (interquartile range of 108, 110, 120, 130) is $13:
    // 50 + 25 x 12/13 = 73
    const c = scoreListings([...base, cheap], [AKV], NOW).get(cheap.id);
    expect(c?.spread).toBe(13_00);
    expect(c?.score).toBe(73);
    expect(scoreListings([...base, dear], [AKV], NOW).get(dear.id)?.score).toBe(27);
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

  it("treats unknown dues as unknown: no $0, no score, out of the market comparison", () => {
    const vb = [1, 2, 3, 4].map((i) =>
      listing({ resortId: 2, pricePerPointCents: 60_00 + i * 100, currYearPoints: 0 }),
    );
    const plainVb = listing({ resortId: 2, pricePerPointCents: 40_00 });
    const all = [...vb, plainVb];
    const scores = scoreListings(all, [VB], NOW);
    const r = scores.get(vb[0].id);
    expect(r?.inputs.duesPerPointCents).toBeNull();
    expect(r?.inputs.duesKnown).toBe(false);
    // Stripped: its actual value depends on the dues, so it is not known (before: $61.00, the dues counted as $0).
    expect(r?.inputs.actualValuePerPointCents).toBeNull();
    expect(r?.inputs.annualisedCostCents).toBeNull();
    // The cheapest listing scored "Great value" on a $0 guess before; now no listing there is scored.
    for (const l of all) expect(scores.get(l.id)?.score).toBeNull();
    expect(r?.factors[0].label).toMatch(/dues for the year are not known yet/);
    expect(r?.factors.some((f) => f.label.includes("$0"))).toBe(false);
    // A listing with no banked or missing points: its actual value is its price, dues or not.
    expect(scores.get(plainVb.id)?.inputs.actualValuePerPointCents).toBe(40_00);
    // Listings elsewhere are not compared with them on the market basis.
    const akv = [listing({ pricePerPointCents: 100_00 }), listing({ pricePerPointCents: 110_00 })];
    const withVb = scoreListings([...akv, ...all], [AKV, VB], NOW).get(akv[0].id);
    const without = scoreListings(akv, [AKV], NOW).get(akv[0].id);
    expect(withVb?.comparableCount).toBe(without?.comparableCount);
    // Plain listings at such a resort are compared with one another on their prices, and say why.
    const plains = [1, 2, 3, 4].map((i) => listing({ resortId: 2, pricePerPointCents: 60_00 + i * 100 }));
    const p = scoreListings(plains, [VB], NOW).get(plains[0].id);
    expect(p?.basis).toBe("resort");
    expect(p?.score).toBeGreaterThan(50);
    expect(p?.factors[0].label).toMatch(/not known yet: compared only with listings there/);
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

describe("the scale discriminates (issue 13)", () => {
  it("scales by each resort's own spread: the same 10% off is a better deal where prices agree", () => {
    const tight = [118, 119, 120, 120, 121, 122].map((p) => listing({ resortId: 1, pricePerPointCents: p * 100 }));
    const loose = [90, 100, 110, 130, 140, 150].map((p) => listing({ resortId: 3, pricePerPointCents: p * 100 }));
    const a = listing({ resortId: 1, pricePerPointCents: 108_00 });
    const b = listing({ resortId: 3, pricePerPointCents: 108_00 });
    const scores = scoreListings([...tight, ...loose, a, b], [AKV, CFW], NOW);
    // $12 below a median of $120 both: the tight resort's spread is its floor, 6% of $120 = $7.20 (50 + 25 x 12/7.2);
    // the loose one's is $31 (50 + 25 x 12/31).
    expect(scores.get(a.id)?.score).toBe(92);
    expect(scores.get(b.id)?.score).toBe(60);
  });

  /** The demo's market, as the seed makes it: 300 listings over 17 resorts, with their dues and end years. */
  function demoMarket() {
    const resorts: ScoreResort[] = RESORTS.filter((r) => !r.isInterval).map((r, i) => ({
      id: i + 1,
      code: r.code,
      contractEndYear: r.contractEndYear,
      duesPerPointCents: r.dues === null ? null : Math.round(r.dues * 100),
    }));
    const rand = mulberry32(20261122);
    const active: ScoreListing[] = [];
    for (let i = 0; i < 300; i++) {
      const resort = resorts[i % resorts.length];
      const d = drawDemoListing(rand, RESALE_PRICE_PER_POINT[resort.code ?? ""] ?? 120);
      const kind = demoListingKind(i);
      if (kind.isTest || kind.isPending || kind.isDeactivated) continue;
      active.push({
        id: i + 1,
        resortId: resort.id,
        contractPoints: d.points,
        pricePerPointCents: d.pricePerPoint * 100,
        prevYearPoints: d.prevYearPoints,
        currYearPoints: d.currYearPoints,
      });
    }
    return { active, resorts };
  }

  it("spreads the demo market's scores over the scale, with few at either end and a rare Great value", () => {
    const { active, resorts } = demoMarket();
    const scores = [...scoreListings(active, resorts, NOW).values()]
      .map((x) => x.score)
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    // 274 listings; the 41 with banked or missing points at the resorts without dues are not scored (issue 27).
    expect(scores.length).toBe(233);
    const q = (p: number) => quantile(scores, p) ?? Number.NaN;
    // Measured: min 0, quartiles 36 / 50 / 66, max 100; 3 at 100 and 5 at 0 (the fixed 2.5-points-per-1% scale
    // it replaced: 36 / 50 / 69, 3 at 100, 12 at 0, and 66 "Great value" listings, all of page 1).
    expect(q(0.5)).toBeGreaterThanOrEqual(45);
    expect(q(0.5)).toBeLessThanOrEqual(55);
    expect(q(0.75) - q(0.25)).toBeGreaterThanOrEqual(20);
    expect(scores.filter((s) => s === 100).length / scores.length).toBeLessThan(0.02);
    expect(scores.filter((s) => s === 0).length / scores.length).toBeLessThan(0.03);
    // Every band is used; "Great value" is the cheapest few, not a quarter of the market.
    const share = (label: string) => scores.filter((s) => scoreBand(s).label === label).length / scores.length;
    for (const band of SCORE_BANDS) expect(share(band.label), band.label).toBeGreaterThan(0.03);
    expect(share("Great value")).toBeLessThan(0.12);
    // The first page of the best scores (60 listings) is not one label.
    const page1 = scores.slice(-60).map((s) => formatScore(s).split(", ")[1]);
    expect(new Set(page1).size).toBeGreaterThan(1);
    // Few ties: the 60 best take at least 20 different scores (24 measured).
    expect(new Set(scores.slice(-60)).size).toBeGreaterThanOrEqual(20);
  });
});
