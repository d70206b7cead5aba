/**
 * The point calculator (DOMAIN.md "Point charts", decision 0073): a stay is priced night by night. Each night's date
 * falls in one of the resort's season ranges for that date's year; the chart of that year gives the room and view's
 * points for that season, Sunday-Thursday (weekday) or Friday-Saturday (weekend). Pure: the caller loads the ranges
 * and points.
 */

/** A range of dates (both ends included, YYYY-MM-DD) that belongs to a season at one resort. */
export type SeasonRange = { seasonId: number; seasonName: string; startDate: string; endDate: string };

/** Points per night for one room and view in one season of one chart year. */
export type SeasonPoints = { seasonId: number; chartYear: number; weekdayPoints: number; weekendPoints: number };

export type PricedNight = {
  date: string;
  /** "Monday" ... */
  weekday: string;
  weekend: boolean;
  seasonName: string;
  points: number;
};

export type StayPrice =
  | { ok: true; nights: PricedNight[]; total: number; chartYears: number[] }
  | { ok: false; error: string };

/** The most nights the calculator prices (a longer stay is two reservations anyway). */
export const MAX_NIGHTS = 30;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date from YYYY-MM-DD (UTC midnight), or null when it is no real date. */
export function parseDate(s: string): Date | null {
  const m = ISO_DATE.exec(s);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s ? d : null;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** The nights of a stay: every date from check-in up to the day before check-out. */
export function nightsOf(
  checkIn: string,
  checkOut: string,
): { ok: true; dates: string[] } | { ok: false; error: string } {
  const a = parseDate(checkIn);
  const b = parseDate(checkOut);
  if (!a) return { ok: false, error: "Enter the check-in date as YYYY-MM-DD." };
  if (!b) return { ok: false, error: "Enter the check-out date as YYYY-MM-DD." };
  const n = Math.round((b.getTime() - a.getTime()) / 86_400_000);
  if (n <= 0) return { ok: false, error: "The check-out date must be after the check-in date." };
  if (n > MAX_NIGHTS)
    return { ok: false, error: `A stay is at most ${MAX_NIGHTS} nights here: price a longer trip as two stays.` };
  return { ok: true, dates: Array.from({ length: n }, (_, i) => iso(addDays(a, i))) };
}

/** Friday and Saturday nights are weekend nights; Sunday to Thursday are weekday nights. */
export function isWeekendNight(date: string) {
  const d = parseDate(date);
  const day = d ? d.getUTCDay() : 0;
  return day === 5 || day === 6;
}

/** A long US date for sentences ("Tuesday, September 15, 2026"). */
export function longDate(date: string) {
  const d = parseDate(date);
  if (!d) return date;
  return d.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Prices a stay night by night. `ranges` are the resort's season ranges (any years); `points` the room and view's
 * points per season and chart year. A night that no range covers, or whose season has no points for that year, refuses
 * the whole stay with a sentence naming the night.
 */
export function priceStay(args: {
  checkIn: string;
  checkOut: string;
  ranges: SeasonRange[];
  points: SeasonPoints[];
}): StayPrice {
  const stay = nightsOf(args.checkIn, args.checkOut);
  if (!stay.ok) return stay;
  const nights: PricedNight[] = [];
  for (const date of stay.dates) {
    const range = args.ranges.find((r) => r.startDate <= date && date <= r.endDate);
    if (!range)
      return { ok: false, error: `There is no point chart for the night of ${longDate(date)} at this resort yet.` };
    const year = Number(date.slice(0, 4));
    const row = args.points.find((p) => p.seasonId === range.seasonId && p.chartYear === year);
    if (!row)
      return {
        ok: false,
        error: `The ${year} chart has no points for this room and view in the ${range.seasonName} season (the night of ${longDate(date)}).`,
      };
    const weekend = isWeekendNight(date);
    nights.push({
      date,
      weekday: WEEKDAYS[(parseDate(date) as Date).getUTCDay()] as string,
      weekend,
      seasonName: range.seasonName,
      points: weekend ? row.weekendPoints : row.weekdayPoints,
    });
  }
  const chartYears = [...new Set(nights.map((n) => Number(n.date.slice(0, 4))))];
  return { ok: true, nights, total: nights.reduce((s, n) => s + n.points, 0), chartYears };
}

/** Contracts are sold in steps of this many points (listings read 100, 125, 150, 160, 200...). */
export const CONTRACT_STEP = 25;
/** The smallest contract the developer sells and most resale listings start at. */
export const MIN_CONTRACT = 25;

/**
 * The contract size that pays for a stay once a year: the stay's points rounded up to the next 25 points (contracts
 * are listed in such steps; a contract a few points short cannot book the stay without borrowing every year).
 */
export function contractSizeFor(stayPoints: number): number {
  if (!Number.isFinite(stayPoints) || stayPoints <= 0) return MIN_CONTRACT;
  return Math.max(MIN_CONTRACT, Math.ceil(stayPoints / CONTRACT_STEP) * CONTRACT_STEP);
}

/** A range of contract sizes around a size, for a listing search (75% to 150% of it, in 25-point steps). */
export function listingPointsRange(size: number): { min: number; max: number } {
  const min = Math.max(MIN_CONTRACT, Math.floor((size * 0.75) / CONTRACT_STEP) * CONTRACT_STEP);
  const max = Math.ceil((size * 1.5) / CONTRACT_STEP) * CONTRACT_STEP;
  return { min, max };
}
