import { describe, expect, it } from "vitest";
import { availabilityColumns, currentUseYear } from "./availability";

const listing = {
  useMonth: 6,
  pricePerPointCents: 12_000,
  prevYearPoints: 40,
  currYearPoints: 150,
  nextYearPoints: 150,
};

describe("currentUseYear", () => {
  it("starts on the first of the use-year month", () => {
    expect(currentUseYear(6, new Date("2026-05-31T12:00:00Z"))).toBe(2025);
    expect(currentUseYear(6, new Date("2026-06-01T12:00:00Z"))).toBe(2026);
  });
  it("names a December use year by the year it started", () => {
    expect(currentUseYear(12, new Date("2026-11-30T12:00:00Z"))).toBe(2025);
    expect(currentUseYear(12, new Date("2026-12-01T12:00:00Z"))).toBe(2026);
  });
});

describe("availabilityColumns", () => {
  const asOf = new Date("2026-07-15T12:00:00Z");

  it("gives previous, current and next use year with total = points x price per point", () => {
    expect(availabilityColumns(listing, asOf)).toEqual([
      { key: "prev", label: "Previous", year: 2025, points: 40, totalCents: 480_000 },
      { key: "curr", label: "Current", year: 2026, points: 150, totalCents: 1_800_000 },
      { key: "next", label: "Next", year: 2027, points: 150, totalCents: 1_800_000 },
    ]);
  });

  it("counts missing yearly points as 0", () => {
    const cols = availabilityColumns(
      { ...listing, prevYearPoints: null, currYearPoints: undefined, nextYearPoints: Number.NaN },
      asOf,
    );
    expect(cols.map((c) => [c.points, c.totalCents])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("never shows negative points", () => {
    expect(availabilityColumns({ ...listing, prevYearPoints: -5 }, asOf)[0].points).toBe(0);
  });
});
