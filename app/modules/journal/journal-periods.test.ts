import { describe, expect, it } from "vitest";
import { easternMidnight, journalPeriodRange } from "./journal-periods";

describe("journal periods in America/New_York", () => {
  it("finds Eastern midnight in winter and in summer", () => {
    expect(easternMidnight(2026, 1, 15).toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(easternMidnight(2026, 7, 4).toISOString()).toBe("2026-07-04T04:00:00.000Z");
    // Day 0 of March is the last day of February; month 0 is December of the year before.
    expect(easternMidnight(2026, 3, 0).toISOString()).toBe("2026-02-28T05:00:00.000Z");
    expect(easternMidnight(2026, 0, 1).toISOString()).toBe("2025-12-01T05:00:00.000Z");
  });

  it("uses the Eastern day, not the UTC day, near midnight", () => {
    // 02:30 UTC on Nov 1 is still Oct 31 in New York.
    const now = new Date("2026-11-01T02:30:00Z");
    expect(journalPeriodRange("today", now).since?.toISOString()).toBe("2026-10-31T04:00:00.000Z");
    expect(journalPeriodRange("this-month", now).since?.toISOString()).toBe("2026-10-01T04:00:00.000Z");
    const last = journalPeriodRange("last-month", now);
    expect(last.since?.toISOString()).toBe("2026-09-01T04:00:00.000Z");
    expect(last.until?.toISOString()).toBe("2026-10-01T04:00:00.000Z");
  });

  it("starts the week on Monday and 'all' has no bounds", () => {
    // Sunday Nov 22, 2026 -> Monday Nov 16.
    const now = new Date("2026-11-22T15:00:00Z");
    expect(journalPeriodRange("this-week", now).since?.toISOString()).toBe("2026-11-16T05:00:00.000Z");
    expect(journalPeriodRange("all", now)).toEqual({ since: null, until: null });
  });
});
