import { describe, expect, it } from "vitest";
import {
  annualisedCost,
  assumedGrowth,
  compareContract,
  planDues,
  averageGrowth,
  duesProration,
  median,
  monthsLeftAfter,
  projectDues,
  totalCost,
  yearsLeft,
} from "./dues-prices";

describe("dues proration (DOMAIN.md: months left / 12 x dues)", () => {
  it("150 points at $8.58 with 8 months left: $1,287 a year, the buyer reimburses $858", () => {
    expect(duesProration({ points: 150, duesPerPointCents: 858, monthsLeft: 8 })).toEqual({
      annualCents: 128_700,
      reimburseCents: 85_800,
    });
  });
  it("rounds to the cent: 160 points at $10.31 with 5 months left", () => {
    // 160 x 10.31 = 1,649.60; x 5 / 12 = 687.333...
    expect(duesProration({ points: 160, duesPerPointCents: 1031, monthsLeft: 5 }).reimburseCents).toBe(68_733);
  });
  it("a May closing leaves 7 months; a December closing none", () => {
    expect(monthsLeftAfter(5)).toBe(7);
    expect(monthsLeftAfter(12)).toBe(0);
  });
});

describe("average growth on record", () => {
  it("AKV 2022 $8.24 to 2026 $9.64 is about 4% a year", () => {
    const g = averageGrowth([
      { year: 2026, duesPerPointCents: 964 },
      { year: 2022, duesPerPointCents: 824 },
    ]);
    expect(g).toBeCloseTo(0.04, 3);
  });
  it("is null with one year on record", () => {
    expect(averageGrowth([{ year: 2022, duesPerPointCents: 824 }])).toBeNull();
  });
});

describe("dues projection with growth", () => {
  it("100 points from $10.00 in 2026 at 4% to a contract ending in 2029: 2026, 2027, 2028", () => {
    const p = projectDues({
      points: 100,
      baseYear: 2026,
      basePerPointCents: 1000,
      growth: 0.04,
      fromYear: 2026,
      endYear: 2029,
    });
    expect(p.years).toEqual([
      { year: 2026, perPointCents: 1000, totalCents: 100_000 },
      { year: 2027, perPointCents: 1040, totalCents: 104_000 },
      { year: 2028, perPointCents: 1082, totalCents: 108_200 }, // $10.816 billed as $10.82 a point
    ]);
    expect(p.totalCents).toBe(312_200);
  });
  it("grows from an older base year and has no years past the end", () => {
    const p = projectDues({
      points: 1,
      baseYear: 2022,
      basePerPointCents: 881,
      growth: 0.04,
      fromYear: 2026,
      endYear: 2026,
    });
    expect(p).toEqual({ years: [], totalCents: 0 });
    const q = projectDues({
      ...{ points: 1, baseYear: 2022, basePerPointCents: 881, growth: 0.04 },
      fromYear: 2026,
      endYear: 2027,
    });
    expect(q.years[0].perPointCents).toBe(1031); // 8.81 x 1.04^4 = 10.306
  });
});

describe("total cost", () => {
  it("150 points at $118 plus $30,000 of dues is $47,700", () => {
    expect(totalCost({ points: 150, pricePerPointCents: 11_800, duesTotalCents: 3_000_000 })).toEqual({
      purchaseCents: 1_770_000,
      duesCents: 3_000_000,
      closingCents: 0,
      totalCents: 4_770_000,
    });
  });
});

describe("annualised cost (DOMAIN.md: $/pt / years left + dues per point)", () => {
  it("OKW at $112 with 16 years left and $10.31 dues: $17.31 a point a year", () => {
    expect(annualisedCost({ pricePerPointCents: 11_200, yearsLeft: 16, duesPerPointCents: 1031 })).toBe(1731);
  });
  it("is null with no years left", () => {
    expect(annualisedCost({ pricePerPointCents: 11_200, yearsLeft: 0, duesPerPointCents: 1031 })).toBeNull();
  });
  it("years left count from this year to the end year", () => {
    expect(yearsLeft(2042, 2026)).toBe(16);
    expect(yearsLeft(2020, 2026)).toBe(0);
  });
});

describe("median", () => {
  it("middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3); // (2 + 3) / 2 = 2.5, rounded
    expect(median([])).toBeNull();
  });
});

describe("the dues plan of a contract", () => {
  it("150 AKV points from $9.64 in 2026 at 4% to 2029, closing in May: 7 months of 2026 reimbursed", () => {
    const plan = planDues({
      points: 150,
      latest: { year: 2026, perPointCents: 964 },
      growth: 0.04,
      currentYear: 2026,
      endYear: 2029,
      closingMonth: 5,
    });
    // 2026: 9.64 x 150 = 1,446; 2027: 10.03 x 150 = 1,504.50; 2028: 10.43 x 150 = 1,564.50
    expect(plan.years.map((y) => y.totalCents)).toEqual([144_600, 150_450, 156_450]);
    expect(plan.totalCents).toBe(451_500);
    // 1,446 x 7 / 12 = 843.50
    expect(plan.proration).toEqual({ monthsLeft: 7, annualCents: 144_600, reimburseCents: 84_350 });
  });
  it("assumes the asked growth, else the average on record, else 4%", () => {
    expect(assumedGrowth(3.5, 0.05)).toEqual({ growth: 0.035, from: "asked" });
    expect(assumedGrowth(null, 0.04012)).toEqual({ growth: 0.04, from: "record" });
    expect(assumedGrowth(null, null)).toEqual({ growth: 0.04, from: "default" });
  });
});

describe("resale against direct over a contract's years", () => {
  it("100 AKV points at $118 resale and $186 direct, $10.00 dues at 4%, 2026-2028: saves $6,800", () => {
    const c = compareContract({
      points: 100,
      resaleCents: 11_800,
      directCents: 18_600,
      latest: { year: 2026, perPointCents: 1000 },
      growth: 0.04,
      currentYear: 2026,
      endYear: 2029,
    });
    expect(c.dues.totalCents).toBe(312_200); // 1,000 + 1,040 + 1,082 (see the projection above)
    expect(c.resale.totalCents).toBe(1_180_000 + 312_200);
    expect(c.direct.totalCents).toBe(1_860_000 + 312_200);
    expect(c.savingCents).toBe(680_000);
  });
  it("counts the resale buyer's closing costs in the resale total and takes them off the saving", () => {
    const c = compareContract({
      points: 100,
      resaleCents: 11_800,
      directCents: 18_600,
      latest: { year: 2026, perPointCents: 1000 },
      growth: 0.04,
      currentYear: 2026,
      endYear: 2029,
      resaleClosingCents: 68_100, // a title company's estimate of $681
    });
    expect(c.resale.closingCents).toBe(68_100);
    expect(c.resale.totalCents).toBe(1_180_000 + 312_200 + 68_100);
    expect(c.direct.closingCents).toBe(0);
    expect(c.savingCents).toBe(680_000 - 68_100);
  });
});
