// The one money formatter lives in money.ts (cents in); re-exported here for the pages that format everything.
export { formatMoney } from "./money";

// Building an Intl formatter is costly; build each once.
const plainNumber = new Intl.NumberFormat("en-US");

export function formatNumber(n: number) {
  return plainNumber.format(n);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_FULL = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** Use-year month 1-12 to "Feb" (or "February" with full). */
export function useMonthName(month: number, full = false) {
  return (full ? MONTHS_FULL : MONTHS)[month - 1] ?? "";
}

const easternDateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  dateStyle: "medium",
  timeStyle: "short",
});
const easternDateLong = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "long" });
const calendarDateLong = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });

/** Dates and times shown to people are in America/New_York. */
export function formatDateTimeEastern(d: Date | string) {
  return easternDateTime.format(new Date(d));
}

/** A moment as a long date in America/New_York ("November 22, 2026"). */
export function formatDateEastern(d: Date | string) {
  return easternDateLong.format(new Date(d));
}

/** A calendar date written as YYYY-MM-DD (a rule's effective date), as a long date. */
export function formatCalendarDate(iso: string) {
  return calendarDateLong.format(new Date(`${iso}T00:00:00Z`));
}
