/** The one money formatter. Money is integer cents everywhere in the app. */
export function formatMoney(cents: number, opts: { decimals?: boolean } = {}) {
  const decimals = opts.decimals ?? false;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: decimals ? 2 : 0,
    maximumFractionDigits: decimals ? 2 : 0,
  }).format(cents / 100);
}

export function formatNumber(n: number) {
  return new Intl.NumberFormat("en-US").format(n);
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

/** Dates and times shown to people are in America/New_York. */
export function formatDateTimeEastern(d: Date | string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(d));
}
