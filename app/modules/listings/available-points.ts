/**
 * "Available points" (DOMAIN.md "Use year, banking, borrowing"; decision 0073): what a listing's points can book
 * now. Points arrive on the 1st of the use-year month and last 12 months; banked points (the previous use year's)
 * last until the end of the current use year and cannot be banked again; the current year's points can be banked
 * within the first 8 months of the use year; the next use year's points can be borrowed at any time (and borrowed
 * points cannot be banked). Pure and safe for the browser.
 */

export type AvailablePointsInput = {
  useMonth: number;
  prevYearPoints: number | null | undefined;
  currYearPoints: number | null | undefined;
  nextYearPoints: number | null | undefined;
};

export type AvailablePoints = {
  /** The running use year: the calendar year it started in, and its first and last days (YYYY-MM-DD). */
  useYear: { year: number; start: string; end: string };
  banked: { points: number; usableUntil: string };
  current: {
    points: number;
    usableUntil: string;
    /** The last day the current points can be banked into the next use year. */
    bankBy: string;
    /** Whether that day is today or later. */
    canBank: boolean;
    /** Where banked, usable until the end of the next use year. */
    bankedUsableUntil: string;
  };
  next: { points: number; arrives: string; usableUntil: string };
  /** Banked + current + next: the most the contract can book now (borrowing all of next year's). */
  bookableNow: number;
  /** Banked + current: what it can book without borrowing. */
  withoutBorrowing: number;
};

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const count = (n: number | null | undefined) => (Number.isFinite(n) && (n as number) > 0 ? Math.trunc(n as number) : 0);

/** The first and last days of the use year that starts in `useMonth` of `year`. */
function spanOfUseYear(useMonth: number, year: number) {
  return { start: iso(year, useMonth, 1), end: iso(year + 1, useMonth, 0) };
}

export function availablePoints(listing: AvailablePointsInput, today: Date): AvailablePoints {
  const m = listing.useMonth;
  const year = today.getUTCMonth() + 1 >= m ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const now = spanOfUseYear(m, year);
  const next = spanOfUseYear(m, year + 1);
  // The first 8 months: a February use year banks by September 30, a December one by July 31.
  const bankBy = iso(year, m + 8, 0);
  const todayIso = today.toISOString().slice(0, 10);
  const banked = count(listing.prevYearPoints);
  const current = count(listing.currYearPoints);
  const borrowable = count(listing.nextYearPoints);
  return {
    useYear: { year, ...now },
    banked: { points: banked, usableUntil: now.end },
    current: {
      points: current,
      usableUntil: now.end,
      bankBy,
      canBank: todayIso <= bankBy,
      bankedUsableUntil: next.end,
    },
    next: { points: borrowable, arrives: next.start, usableUntil: next.end },
    bookableNow: banked + current + borrowable,
    withoutBorrowing: banked + current,
  };
}
