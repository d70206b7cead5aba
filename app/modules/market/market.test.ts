import { describe, expect, it } from "vitest";
import {
  demoHistory,
  lastMonths,
  type MonthlyRow,
  marketMonths,
  monthStart,
  rofrExercisedRate,
  seriesCsv,
  seriesRecords,
} from "./market";

describe("rofrExercisedRate", () => {
  it("is the developer's share of the answers, one decimal", () => {
    expect(rofrExercisedRate(27, 3)).toBe(10);
    expect(rofrExercisedRate(20, 1)).toBe(4.8);
    expect(rofrExercisedRate(0, 0)).toBeNull();
  });
});

describe("months", () => {
  it("names a month by its first day (UTC) and lists the last n, oldest first", () => {
    expect(monthStart(new Date("2026-03-31T23:59:00Z"))).toBe("2026-03-01");
    expect(lastMonths(new Date("2026-02-10T00:00:00Z"), 3)).toEqual(["2025-12-01", "2026-01-01", "2026-02-01"]);
  });
});

const row = (over: Partial<MonthlyRow>): MonthlyRow => ({
  resortId: 1,
  month: "2026-01-01",
  listedCount: 0,
  askingMedianCents: null,
  soldCount: 0,
  soldPoints: 0,
  soldMedianCents: null,
  medianDaysOnMarket: null,
  rofrWaived: 0,
  rofrExercised: 0,
  averageCents: null,
  correctedAverageCents: null,
  isDemo: false,
  ...over,
});

describe("marketMonths", () => {
  it("adds counts across resorts and weights their medians by count; a correction replaces the average", () => {
    const months = marketMonths([
      row({
        resortId: 1,
        soldCount: 3,
        soldMedianCents: 10000,
        soldPoints: 450,
        rofrWaived: 3,
        medianDaysOnMarket: 30,
        averageCents: 10000,
        listedCount: 1,
      }),
      row({
        resortId: 2,
        soldCount: 1,
        soldMedianCents: 14000,
        soldPoints: 100,
        rofrExercised: 1,
        medianDaysOnMarket: 70,
        averageCents: 14000,
        correctedAverageCents: 15000,
        listedCount: 3,
      }),
      row({ resortId: 1, month: "2025-12-01", isDemo: true, soldCount: 2, soldMedianCents: 9000 }),
    ]);
    expect(months.map((m) => m.month)).toEqual(["2025-12-01", "2026-01-01"]);
    const jan = months[1];
    expect(jan.soldMedianCents).toBe(11000); // (3 × 100 + 1 × 140) / 4
    expect(jan.soldCount).toBe(4);
    expect(jan.soldPoints).toBe(550);
    expect(jan.medianDaysOnMarket).toBe(40); // (3 × 30 + 70) / 4
    expect(jan.rofrExercisedRate).toBe(25);
    expect(jan.averageCents).toBe(12500); // (4 × 100 + 4 × 150) / 8, resort 2 corrected to 150
    expect(jan.averageCorrected).toBe(true);
    expect(months[0].isDemo).toBe(true);
  });
});

describe("series CSV and JSON", () => {
  it("hold the same numbers", () => {
    const months = marketMonths([
      row({
        soldCount: 2,
        soldMedianCents: 12345,
        askingMedianCents: 13000,
        listedCount: 2,
        averageCents: 12700,
        rofrWaived: 2,
      }),
    ]);
    const records = seriesRecords("prices", months);
    expect(records).toEqual([
      {
        month: "2026-01",
        asking_median_usd: 130,
        sold_median_usd: 123.45,
        average_usd: 127,
        average_corrected: false,
        demo: false,
      },
    ]);
    expect(seriesCsv("prices", months)).toBe(
      "month,asking_median_usd,sold_median_usd,average_usd,average_corrected,demo\n2026-01,130,123.45,127,false,false\n",
    );
    expect(seriesCsv("rofr", months)).toBe("month,waived,exercised,exercised_rate_percent,demo\n2026-01,2,0,0,false\n");
  });
});

describe("demoHistory", () => {
  it("is plausible: around the resort's resale price, buy-backs under 15%, asking above sold", () => {
    const months = lastMonths(new Date("2026-12-01T00:00:00Z"), 24);
    const h = demoHistory(118, months, 7);
    expect(h).toHaveLength(24);
    expect(demoHistory(118, months, 7)).toEqual(h); // seeded: the same every time
    for (const m of h) {
      expect(m.soldMedianCents).toBeGreaterThan(118 * 100 * 0.85);
      expect(m.soldMedianCents).toBeLessThan(118 * 100 * 1.05);
      expect(m.askingMedianCents ?? 0).toBeGreaterThan(m.soldMedianCents ?? 0);
    }
    const exercised = h.reduce((n, m) => n + m.rofrExercised, 0);
    const all = h.reduce((n, m) => n + m.soldCount, 0);
    expect(exercised / all).toBeLessThan(0.15);
  });
});
