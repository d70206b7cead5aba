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

/*
 * No Intl formatter is built when this module loads, and numbers never use one (issue 34): a phone builds the first
 * Intl.NumberFormat of a page in about 40 ms of main-thread time (160-200 ms under Lighthouse's 4x slowdown, measured
 * in Chromium 156), loading the locale's number data, and this module is in every page's first script. US English
 * figures are simple enough to write by hand, to the character of what Intl writes (format.test.ts compares them);
 * a value Intl writes in its own way (not finite, a huge or tiny number in exponent form) still goes to Intl.
 */
const intlNumbers = new Map<string, Intl.NumberFormat>();
function intlNumber(key: string, options: Intl.NumberFormatOptions) {
  const f = intlNumbers.get(key) ?? new Intl.NumberFormat("en-US", options);
  intlNumbers.set(key, f);
  return f;
}

/** Digits grouped by thousands: "1234567" to "1,234,567". */
function groupThousands(digits: string) {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * A number as Intl.NumberFormat("en-US", { maximumFractionDigits: places }) writes it ("1,234.57", "-0", "7.25"):
 * rounded half away from zero at its shortest decimal form (as Intl rounds: 1.005 to two places is 1.01), trailing
 * zeros dropped, a minus sign for any negative number.
 */
function formatDecimalGrouped(n: number, places: number) {
  const text = String(Math.abs(n));
  if (!Number.isFinite(n) || text.includes("e"))
    return intlNumber(`d${places}`, { maximumFractionDigits: places }).format(n);
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  let [whole, fraction = ""] = text.split(".");
  if (fraction.length > places) {
    const roundUp = fraction.charCodeAt(places) >= 53; // "5"
    fraction = fraction.slice(0, places);
    if (roundUp) {
      const digits = (BigInt(whole + fraction) + 1n).toString().padStart(whole.length + places, "0");
      whole = digits.slice(0, digits.length - places);
      fraction = digits.slice(digits.length - places);
    }
  }
  fraction = fraction.replace(/0+$/, "");
  return `${sign}${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** Whole cents as dollars: "$11,200" when `cents` is a whole number of dollars, else "$7,162.50"; "-$25". */
function dollars(cents: number, withCents: boolean) {
  const sign = cents < 0 || Object.is(cents, -0) ? "-" : "";
  const a = Math.abs(cents);
  if (!withCents) return `${sign}$${groupThousands(String(Math.floor((a + 50) / 100)))}`;
  return `${sign}$${groupThousands(String(Math.floor(a / 100)))}.${String(a % 100).padStart(2, "0")}`;
}

/** An amount of money, exact: "$11,200" (whole dollars), "$7,162.50" (cents when it has some), "-$25". */
export function formatPrice(cents: number) {
  const c = Math.round(cents); // a computed amount (a share of the dues) may carry a fraction of a cent
  if (!Number.isSafeInteger(c)) return intlNumber("usd", { style: "currency", currency: "USD" }).format(c / 100);
  return dollars(c, c % 100 !== 0);
}

/** A price (or dues) per point: "$64/pt", "$95.50/pt". */
export function formatPerPoint(cents: number) {
  return `${formatPrice(cents)}/pt`;
}

/** An estimate, an average or a range's bound, rounded to the dollar: "$2,062". */
export function formatDollars(cents: number) {
  const c = Math.round(cents);
  if (!Number.isSafeInteger(c)) {
    return intlNumber("usd0", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(c / 100);
  }
  return dollars(c, false);
}

/** A year's dues (or any yearly cost), rounded to the dollar: "$2,062 a year". */
export function formatPerYear(cents: number) {
  return `${formatDollars(cents)} a year`;
}

/** A count: "1,234". */
export function formatNumber(n: number) {
  return formatDecimalGrouped(n, 3);
}

/** Points, with the word: "175 points", "1 point". */
export function formatPoints(n: number) {
  return `${formatDecimalGrouped(n, 3)} ${n === 1 ? "point" : "points"}`;
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

/** A rate in percent: "15%", "7.25%" (at most two decimals). */
export function formatPercent(percent: number) {
  return `${formatDecimalGrouped(percent, 2)}%`;
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

/** What a factor adds to or takes from a score, in score points: "+2.5", "−12", "0". */
export function formatScoreEffect(effect: number) {
  const rounded = Math.round(effect * 10) / 10;
  if (rounded === 0) return "0";
  return `${rounded > 0 ? "+" : "−"}${formatDecimalGrouped(Math.abs(rounded), 1)}`;
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
  return `${formatDecimalGrouped(n, 3)} ${n === 1 ? singular : pluralWord}`;
}

/** An ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st. */
export function ordinal(n: number) {
  const tens = Math.abs(n) % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[tens % 10] ?? "th");
  return `${formatDecimalGrouped(n, 3)}${suffix}`;
}
