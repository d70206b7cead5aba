import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import {
  addBusinessDays,
  addDays,
  type ClosedDeal,
  calendarDate,
  daysBetween,
  expectedDates,
  LONGER_PROCESS,
  medianDays,
  TYPICAL_STEPS,
} from "./deal-timeline";

const dates = (t: ReturnType<typeof expectedDates>) =>
  Object.fromEntries(t.upcoming.map((u) => [u.step, u.expectedDate]));

/** A deal closed at `resortCode` on `closedOn` with every step recorded. */
const deal = (resortCode: string, closedOn: string, d: Partial<ClosedDeal> = {}): ClosedDeal => ({
  resortCode,
  closedOn,
  acceptedToSignedDays: 2,
  acceptedToDepositDays: 4,
  depositToRofrSubmittedDays: 1,
  rofrSubmittedToAnsweredDays: 25,
  rofrWaivedToEstoppelDays: 21,
  estoppelToClosingDocsDays: 3,
  closingDocsToClosedDays: 14,
  ...d,
});

describe("calendar dates", () => {
  it("keeps an ISO date, reads an instant in America/New_York, refuses nonsense", () => {
    expect(calendarDate("2025-03-03")).toBe("2025-03-03");
    expect(calendarDate(new Date("2025-03-04T03:00:00Z"))).toBe("2025-03-03"); // 10 pm in New York
    expect(calendarDate("2025-07-01T12:00:00Z")).toBe("2025-07-01");
    expect(() => calendarDate("2025-02-29")).toThrow(AppError);
    expect(() => calendarDate("next week")).toThrow(AppError);
    expect(() => calendarDate("March 3, 2025")).toThrow(AppError);
    expect(() => calendarDate(new Date(Number.NaN))).toThrow(AppError);
  });

  it("adds calendar and business days", () => {
    expect(addDays("2025-12-20", 25)).toBe("2026-01-14");
    expect(addBusinessDays("2025-04-28", 12)).toBe("2025-05-14"); // Monday + 12 business days
    expect(addBusinessDays("2025-05-09", 1)).toBe("2025-05-12"); // Friday -> Monday
    expect(daysBetween("2025-03-03", "2025-05-14")).toBe(72);
  });

  it("takes the median in whole days, half up", () => {
    expect(medianDays([30, 20, 28, 22, 35])).toBe(28);
    expect(medianDays([20, 25])).toBe(23);
    expect(() => medianDays([])).toThrow(AppError);
  });
});

describe("expected dates from DOMAIN.md's typical ranges", () => {
  it("lays out a fresh BLT deal: ROFR answer 25 days after submission, estoppel 3 weeks, documents 72 h, recorded in 12 business days", () => {
    const t = expectedDates({ done: { accepted: "2025-03-03" }, resortCode: "BLT", history: [], today: "2025-03-03" });
    expect(t.done).toEqual([{ step: "accepted", label: "Offer accepted", date: "2025-03-03" }]);
    expect(t.current).toBe("signed");
    expect(dates(t)).toEqual({
      signed: "2025-03-05",
      deposit: "2025-03-08",
      rofrSubmitted: "2025-03-10",
      rofrAnswered: "2025-04-04",
      estoppel: "2025-04-25",
      closingDocs: "2025-04-28",
      closed: "2025-05-14",
    });
    expect(t.expectedClosing).toBe("2025-05-14");
    // 72 days from acceptance: inside DOMAIN.md's 60-90
    expect(daysBetween("2025-03-03", t.expectedClosing!)).toBe(72);
    expect(t.upcoming.every((u) => u.basis.kind === "typical" && u.basis.text === "typical ranges")).toBe(true);
    expect(t.upcoming.find((u) => u.step === "closed")).toMatchObject({ days: 12, unit: "business-days" });
  });

  it("allows longer after ROFR at Aulani (and HHI, VGC)", () => {
    expect(LONGER_PROCESS.resortCodes).toEqual(["HHI", "AUL", "VGC"]);
    const t = expectedDates({
      done: {
        accepted: "2025-02-20",
        signed: "2025-02-21",
        deposit: "2025-02-24",
        rofrSubmitted: "2025-02-25",
        rofrAnswered: "2025-04-04",
      },
      resortCode: "AUL",
      history: [],
      today: "2025-04-04",
    });
    expect(t.current).toBe("estoppel");
    expect(t.upcoming.map((u) => [u.step, u.days, u.expectedDate, u.basis.text])).toEqual([
      ["estoppel", 32, "2025-05-06", "typical ranges, allowing longer for this resort"],
      ["closingDocs", 5, "2025-05-11", "typical ranges, allowing longer for this resort"],
      ["closed", 18, "2025-06-04", "typical ranges, allowing longer for this resort"],
    ]);
  });

  it("counts the steps after an overdue one from today", () => {
    // Submitted for ROFR 40 days ago: the answer was expected 15 days ago.
    const t = expectedDates({
      done: { accepted: "2025-01-02", signed: "2025-01-03", deposit: "2025-01-06", rofrSubmitted: "2025-01-07" },
      resortCode: "SSR",
      history: [],
      today: "2025-02-16",
    });
    expect(t.upcoming[0]).toMatchObject({ step: "rofrAnswered", expectedDate: "2025-02-01", overdue: true });
    expect(t.upcoming[1]).toMatchObject({ step: "estoppel", expectedDate: "2025-03-09", overdue: false });
  });
});

