import { describe, expect, it } from "vitest";
import { bankingReminderDue, bankingWindow, currentUseYear, daysBefore, USE_YEAR_MONTHS } from "./banking-deadline";

describe("bankingWindow", () => {
  it.each([
    [2, "2026-02-01", "2026-09-30"],
    [3, "2026-03-01", "2026-10-31"],
    [4, "2026-04-01", "2026-11-30"],
    [6, "2026-06-01", "2027-01-31"],
    [8, "2026-08-01", "2027-03-31"],
    [9, "2026-09-01", "2027-04-30"],
    [10, "2026-10-01", "2027-05-31"],
    [12, "2026-12-01", "2027-07-31"],
  ])("use month %i: the 2026 use year starts %s and banks until %s", (month, start, deadline) => {
    expect(bankingWindow(month, 2026)).toEqual({ useYear: 2026, start, deadline });
  });

  it('covers any month /admin/tweaks "Years" may offer and refuses what is not a month', () => {
    expect(USE_YEAR_MONTHS).toEqual([2, 3, 4, 6, 8, 9, 10, 12]);
    expect(bankingWindow(1, 2026)).toEqual({ useYear: 2026, start: "2026-01-01", deadline: "2026-08-31" });
    for (const m of [0, 13, 1.5]) expect(() => bankingWindow(m, 2026)).toThrow(RangeError);
  });
});

describe("currentUseYear", () => {
  it("is the year the use year began in, across the calendar year's boundary", () => {
    expect(currentUseYear(12, "2026-11-30")).toBe(2025);
    expect(currentUseYear(12, "2026-12-01")).toBe(2026);
    expect(currentUseYear(12, "2027-07-31")).toBe(2026);
    expect(currentUseYear(2, "2027-01-31")).toBe(2026);
    expect(currentUseYear(2, "2027-02-01")).toBe(2027);
  });
});

describe("daysBefore in leap years", () => {
  it("counts February 29 in a leap year and not otherwise", () => {
    expect(daysBefore("2028-03-31", 31)).toBe("2028-02-29");
    expect(daysBefore("2027-03-31", 31)).toBe("2027-02-28");
    expect(daysBefore("2028-03-01", 1)).toBe("2028-02-29");
  });
});

describe("bankingReminderDue", () => {
  const leads = [30, 7];

  it("is the 30-day reminder from 30 to 8 days before, then the 7-day one to the deadline, then nothing", () => {
    // February use year: banking until September 30.
    expect(bankingReminderDue(2, "2026-08-30", leads)).toBeNull();
    expect(bankingReminderDue(2, "2026-08-31", leads)).toMatchObject({
      leadDays: 30,
      daysLeft: 30,
      deadline: "2026-09-30",
    });
    expect(bankingReminderDue(2, "2026-09-22", leads)).toMatchObject({ leadDays: 30, daysLeft: 8 });
    expect(bankingReminderDue(2, "2026-09-23", leads)).toMatchObject({ leadDays: 7, daysLeft: 7 });
    expect(bankingReminderDue(2, "2026-09-30", leads)).toMatchObject({ leadDays: 7, daysLeft: 0 });
    expect(bankingReminderDue(2, "2026-10-01", leads)).toBeNull();
  });

  it("a December use year's deadline is July 31 of the next calendar year", () => {
    expect(bankingReminderDue(12, "2027-07-01", leads)).toMatchObject({
      useYear: 2026,
      start: "2026-12-01",
      deadline: "2027-07-31",
      leadDays: 30,
    });
    expect(bankingReminderDue(12, "2026-12-15", leads)).toBeNull();
  });

  it("a June use year's deadline crosses the year boundary (January 31)", () => {
    expect(bankingReminderDue(6, "2027-01-01", leads)).toMatchObject({
      useYear: 2026,
      deadline: "2027-01-31",
      leadDays: 30,
    });
    expect(bankingReminderDue(6, "2026-12-31", leads)).toBeNull(); // 31 days before: not yet
  });

  it("counts the days of a leap February (August use year, deadline March 31)", () => {
    // 2028 is a leap year: 40 days before March 31 is February 20; in 2027 it is February 19.
    expect(bankingReminderDue(8, "2028-02-20", [40])).toMatchObject({ useYear: 2027, daysLeft: 40 });
    expect(bankingReminderDue(8, "2028-02-19", [40])).toBeNull();
    expect(bankingReminderDue(8, "2027-02-19", [40])).toMatchObject({ useYear: 2026, daysLeft: 40 });
  });

  it("every use-year month has exactly one day for each lead time's first reminder", () => {
    for (const m of USE_YEAR_MONTHS) {
      const { deadline } = bankingWindow(m, 2026);
      expect(bankingReminderDue(m, daysBefore(deadline, 30), leads)?.leadDays).toBe(30);
      expect(bankingReminderDue(m, daysBefore(deadline, 31), leads)).toBeNull();
      expect(bankingReminderDue(m, daysBefore(deadline, 7), leads)?.leadDays).toBe(7);
    }
  });

  it("ignores lead times that are not whole numbers and refuses a malformed date", () => {
    expect(bankingReminderDue(2, "2026-09-29", [Number.NaN, 1.5])).toBeNull();
    expect(() => bankingReminderDue(2, "2026-02-30", leads)).toThrow(RangeError);
  });
});
