import { lazyDateTimeFormat } from "./format-dates";

/**
 * Wall-clock times in the site's time zone (US Eastern, America/New_York): what an administrator types into a
 * `datetime-local` input, turned into the instant it means and back (decision 0068). Daylight saving time is taken
 * from the platform's time zone data: a time the clocks skip (2:30 on the March change) is refused, and a time
 * they pass twice (1:30 on the November change) is the first, daylight one.
 */
export const SITE_ZONE = "America/New_York";
/** How the zone is named beside a time field. */
export const SITE_ZONE_NAME = "Eastern time";

const parts = lazyDateTimeFormat("en-US", {
  timeZone: SITE_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The Eastern wall clock at an instant, as `YYYY-MM-DDTHH:mm` (the value of a `datetime-local` input). */
export function easternWallTime(d: Date | string): string {
  const p = Object.fromEntries(
    parts()
      .formatToParts(new Date(d))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00)?$/;
/** Eastern is 4 hours behind UTC in summer, 5 in winter. */
const OFFSETS_MINUTES = [240, 300];

export type WallTimeResult = { ok: true; at: Date } | { ok: false; problem: "format" | "skipped" };

/** The instant an Eastern wall-clock time (`YYYY-MM-DDTHH:mm`, or with a space) means. */
export function parseEasternWallTime(text: string): WallTimeResult {
  const m = WALL.exec(text.trim());
  if (!m) return { ok: false, problem: "format" };
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  // 2026-02-30 or 25:00 roll over in Date.UTC: not a time anyone meant.
  if (
    y < 1900 ||
    y > 2200 ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi
  ) {
    return { ok: false, problem: "format" };
  }
  const wanted = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
  // Each candidate instant is kept when Eastern clocks read the typed time at it; the earlier wins (daylight time).
  const found = OFFSETS_MINUTES.map((o) => wall + o * 60_000).filter((t) => easternWallTime(new Date(t)) === wanted);
  if (!found.length) return { ok: false, problem: "skipped" };
  return { ok: true, at: new Date(Math.min(...found)) };
}

/** A wall time as a person reads it in a message ("March 8, 2026, 2:30 AM"). */
export function describeWallTime(text: string): string {
  const m = WALL.exec(text.trim());
  if (!m) return text;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long", timeStyle: "short" }).format(
    new Date(Date.UTC(y, mo - 1, d, h, mi)),
  );
}
