import { type Codec, type DayRange, type DaysFacet, texts } from "./facets";

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

export const sameDays = (a: DayRange | null, b: DayRange | null) => a?.from === b?.from && a?.to === b?.to;

/**
 * A day-range facet. Links: "2026-12-01..2027-01-15" (either end may be left out) or the form's `_from`/`_to`
 * fields. Here rather than in facets.ts so that only the pages that use it carry it.
 */
export function days(o: Omit<DaysFacet, "kind" | keyof Codec<DayRange | null>>): DaysFacet {
  const none = { ok: false, value: null };
  return {
    ...o,
    kind: "days",
    read(params) {
      const [t] = texts(params, o.param);
      let from: string | undefined;
      let to: string | undefined;
      if (t !== undefined) {
        const parts = t.split("..");
        if (parts.length !== 2) return none;
        from = parts[0].trim() || undefined;
        to = parts[1].trim() || undefined;
      } else {
        [from] = texts(params, `${o.param}_from`);
        [to] = texts(params, `${o.param}_to`);
      }
      if (from === undefined && to === undefined) return { ok: true, value: null };
      const value = { from: from === undefined ? null : parseDay(from), to: to === undefined ? null : parseDay(to) };
      if ((from !== undefined && value.from === null) || (to !== undefined && value.to === null)) return none;
      if (value.from !== null && value.to !== null && value.from > value.to) return none;
      return { ok: true, value };
    },
    write: (d, out) => d && out.set(o.param, `${d.from ?? ""}..${d.to ?? ""}`),
    fields(d, out) {
      out[`${o.param}_from`] = [d?.from ?? ""];
      out[`${o.param}_to`] = [d?.to ?? ""];
    },
  };
}
