import { describe, expect, it } from "vitest";
import { availablePoints } from "./available-points";

const day = (s: string) => new Date(`${s}T12:00:00Z`);

describe("availablePoints", () => {
  it("a February use year in May: banked until January 31, current bankable until September 30, next borrowable", () => {
    const a = availablePoints(
      { useMonth: 2, prevYearPoints: 40, currYearPoints: 160, nextYearPoints: 160 },
      day("2026-05-10"),
    );
    expect(a.useYear).toEqual({ year: 2026, start: "2026-02-01", end: "2027-01-31" });
    expect(a.banked).toEqual({ points: 40, usableUntil: "2027-01-31" });
    expect(a.current).toEqual({
      points: 160,
      usableUntil: "2027-01-31",
      bankBy: "2026-09-30",
      canBank: true,
      bankedUsableUntil: "2028-01-31",
    });
    expect(a.next).toEqual({ points: 160, arrives: "2027-02-01", usableUntil: "2028-01-31" });
    expect(a.bookableNow).toBe(360);
    expect(a.withoutBorrowing).toBe(200);
  });

  it("a December use year: the use year that started last December runs to November 30; banking closes July 31", () => {
    const a = availablePoints(
      { useMonth: 12, prevYearPoints: 0, currYearPoints: 100, nextYearPoints: 100 },
      day("2026-08-01"),
    );
    expect(a.useYear).toEqual({ year: 2025, start: "2025-12-01", end: "2026-11-30" });
    expect(a.current.bankBy).toBe("2026-07-31");
    expect(a.current.canBank).toBe(false);
    // On the deadline itself banking is still open.
    expect(
      availablePoints({ useMonth: 12, prevYearPoints: 0, currYearPoints: 100, nextYearPoints: 0 }, day("2026-07-31"))
        .current.canBank,
    ).toBe(true);
  });

  it("a stripped contract: missing or negative points count as none", () => {
    const a = availablePoints(
      { useMonth: 9, prevYearPoints: null, currYearPoints: -5, nextYearPoints: 150 },
      day("2026-09-01"),
    );
    expect(a.useYear.start).toBe("2026-09-01");
    expect([a.banked.points, a.current.points, a.bookableNow]).toEqual([0, 0, 150]);
  });
});
