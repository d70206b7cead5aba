import { describe, expect, it } from "vitest";
import { demoPoints, demoSeasonCalendar, thanksgiving } from "~/db/seed/point-charts-demo";
import { shiftToNextYear } from "./season-calendar";

describe("shiftToNextYear", () => {
  it("keeps the day and month, and the leap day covered", () => {
    expect(shiftToNextYear("2026-09-01", "start")).toBe("2027-09-01");
    expect(shiftToNextYear("2027-02-28", "end")).toBe("2028-02-29");
    expect(shiftToNextYear("2028-02-29", "end")).toBe("2029-02-28");
    expect(shiftToNextYear("2028-02-29", "start")).toBe("2029-03-01");
  });
});

describe("the demo chart", () => {
  it("covers every day of a year exactly once", () => {
    for (const year of [2026, 2027, 2028]) {
      const ranges = demoSeasonCalendar(year);
      let day = new Date(Date.UTC(year, 0, 1));
      for (const r of ranges) {
        expect(r.startDate).toBe(day.toISOString().slice(0, 10));
        day = new Date(Date.parse(`${r.endDate}T00:00:00Z`) + 86_400_000);
      }
      expect(day.toISOString().slice(0, 10)).toBe(`${year + 1}-01-01`);
    }
  });

  it("holds DOMAIN.md's example: a VGC studio is 17 points on a September Tuesday, 37 on the Saturday after Thanksgiving", () => {
    expect(thanksgiving(2026)).toBe(26);
    const sept = demoSeasonCalendar(2026).find((r) => r.startDate <= "2026-09-15" && "2026-09-15" <= r.endDate);
    const sat = demoSeasonCalendar(2026).find((r) => r.startDate <= "2026-11-28" && "2026-11-28" <= r.endDate);
    expect(demoPoints(17, "deluxe-studio", "standard", sept?.season ?? "adventure").weekday).toBe(17);
    expect(demoPoints(17, "deluxe-studio", "standard", sat?.season ?? "adventure").weekend).toBe(37);
    expect(demoPoints(17, "three-bedroom-grand-villa", "standard", "premier").weekend).toBeGreaterThan(250);
  });
});
