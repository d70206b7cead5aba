/** Calendar days as "YYYY-MM-DD" strings (no time, no time zone), for the day-range facet and its users. */

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
