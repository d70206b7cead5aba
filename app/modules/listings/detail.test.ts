import { describe, expect, it } from "vitest";
import {
  annualDuesCents,
  closingDuesEstimates,
  contractTerm,
  duesAtClosingCents,
  jsonLdText,
  listingTitle,
  niceTicks,
  rankSimilar,
  useYearDates,
} from "./detail";

describe("annual dues", () => {
  it("is contract points x dues per point, or null without dues on record", () => {
    expect(annualDuesCents(150, 824)).toBe(123_600);
    expect(annualDuesCents(150, null)).toBeNull();
  });
});

describe("dues at closing", () => {
  const annual = 120_000; // $1,200 a year: $100 a month
  it.each([
    [1, 110_000],
    [2, 100_000],
    [6, 60_000],
    [11, 10_000],
    [12, 0],
  ])("closing in month %i repays the months left after it", (month, cents) => {
    expect(duesAtClosingCents(annual, month)).toBe(cents);
  });

  it("rounds to whole cents", () => {
    expect(duesAtClosingCents(123_600, 5)).toBe(72_100);
    expect(duesAtClosingCents(100, 7)).toBe(42); // 41.67 -> 42
  });

  it("refuses a month outside 1-12", () => {
    expect(() => duesAtClosingCents(annual, 0)).toThrow(RangeError);
    expect(() => duesAtClosingCents(annual, 13)).toThrow(RangeError);
  });

  it("lists each month a sale agreed today may close in (60-90 days), across the new year", () => {
    const est = closingDuesEstimates(annual, new Date("2026-11-22T12:00:00Z"));
    expect(est.map((e) => e.label)).toEqual(["January 2027", "February 2027"]);
    expect(est.map((e) => e.cents)).toEqual([110_000, 100_000]);
    expect(est[0].monthsLeft).toBe(11);
  });

  it("covers three months when the window spans them", () => {
    const est = closingDuesEstimates(annual, new Date("2026-03-31T00:00:00Z")); // May 30 - Jun 29
    expect(est.map((e) => e.month)).toEqual([5, 6]);
    const est2 = closingDuesEstimates(annual, new Date("2026-01-31T00:00:00Z")); // Apr 1 - May 1
    expect(est2.map((e) => e.month)).toEqual([4, 5]);
  });
});

describe("contract term", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("ends on January 31 of the end year with whole years left", () => {
    const t = contractTerm({ code: "AKV", name: "Animal Kingdom Villas", contractEndYear: 2057 }, now);
    expect(t.endDate).toBe("2057-01-31");
    expect(t.yearsLeft).toBe(30); // Nov 2026 -> Jan 2057: 30 whole years
    expect(t.extended).toBeNull();
    expect(t.source).toBeNull();
  });

  it("gives the extended end for Old Key West, and the end year's source but never the admin's verification flag", () => {
    const okw = contractTerm({ code: "OKW", name: "Old Key West", contractEndYear: 2042, extendedEndYear: 2057 }, now);
    expect(okw.yearsLeft).toBe(15);
    expect(okw.extended).toEqual({ endDate: "2057-01-31", endYear: 2057, yearsLeft: 30 });
    const vgc = contractTerm(
      {
        code: "VGC",
        name: "Villas at Grand Californian",
        contractEndYear: 2060,
        endYearUnverified: true,
        endYearSource: " Resale brokers' published end dates ",
      },
      now,
    );
    expect(vgc.source).toBe("Resale brokers' published end dates");
    expect(Object.keys(vgc)).not.toContain("unverified");
  });

  it("counts a year only once its anniversary has passed, and never below 0", () => {
    const r = { code: "BWV", name: "BoardWalk Villas", contractEndYear: 2042 };
    expect(contractTerm(r, new Date("2041-01-30T00:00:00Z")).yearsLeft).toBe(1);
    expect(contractTerm(r, new Date("2041-02-01T00:00:00Z")).yearsLeft).toBe(0);
    expect(contractTerm(r, new Date("2050-01-01T00:00:00Z")).yearsLeft).toBe(0);
  });

  it("has no end for the interval-resorts entry", () => {
    const t = contractTerm({ code: "INT", name: "Interval resorts", contractEndYear: null }, now);
    expect(t).toMatchObject({ endDate: null, yearsLeft: null });
  });
});

describe("use-year dates", () => {
  it("runs from the 1st of the use month to the end of the month before, a year later", () => {
    expect(useYearDates(12, 2025)).toEqual({ start: "2025-12-01", end: "2026-11-30" });
    expect(useYearDates(2, 2027)).toEqual({ start: "2027-02-01", end: "2028-01-31" });
    expect(useYearDates(3, 2027)).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });
});

describe("similar listings", () => {
  const target = { id: 1, contractPoints: 150, pricePerPointCents: 120_00 };
  const c = (id: number, contractPoints: number, dollars: number) => ({
    id,
    contractPoints,
    pricePerPointCents: dollars * 100,
  });

  it("ranks by relative distance in points and price, leaves the listing itself out, keeps at most 4", () => {
    const candidates = [
      c(1, 150, 120), // itself
      c(2, 300, 120), // +100% points
      c(3, 160, 121), // +6.7% pts +0.8% price
      c(4, 150, 132), // +10% price
      c(5, 135, 120), // -10% points
      c(6, 150, 150), // +25% price
      c(7, 100, 80),
    ];
    expect(rankSimilar(target, candidates).map((x) => x.id)).toEqual([3, 4, 5, 6]);
  });

  it("breaks ties by the lower id and honours the limit", () => {
    const candidates = [c(9, 165, 120), c(8, 135, 120), c(10, 150, 108)];
    expect(rankSimilar(target, candidates, 2).map((x) => x.id)).toEqual([8, 9]);
    expect(rankSimilar(target, [], 4)).toEqual([]);
  });
});

describe("page text", () => {
  it("names a listing by points, resort and use year", () => {
    expect(listingTitle({ contractPoints: 150, resortName: "Animal Kingdom Villas", useMonth: 6 })).toBe(
      "150 points at Animal Kingdom Villas, Jun use year",
    );
  });

  it("escapes < in JSON-LD so a value cannot close the script", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });

  it("makes round axis ticks covering the range", () => {
    expect(niceTicks(103, 187, 5)).toEqual([100, 120, 140, 160, 180, 200]);
    const single = niceTicks(150, 150);
    expect(single[0]).toBeLessThanOrEqual(150);
    expect(single.at(-1)).toBeGreaterThanOrEqual(150);
  });
});
