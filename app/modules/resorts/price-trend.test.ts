import { describe, expect, it } from "vitest";
import { lastMonths, monthLabel, priceTrend, trendChange } from "./price-trend";

describe("lastMonths", () => {
  it("ends with the current Eastern month and crosses the year", () => {
    expect(lastMonths(new Date("2026-02-10T12:00:00Z"), 4)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
  it("reads the month in US Eastern time (Dec 1, 03:00 UTC is still November there)", () => {
    expect(lastMonths(new Date("2026-12-01T03:00:00Z"), 1)).toEqual(["2026-11"]);
  });
});

describe("priceTrend", () => {
  it("puts each month's figures in place and leaves empty months without a figure", () => {
    const trend = priceTrend(
      ["2026-09", "2026-10", "2026-11"],
      [
        { month: "2026-09", medianCents: 140_00, count: 3 },
        { month: "2026-11", medianCents: 150_00, count: 2 },
      ],
      [{ month: "2026-10", medianCents: 132_50, count: 1 }],
    );
    expect(trend).toEqual([
      { month: "2026-09", askingCents: 140_00, askingCount: 3, soldCents: null, soldCount: 0 },
      { month: "2026-10", askingCents: null, askingCount: 0, soldCents: 132_50, soldCount: 1 },
      { month: "2026-11", askingCents: 150_00, askingCount: 2, soldCents: null, soldCount: 0 },
    ]);
  });
});

describe("trendChange", () => {
  it("compares the first and last known months: $140 to $150 is +7.1%", () => {
    expect(trendChange([null, 140_00, null, 150_00])).toBe(7.1);
  });
  it("has no change with fewer than two figures", () => {
    expect(trendChange([null, 140_00])).toBeNull();
  });
});

it("labels a month", () => {
  expect(monthLabel("2026-03")).toBe("Mar 2026");
});
