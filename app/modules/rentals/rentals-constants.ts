/**
 * Rental calendar helpers shared by the server and the browser: check-in dates are calendar days at the
 * resorts ("YYYY-MM-DD"), "today" is the day in the business's time zone.
 */
import { lazyDateTimeFormat } from "~/lib/format-dates";

export { addDays, parseDay, parseMonth } from "~/lib/facets/days";

export const RENTAL_TIME_ZONE = "America/New_York";

/** Today's calendar day in the business's time zone. */
export function todayIn(timeZone = RENTAL_TIME_ZONE, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const stayDate = lazyDateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const monthLabel = lazyDateTimeFormat("en-US", { timeZone: "UTC", month: "short", year: "numeric" });

/** A calendar day with its weekday: "Fri, Dec 4, 2026". */
export function formatStayDate(day: string) {
  return stayDate().format(new Date(`${day}T00:00:00Z`));
}

/** "2026-12" as "Dec 2026". */
export function formatMonth(month: string) {
  return monthLabel().format(new Date(`${month}-01T00:00:00Z`));
}
