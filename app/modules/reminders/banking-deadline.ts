/**
 * Banking deadlines (DOMAIN.md "Use year, banking, borrowing", decision 0089). A use year (UY) begins on the 1st of
 * its month (Feb, Mar, Apr, Jun, Aug, Sep, Oct or Dec) and its points may be banked within its first 8 months: a
 * February UY by September 30, a December UY by July 31 of the next calendar year. Pure: calendar dates are
 * `YYYY-MM-DD` strings (Eastern calendar days; the caller says which day today is).
 */

/** The use-year months a listing can state. */
export const USE_YEAR_MONTHS = [2, 3, 4, 6, 8, 9, 10, 12] as const;

/** Months of a use year within which its points can be banked. */
export const BANKING_MONTHS = 8;

const DAY_MS = 86_400_000;

function iso(d: Date) {
  return d.toISOString().slice(0, 10);
}

function parseIso(date: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a calendar date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (iso(d) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return d;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string) {
  return Math.round((parseIso(to).getTime() - parseIso(from).getTime()) / DAY_MS);
}

/** The date `days` before `date`. */
export function daysBefore(date: string, days: number) {
  return iso(new Date(parseIso(date).getTime() - days * DAY_MS));
}

/** Any calendar month: the months offered are /admin/tweaks "Years" (decision 0093); the banking rule is the same. */
function requireUseMonth(useMonth: number) {
  if (!Number.isInteger(useMonth) || useMonth < 1 || useMonth > 12) {
    throw new RangeError(`Not a use-year month: ${useMonth}`);
  }
}

/**
 * The use year of `useMonth` that began in calendar year `startYear`: its first day and the last day its points can
 * be banked (the day before the 1st of its ninth month).
 */
export function bankingWindow(useMonth: number, startYear: number) {
  requireUseMonth(useMonth);
  const start = new Date(Date.UTC(startYear, useMonth - 1, 1));
  // Date.UTC rolls months past December into the next year; day 0 is the last day of the month before.
  const deadline = new Date(Date.UTC(startYear, useMonth - 1 + BANKING_MONTHS, 0));
  return { useYear: startYear, start: iso(start), deadline: iso(deadline) };
}

/** The use year of `useMonth` that `today` falls in (the calendar year it began in). */
export function currentUseYear(useMonth: number, today: string) {
  requireUseMonth(useMonth);
  const d = parseIso(today);
  const year = d.getUTCFullYear();
  return d.getUTCMonth() + 1 >= useMonth ? year : year - 1;
}

/**
 * The banking reminder due today for a listing of `useMonth`, or null. The current use year's deadline is `daysLeft`
 * days away (0: today is the last day); the reminder due is the one of the shortest lead time that is still at least
 * `daysLeft` (with leads 30 and 7: from 30 to 8 days before, the 30-day one; from 7 days before to the deadline, the
 * 7-day one). A day the job missed is caught up the next day; a lead time already passed when a listing appears is
 * skipped for the nearer one. After the deadline, nothing until the next use year.
 */
export function bankingReminderDue(useMonth: number, today: string, leadDays: readonly number[]) {
  const window = bankingWindow(useMonth, currentUseYear(useMonth, today));
  const daysLeft = daysBetween(today, window.deadline);
  if (daysLeft < 0) return null;
  const leads = leadDays.filter((l) => Number.isInteger(l) && l >= daysLeft).sort((a, b) => a - b);
  if (leads.length === 0) return null;
  return { ...window, daysLeft, leadDays: leads[0] };
}