describe("expected dates from the product's own closed deals", () => {
  const today = "2025-06-01";

  it("uses the median at this resort once 5 deals there in the last 12 months recorded the step", () => {
    const history = [20, 22, 28, 30, 35].map((d) => deal("BLT", "2025-03-01", { rofrSubmittedToAnsweredDays: d }));
    const t = expectedDates({
      done: { accepted: "2025-05-01", signed: "2025-05-02", deposit: "2025-05-05", rofrSubmitted: "2025-05-06" },
      resortCode: "BLT",
      history,
      today,
    });
    expect(t.upcoming[0]).toMatchObject({
      step: "rofrAnswered",
      days: 28,
      expectedDate: "2025-06-03",
      basis: { kind: "resort", deals: 5, text: "from 5 deals at this resort in the last 12 months" },
    });
  });

  it("falls back to the median across resorts with fewer than 5 at this resort, and to typical ranges below 5 in all", () => {
    const history = [
      ...[30, 31, 32, 33].map((d) => deal("BLT", "2025-01-15", { rofrSubmittedToAnsweredDays: d })),
      ...[20, 21].map((d) => deal("SSR", "2025-01-15", { rofrSubmittedToAnsweredDays: d })),
      // Closed more than 12 months before today: not counted.
      ...[90, 90, 90, 90, 90].map((d) => deal("BLT", "2024-05-31", { rofrSubmittedToAnsweredDays: d })),
    ];
    const t = expectedDates({
      done: { accepted: "2025-05-01", rofrSubmitted: "2025-05-06" },
      resortCode: "BLT",
      history,
      today,
    });
    // 20, 21, 30, 31, 32, 33: median 30.5 -> 31
    expect(t.upcoming[0]).toMatchObject({
      step: "rofrAnswered",
      days: 31,
      basis: { kind: "market", deals: 6, text: "from 6 deals across resorts in the last 12 months" },
    });
    const few = expectedDates({
      done: { accepted: "2025-05-01", rofrSubmitted: "2025-05-06" },
      resortCode: "BLT",
      history: history.slice(0, 4),
      today,
    });
    expect(few.upcoming[0]).toMatchObject({ days: TYPICAL_STEPS.rofrAnswered.days, basis: { kind: "typical" } });
  });

  it("counts per step: a deal that did not record a step is left out of that step's median", () => {
    const history = [
      ...[1, 2, 3, 4, 5].map((d) => deal("RIV", "2025-02-01", { acceptedToSignedDays: d })),
      deal("RIV", "2025-02-01", { acceptedToSignedDays: null, rofrWaivedToEstoppelDays: null }),
    ];
    const t = expectedDates({ done: { accepted: "2025-05-01" }, resortCode: "RIV", history, today: "2025-05-01" });
    const signed = t.upcoming.find((u) => u.step === "signed")!;
    expect(signed).toMatchObject({ days: 3, basis: { kind: "resort", deals: 5 } });
    expect(t.upcoming.find((u) => u.step === "rofrAnswered")?.basis.deals).toBe(6);
    expect(t.upcoming.find((u) => u.step === "estoppel")?.basis.deals).toBe(5);
  });

  it("takes the deposit step from signing: days to deposit minus days to signing", () => {
    const history = [
      [1, 3],
      [2, 5],
      [2, 4],
      [3, 7],
      [1, 2],
    ].map(([s, d]) => deal("OKW", "2025-04-01", { acceptedToSignedDays: s, acceptedToDepositDays: d }));
    const t = expectedDates({
      done: { accepted: "2025-05-01", signed: "2025-05-04" },
      resortCode: "OKW",
      history,
      today: "2025-05-04",
    });
    // 2, 3, 2, 4, 1 -> median 2
    expect(t.upcoming[0]).toMatchObject({ step: "deposit", days: 2, expectedDate: "2025-05-06" });
  });

  it("lengthens a median across resorts for HHI, not HHI's own median", () => {
    const market = [1, 2, 3, 4, 5].map(() => deal("BWV", "2025-03-01", { rofrWaivedToEstoppelDays: 20 }));
    const done = { accepted: "2025-03-01", rofrAnswered: "2025-05-01" };
    const acrossResorts = expectedDates({ done, resortCode: "HHI", history: market, today: "2025-05-01" });
    expect(acrossResorts.upcoming[0]).toMatchObject({
      step: "estoppel",
      days: 30,
      basis: {
        kind: "market",
        text: "from 5 deals across resorts in the last 12 months, allowing longer for this resort",
      },
    });
    const own = [1, 2, 3, 4, 5].map(() => deal("HHI", "2025-03-01", { rofrWaivedToEstoppelDays: 40 }));
    const atHhi = expectedDates({ done, resortCode: "HHI", history: [...market, ...own], today: "2025-05-01" });
    expect(atHhi.upcoming[0]).toMatchObject({ step: "estoppel", days: 40, basis: { kind: "resort", deals: 5 } });
  });
});

describe("a deal that has ended", () => {
  it("has nothing ahead once closed, or when ROFR was exercised", () => {
    const closed = expectedDates({
      done: { accepted: "2025-01-02", closed: "2025-03-20" },
      resortCode: "BLT",
      history: [],
      today: "2025-04-01",
    });
    expect(closed).toMatchObject({ current: null, upcoming: [], expectedClosing: null });
    expect(closed.done.map((d) => d.step)).toEqual(["accepted", "closed"]);
    const bought = expectedDates({
      done: { accepted: "2025-01-02", rofrSubmitted: "2025-01-10", rofrAnswered: "2025-02-05" },
      resortCode: "BLT",
      history: [],
      today: "2025-02-06",
      ended: true,
    });
    expect(bought.upcoming).toEqual([]);
  });

  it("refuses a timeline without the acceptance date", () => {
    expect(() => expectedDates({ done: {}, resortCode: "BLT", history: [], today: "2025-02-06" })).toThrow(AppError);
  });
});
