/**
 * Rental search constants, types and calendar-date helpers shared by the server and the browser
 * (no zod here: it stays out of the browser bundle). SPEC section 9: rental page size 20.
 */
export const RENTAL_PAGE_LIMIT = 20;
export const RENTAL_MAX_PAGE_LIMIT = 100;
/** The longest stay a rental can be (the rental_listings check constraint). */
export const RENTAL_MAX_NIGHTS = 30;
/** The highest price per night a filter accepts, in dollars. */
export const RENTAL_MAX_PRICE_PER_NIGHT = 100_000;
export const RENTAL_ORDER_COLUMNS = ["check_in", "price_per_night", "nights"] as const;
export type RentalOrderColumn = (typeof RENTAL_ORDER_COLUMNS)[number];
/** Check-in dates are calendar days at the resorts; "today" is the day in the business's time zone. */
export const RENTAL_TIME_ZONE = "America/New_York";

export type Range = { min: number | null; max: number | null };
/** Check-in from and to, inclusive, as YYYY-MM-DD; either end may be open. */
export type DateRange = { from: string | null; to: string | null };

/** Validated rental filters, as the search service takes them (prices in whole dollars). */
export type RentalSearch = {
  nights: Range | null;
  pricePerNight: Range | null;
  /** A resort code ("AKV") or id; whether it exists is checked by the service. */
  resort: string | number | null;
  checkIn: DateRange | null;
  brokers: number[];
  roomIds: number[];
  limit: number;
  page: number;
  orderBy: { column: RentalOrderColumn; order: "asc" | "desc" };
};

export const DEFAULT_RENTAL_ORDER = { column: "check_in", order: "asc" } as const;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

/** "2026-12-04" if it is a real calendar day (years 1900-2999), else null. */
export function parseDay(text: string): string | null {
  const m = DAY_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? m[0] : null;
}

/** "2026-12" as its first and last day, or null. */
export function parseMonth(text: string): { first: string; last: string } | null {
  const m = MONTH_RE.exec(text.trim());
  if (!m) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12) return null;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { first: `${m[1]}-${m[2]}-01`, last: `${m[1]}-${m[2]}-${String(last).padStart(2, "0")}` };
}

/** A calendar day plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Today's calendar day in the business's time zone. */
export function todayIn(timeZone = RENTAL_TIME_ZONE, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const stayDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const monthLabel = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });

/** A calendar day with its weekday: "Fri, Dec 4, 2026". */
export function formatStayDate(day: string) {
  return stayDate.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-12" as "Dec 2026". */
export function formatMonth(month: string) {
  return monthLabel.format(new Date(`${month}-01T00:00:00Z`));
}
