import { describe, expect, it } from "vitest";
import {
  contractSizeFor,
  isWeekendNight,
  listingPointsRange,
  nightsOf,
  priceStay,
  type SeasonPoints,
  type SeasonRange,
} from "./point-calculator";

// A Villas at Grand Californian studio (DOMAIN.md: 17 points on a September Tuesday, 37 on the Saturday after
// Thanksgiving). Seasons 1 Adventure, 5 Premier; 2026 and the start of 2027.
const ranges: SeasonRange[] = [
  { seasonId: 1, seasonName: "Adventure", startDate: "2026-09-01", endDate: "2026-11-20" },
  { seasonId: 5, seasonName: "Premier", startDate: "2026-11-21", endDate: "2026-12-31" },
  { seasonId: 1, seasonName: "Adventure", startDate: "2027-01-01", endDate: "2027-01-31" },
];
const studio: SeasonPoints[] = [
  { seasonId: 1, chartYear: 2026, weekdayPoints: 17, weekendPoints: 22 },
  { seasonId: 5, chartYear: 2026, weekdayPoints: 29, weekendPoints: 37 },
  { seasonId: 1, chartYear: 2027, weekdayPoints: 18, weekendPoints: 23 },
];

describe("priceStay", () => {
  it("prices DOMAIN.md's example nights: 17 on a September Tuesday, 37 on the Saturday after Thanksgiving", () => {
    const tue = priceStay({ checkIn: "2026-09-15", checkOut: "2026-09-16", ranges, points: studio });
    expect(tue).toMatchObject({ ok: true, total: 17, nights: [{ weekday: "Tuesday", seasonName: "Adventure" }] });
    const sat = priceStay({ checkIn: "2026-11-28", checkOut: "2026-11-29", ranges, points: studio });
    expect(sat).toMatchObject({ ok: true, total: 37, nights: [{ weekday: "Saturday", weekend: true }] });
  });

  it("prices a stay across a season boundary night by night", () => {
    // Thu 19 Nov (Adventure weekday 17), Fri 20 (Adventure weekend 22), Sat 21 (Premier weekend 37), Sun 22 (Premier 29)
    const r = priceStay({ checkIn: "2026-11-19", checkOut: "2026-11-23", ranges, points: studio });
    if (!r.ok) throw new Error(r.error);
    expect(r.nights.map((n) => [n.date, n.seasonName, n.points])).toEqual([
      ["2026-11-19", "Adventure", 17],
      ["2026-11-20", "Adventure", 22],
      ["2026-11-21", "Premier", 37],
      ["2026-11-22", "Premier", 29],
    ]);
    expect(r.total).toBe(105);
  });

  it("prices a stay across New Year with each year's chart", () => {
    // Wed 30 Dec, Thu 31 Dec (Premier 2026 weekday 29 each), Fri 1 Jan 2027 (Adventure 2027 weekend 23)
    const r = priceStay({ checkIn: "2026-12-30", checkOut: "2027-01-02", ranges, points: studio });
    expect(r).toMatchObject({ ok: true, total: 29 + 29 + 23, chartYears: [2026, 2027] });
  });

  it("refuses a stay with a night no chart covers, naming the night", () => {
    const r = priceStay({ checkIn: "2027-01-30", checkOut: "2027-02-02", ranges, points: studio });
    expect(r).toEqual({
      ok: false,
      error: "There is no point chart for the night of Monday, February 1, 2027 at this resort yet.",
    });
  });

  it("refuses a season with no points for the room in that year", () => {
    const r = priceStay({ checkIn: "2027-01-05", checkOut: "2027-01-06", ranges, points: studio.slice(0, 2) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain("The 2027 chart has no points");
  });
});

describe("nightsOf", () => {
  it("counts the nights from check-in to the day before check-out", () => {
    expect(nightsOf("2026-02-27", "2026-03-02")).toEqual({
      ok: true,
      dates: ["2026-02-27", "2026-02-28", "2026-03-01"],
    });
  });
  it("refuses a check-out on or before check-in, bad dates and more than 30 nights", () => {
    expect(nightsOf("2026-05-02", "2026-05-02")).toMatchObject({ ok: false, error: expect.stringContaining("after") });
    expect(nightsOf("2026-02-30", "2026-03-02")).toMatchObject({
      ok: false,
      error: expect.stringContaining("check-in"),
    });
    expect(nightsOf("2026-05-01", "2026-06-01")).toMatchObject({
      ok: false,
      error: expect.stringContaining("30 nights"),
    });
    expect(nightsOf("2026-05-01", "2026-05-31")).toMatchObject({ ok: true });
  });
});

describe("isWeekendNight", () => {
  it("takes Friday and Saturday nights as the weekend", () => {
    expect(["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-03"].map(isWeekendNight)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("contractSizeFor", () => {
  it("rounds a stay's points up to the next 25-point contract", () => {
    expect(contractSizeFor(105)).toBe(125);
    expect(contractSizeFor(150)).toBe(150);
    expect(contractSizeFor(151)).toBe(175);
    expect(contractSizeFor(17)).toBe(25);
  });
  it("searches listings from 75% to 150% of that size", () => {
    expect(listingPointsRange(125)).toEqual({ min: 75, max: 200 });
    expect(listingPointsRange(25)).toEqual({ min: 25, max: 50 });
  });
});
