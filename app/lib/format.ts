/**
 * The one module that turns figures into text for people (issue 13, decision 0050): one function per kind of
 * figure, so a price per point, a total, a year's dues, points and a score read the same on every page, mail,
 * PDF and admin table. Money comes in as integer cents (ARCHITECTURE rule 4). Browser-safe and small.
 *
 * | figure                                   | function            | reads          |
 * | ---------------------------------------- | ------------------- | -------------- |
 * | a price (or dues) per point               | formatPerPoint      | $64/pt, $95.50/pt |
 * | an amount: price, total, offer, deposit,  | formatPrice         | $11,200, $7,162.50 |
 * |   fee, anything in an agreement           |                     |                |
 * | an estimate or a bound: a range's ends,   | formatDollars       | $2,062         |
 * |   a median, a chart's axis                |                     |                |
 * | a year's dues                             | formatPerYear       | $2,062 a year  |
 * | points                                    | formatPoints        | 175 points     |
 * | a listing's score                         | formatScore         | 82/100, Great value |
 * | a factor's effect on a score              | formatScoreEffect   | +2.5, −12      |
 * | a count                                   | formatNumber        | 1,234          |
 *
 * Amounts are exact: cents show whenever there are some ($7,162.50), never for whole dollars ($11,200). Only
 * estimates and bounds are rounded to the dollar.
 */

// Building an Intl formatter is costly; build each once.
const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const plainNumber = new Intl.NumberFormat("en-US");

/** An amount of money, exact: "$11,200" (whole dollars), "$7,162.50" (cents when it has some), "-$25". */
export function formatPrice(cents: number) {
  const c = Math.round(cents); // a computed amount (a share of the dues) may carry a fraction of a cent
  return (c % 100 !== 0 ? dollarsAndCents : wholeDollars).format(c / 100);
}

/** A price (or dues) per point: "$64/pt", "$95.50/pt". */
export function formatPerPoint(cents: number) {
  return `${formatPrice(cents)}/pt`;
}

/** An estimate, an average or a range's bound, rounded to the dollar: "$2,062". */
export function formatDollars(cents: number) {
  return wholeDollars.format(Math.round(cents) / 100);
}

/** A year's dues (or any yearly cost), rounded to the dollar: "$2,062 a year". */
export function formatPerYear(cents: number) {
  return `${formatDollars(cents)} a year`;
}

/** A count: "1,234". */
export function formatNumber(n: number) {
  return plainNumber.format(n);
}

/** Points, with the word: "175 points", "1 point". */
export function formatPoints(n: number) {
  return `${plainNumber.format(n)} ${n === 1 ? "point" : "points"}`;
}

/**
 * A deal's terms as the market reads them (issue 27): points, price per point and total, "160 points × $150/pt =
 * $24,000" (the listing page's "150 points × $120/pt"). Offers, counters and agreements, on their lists and pages.
 */
export function formatTerms(points: number, pricePerPointCents: number, totalCents: number) {
  return `${formatPoints(points)} × ${formatPerPoint(pricePerPointCents)} = ${formatPrice(totalCents)}`;
}

/** A plain decimal with a fixed number of places, no thousands separator: "0.667", "2.5", "28.3547". */
export function formatDecimal(n: number, places: number) {
  return n.toFixed(places);
}

/** A ratio as WCAG states a contrast: "3.21 to 1". */
export function formatRatio(ratio: number) {
  return `${ratio.toFixed(2)} to 1`;
}

const percentNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
/** A rate in percent: "15%", "7.25%" (at most two decimals). */
export function formatPercent(percent: number) {
  return `${percentNumber.format(percent)}%`;
}

/**
 * The bands of a listing's score (0-100, 50 = priced at the comparable median; decision 0051). Each names what the
 * score means for a buyer, from the lowest score it starts at.
 */
export const SCORE_BANDS = [
  { min: 80, label: "Great value", tone: "great" },
  { min: 60, label: "Good value", tone: "good" },
  { min: 40, label: "Fair price", tone: "fair" },
  { min: 20, label: "Above market", tone: "above" },
  { min: 0, label: "High price", tone: "high" },
] as const;
export type ScoreBand = { min: number; label: string; tone: (typeof SCORE_BANDS)[number]["tone"] };
/** Where each band starts (the good deal meter's thresholds, /admin/tweaks; decision 0088). */
export type ScoreThresholds = { greatFrom: number; goodFrom: number; fairFrom: number; aboveFrom: number };

/** The bands from their thresholds (each the lowest score of its band; "High price" from 0). */
export function scoreBandsOf(t: ScoreThresholds): readonly ScoreBand[] {
  const [great, good, fair, above, high] = SCORE_BANDS;
  return [
    { ...great, min: t.greatFrom },
    { ...good, min: t.goodFrom },
    { ...fair, min: t.fairFrom },
    { ...above, min: t.aboveFrom },
    { ...high, min: 0 },
  ];
}

const effectNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });
/** What a factor adds to or takes from a score, in score points: "+2.5", "−12", "0". */
export function formatScoreEffect(effect: number) {
  const rounded = Math.round(effect * 10) / 10;
  if (rounded === 0) return "0";
  return `${rounded > 0 ? "+" : "−"}${effectNumber.format(Math.abs(rounded))}`;
}

/** The band a score (rounded, 0-100) falls in, of `bands` (the tweaks', `scoreBandsOf`; SCORE_BANDS by default). */
export function scoreBand(score: number, bands: readonly ScoreBand[] = SCORE_BANDS): ScoreBand {
  const s = Math.round(score);
  return bands.find((b) => s >= b.min) ?? bands[bands.length - 1];
}

/** A listing's score as text: "82/100, Great value"; "Not scored yet" without one. */
export function formatScore(score: number | null, bands: readonly ScoreBand[] = SCORE_BANDS) {
  if (score === null) return "Not scored yet";
  const s = Math.max(0, Math.min(100, Math.round(score)));
  return `${s}/100, ${scoreBand(s, bands).label}`;
}

/** The months' short names, January first. */
export const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;
const MONTHS: readonly string[] = SHORT_MONTHS;
/** The months' names, January first. */
export const FULL_MONTHS = [
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
] as const;
const MONTHS_FULL: readonly string[] = FULL_MONTHS;
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

/** An agreement's number as every page, mail, notification and contract shows it: "VPM-000123". */
export function formatAgreementNumber(id: number) {
  return `VPM-${String(id).padStart(6, "0")}`;
}

/** "a" or "an" before a word, by its sound for the words the product prints ("an August", "a June", "an 8"). */
export function withArticle(word: string) {
  const w = word.trim();
  const an = /^(8|11|18|80|800)(\D|$)/.test(w) || (/^[aeiou]/i.test(w) && !/^(eu|uni|use|one)/i.test(w));
  return `${an ? "an" : "a"} ${w}`;
}

/** A count with its noun, singular for 1: plural(1, "point") "1 point", plural(2, "point") "2 points". */
export function plural(n: number, singular: string, pluralWord = `${singular}s`) {
  return `${plainNumber.format(n)} ${n === 1 ? singular : pluralWord}`;
}

/** An ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st. */
export function ordinal(n: number) {
  const tens = Math.abs(n) % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[tens % 10] ?? "th");
  return `${plainNumber.format(n)}${suffix}`;
}
