/**
 * The admin journal's periods (SPEC section 2: `filter=this-month`), in America/New_York: each is an instant
 * range [since, until) computed from `now`. Weeks start on Monday.
 */
export const JOURNAL_PERIODS = ["today", "this-week", "this-month", "last-month", "all"] as const;
export type JournalPeriod = (typeof JOURNAL_PERIODS)[number];

export const JOURNAL_PERIOD_LABELS: Record<JournalPeriod, string> = {
  today: "Today",
  "this-week": "This week",
  "this-month": "This month",
  "last-month": "Last month",
  all: "All time",
};

const ZONE = "America/New_York";
const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  weekday: "short",
});

function easternParts(t: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: String(p.weekday),
  };
}

/** Minutes America/New_York is ahead of UTC at instant t (-300 in winter, -240 in summer). */
function offsetMinutes(t: number) {
  const p = easternParts(t);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

/** The instant of midnight Eastern on a calendar day (month 1-12; days past the month's end roll over). */
export function easternMidnight(year: number, month: number, day: number) {
  const wall = Date.UTC(year, month - 1, day);
  let t = wall - offsetMinutes(wall) * 60_000;
  const again = offsetMinutes(t);
  t = wall - again * 60_000;
  return new Date(t);
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function journalPeriodRange(period: JournalPeriod, now: Date): { since: Date | null; until: Date | null } {
  const p = easternParts(now.getTime());
  switch (period) {
    case "today":
      return { since: easternMidnight(p.year, p.month, p.day), until: null };
    case "this-week":
      return { since: easternMidnight(p.year, p.month, p.day - WEEKDAYS.indexOf(p.weekday)), until: null };
    case "this-month":
      return { since: easternMidnight(p.year, p.month, 1), until: null };
    case "last-month":
      return { since: easternMidnight(p.year, p.month - 1, 1), until: easternMidnight(p.year, p.month, 1) };
    default:
      return { since: null, until: null };
  }
}
