import { describe, expect, it } from "vitest";
import { describeWallTime, easternWallTime, parseEasternWallTime } from "./eastern-time";

describe("Eastern wall-clock times", () => {
  it("reads winter times as EST (UTC-5) and summer times as EDT (UTC-4)", () => {
    expect(parseEasternWallTime("2026-01-15T09:00")).toEqual({ ok: true, at: new Date("2026-01-15T14:00:00Z") });
    expect(parseEasternWallTime("2026-07-04 21:30")).toEqual({ ok: true, at: new Date("2026-07-05T01:30:00Z") });
  });

  it("crosses the March change: 1:59 is EST, 3:00 is EDT, 2:30 does not exist", () => {
    expect(parseEasternWallTime("2026-03-08T01:59")).toEqual({ ok: true, at: new Date("2026-03-08T06:59:00Z") });
    expect(parseEasternWallTime("2026-03-08T03:00")).toEqual({ ok: true, at: new Date("2026-03-08T07:00:00Z") });
    expect(parseEasternWallTime("2026-03-08T02:30")).toEqual({ ok: false, problem: "skipped" });
  });

  it("takes the first (daylight) 1:30 on the November change", () => {
    expect(parseEasternWallTime("2026-11-01T01:30")).toEqual({ ok: true, at: new Date("2026-11-01T05:30:00Z") });
    expect(parseEasternWallTime("2026-11-01T03:00")).toEqual({ ok: true, at: new Date("2026-11-01T08:00:00Z") });
  });

  it("refuses what is not a date and time", () => {
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-01-01T24:00", "2026-1-1T10:00", "2026-01-01"]) {
      expect(parseEasternWallTime(bad)).toEqual({ ok: false, problem: "format" });
    }
  });

  it("writes an instant back as the Eastern wall clock, round trip", () => {
    expect(easternWallTime(new Date("2026-03-08T07:00:00Z"))).toBe("2026-03-08T03:00");
    expect(easternWallTime(new Date("2026-11-01T06:30:00Z"))).toBe("2026-11-01T01:30");
    expect(easternWallTime("2026-12-31T23:59:00-05:00")).toBe("2026-12-31T23:59");
    expect(describeWallTime("2026-03-08T02:30")).toBe("March 8, 2026 at 2:30 AM");
  });
});
