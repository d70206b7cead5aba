import { FULL_MONTHS, SHORT_MONTHS } from "./format";

/*
 * Dates as people read them, in US English: the site's moments in US Eastern time, calendar dates as they are. Apart
 * from lib/format.ts (which every page loads) so that only the pages that show dates load this. Written by hand, not
 * with Intl.DateTimeFormat (issue 34): a phone builds its first time-zone formatter in 10-20 ms of main-thread time
 * (40-77 ms under Lighthouse's 4x slowdown, measured in Chromium 156); format.test.ts compares them with Intl.
 */

/**
 * US Eastern time at an instant, as a Date whose UTC fields read the Eastern wall clock, or null before 2007. Since
 * 2007 daylight time runs from the second Sunday of March, 2:00, to the first Sunday of November, 2:00; written by
 * hand for the reason above (a time-zone Intl.DateTimeFormat costs as much as a number format), tested against Intl.
 */
function easternWallClock(d: Date | string): Date | null {
  const t = new Date(d).getTime();
  const y = new Date(t).getUTCFullYear();
  if (!Number.isFinite(t) || y < 2007 || y > 9999) return null;
  const sunday = (month: number, nth: number) => {
    const first = new Date(Date.UTC(y, month, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (nth - 1);
  };
  const daylight = t >= Date.UTC(y, 2, sunday(2, 2), 7) && t < Date.UTC(y, 10, sunday(10, 1), 6);
  return new Date(t - (daylight ? 4 : 5) * 3_600_000);
}

let intlEasternDateTime: Intl.DateTimeFormat | undefined;
let intlEasternDateLong: Intl.DateTimeFormat | undefined;

/** Dates and times shown to people are in America/New_York: "Nov 22, 2026, 10:05 AM". */
export function formatDateTimeEastern(d: Date | string) {
  const w = easternWallClock(d);
  if (!w) {
    intlEasternDateTime ??= new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      dateStyle: "medium",
      timeStyle: "short",
    });
    return intlEasternDateTime.format(new Date(d));
  }
  const h = w.getUTCHours();
  const time = `${h % 12 || 12}:${String(w.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
  return `${formatCalendarDateShort(w)}, ${time}`;
}

/** A moment as a long date in America/New_York ("November 22, 2026"). */
export function formatDateEastern(d: Date | string) {
  const w = easternWallClock(d);
  if (!w) {
    intlEasternDateLong ??= new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "long" });
    return intlEasternDateLong.format(new Date(d));
  }
  return `${FULL_MONTHS[w.getUTCMonth()]} ${w.getUTCDate()}, ${w.getUTCFullYear()}`;
}

/** A calendar date written as YYYY-MM-DD (a rule's effective date), as a long date: "November 22, 2026". */
export function formatCalendarDate(iso: string) {
  return utcDate(new Date(`${iso}T00:00:00Z`), FULL_MONTHS, "long");
}

/** A calendar date (the date of a UTC midnight) in short: "Nov 22, 2026". */
export function formatCalendarDateShort(d: Date | string) {
  return utcDate(new Date(d), SHORT_MONTHS, "medium");
}

const intlUtcDates = new Map<string, Intl.DateTimeFormat>();
/** A date's UTC day as "Nov 22, 2026" or "November 22, 2026"; an invalid date throws, as Intl does. */
function utcDate(d: Date, months: readonly string[], style: "medium" | "long") {
  const y = d.getUTCFullYear();
  if (Number.isFinite(y) && y >= 1000 && y <= 9999) return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${y}`;
  const f = intlUtcDates.get(style) ?? new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: style });
  intlUtcDates.set(style, f);
  return f.format(d);
}

/**
 * An Intl.DateTimeFormat built on its first use, not when the module loads (a page's first Intl formatter costs a
 * phone 10-40 ms of main thread; see above): `const eastern = lazyDateTimeFormat("en-CA", {...}); eastern().format(d)`.
 */
export function lazyDateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format;
  };
}
