/**
 * Open market data (issue 31, decision 0077). Pure: the series the public page draws from the stored monthly rows,
 * and their CSV. Money in integer cents per point.
 *
 * Method, per resort and calendar month (UTC), computed in the database by `refreshMarketMonthly` (decision 0101):
 * - asking: the median asking price per point of the listings posted in the month (test listings left out);
 * - sold: the median price per point of the sales closed in the month (a developer buy-back counts: it is a sale at
 *   the agreed price), their number and points;
 * - days on market: the median of the whole days from a sold listing's posting to its agreement (negative as 0, a
 *   sale whose listing is gone left out);
 * - ROFR: how many of the month's sales the developer waived and exercised; the exercised rate = exercised / both;
 * - average: the mean price per point of the month's listings and sales together; an administrator's correction
 *   replaces it in the public series, which then say so;
 * - medians and the average are rounded half up to whole cents (and days).
 * "All resorts" adds up counts and weights each resort's median by its count (a weighted mean of medians, said so).
 */

export type MonthFigures = {
  listedCount: number;
  askingMedianCents: number | null;
  soldCount: number;
  soldPoints: number;
  soldMedianCents: number | null;
  medianDaysOnMarket: number | null;
  rofrWaived: number;
  rofrExercised: number;
  averageCents: number | null;
};

/** The developer's buy-back rate in percent (one decimal), null without an answer. */
export function rofrExercisedRate(waived: number, exercised: number): number | null {
  const n = waived + exercised;
  return n === 0 ? null : Math.round((exercised * 1000) / n) / 10;
}

/** "2026-03-01" for any instant in March 2026 (UTC). */
export function monthStart(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/** The `n` month starts ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--)
    out.push(monthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
  return out;
}

/** A stored monthly row, as the series read it. */
export type MonthlyRow = MonthFigures & {
  resortId: number;
  month: string;
  correctedAverageCents: number | null;
  isDemo: boolean;
};

export const SERIES = {
  prices: {
    title: "Price per point, asking and sold",
    columns: ["month", "asking_median_usd", "sold_median_usd", "average_usd", "average_corrected", "demo"],
  },
  volume: { title: "Sales volume", columns: ["month", "sales", "points_sold", "listed", "demo"] },
  "days-on-market": { title: "Median days on market", columns: ["month", "median_days_on_market", "sales", "demo"] },
  rofr: { title: "ROFR results", columns: ["month", "waived", "exercised", "exercised_rate_percent", "demo"] },
} as const;
export type SeriesName = keyof typeof SERIES;
export const SERIES_NAMES = Object.keys(SERIES) as SeriesName[];
export const isSeriesName = (s: string): s is SeriesName => Object.hasOwn(SERIES, s);

/** One month of every series, for one resort or all together. */
export type MarketMonth = {
  month: string;
  askingMedianCents: number | null;
  soldMedianCents: number | null;
  averageCents: number | null;
  averageCorrected: boolean;
  soldCount: number;
  soldPoints: number;
  listedCount: number;
  medianDaysOnMarket: number | null;
  rofrWaived: number;
  rofrExercised: number;
  rofrExercisedRate: number | null;
  /** Any of the month's figures comes from the seeded demo history. */
  isDemo: boolean;
};

/** The count-weighted mean of medians (each resort's median weighted by its count); null without any. */
function weighted(pairs: [value: number | null, weight: number][]): number | null {
  let sum = 0;
  let w = 0;
  for (const [v, n] of pairs) {
    if (v === null || n <= 0) continue;
    sum += v * n;
    w += n;
  }
  return w === 0 ? null : Math.round(sum / w);
}

/**
 * The months of `rows` (one resort's, or every resort's for "all resorts"), oldest first. A single resort's month
 * is its row; several resorts' months add the counts and weight the medians by their counts. The average is the
 * correction where an administrator set one.
 */
export function marketMonths(rows: readonly MonthlyRow[]): MarketMonth[] {
  const byMonth = new Map<string, MonthlyRow[]>();
  for (const r of rows) byMonth.set(r.month, [...(byMonth.get(r.month) ?? []), r]);
  return [...byMonth.keys()].sort().map((month) => {
    const rs = byMonth.get(month) as MonthlyRow[];
    const sum = (f: (r: MonthlyRow) => number) => rs.reduce((n, r) => n + f(r), 0);
    const waived = sum((r) => r.rofrWaived);
    const exercised = sum((r) => r.rofrExercised);
    return {
      month,
      askingMedianCents: weighted(rs.map((r) => [r.askingMedianCents, r.listedCount])),
      soldMedianCents: weighted(rs.map((r) => [r.soldMedianCents, r.soldCount])),
      averageCents: weighted(
        rs.map((r) => [r.correctedAverageCents ?? r.averageCents, Math.max(1, r.listedCount + r.soldCount)]),
      ),
      averageCorrected: rs.some((r) => r.correctedAverageCents !== null),
      soldCount: sum((r) => r.soldCount),
      soldPoints: sum((r) => r.soldPoints),
      listedCount: sum((r) => r.listedCount),
      medianDaysOnMarket: weighted(rs.map((r) => [r.medianDaysOnMarket, r.soldCount])),
      rofrWaived: waived,
      rofrExercised: exercised,
      rofrExercisedRate: rofrExercisedRate(waived, exercised),
      isDemo: rs.some((r) => r.isDemo),
    };
  });
}

const usd = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);

export type SeriesRecord = Record<string, string | number | boolean | null>;

/** One series as records (the JSON call's `rows`, the CSV's lines, the chart's table: the same numbers). */
export function seriesRecords(
  name: SeriesName,
  months: readonly MarketMonth[],
): Record<string, string | number | boolean | null>[] {
  return months.map((m): SeriesRecord => {
    switch (name) {
      case "prices":
        return {
          month: m.month.slice(0, 7),
          asking_median_usd: usd(m.askingMedianCents),
          sold_median_usd: usd(m.soldMedianCents),
          average_usd: usd(m.averageCents),
          average_corrected: m.averageCorrected,
          demo: m.isDemo,
        };
      case "volume":
        return {
          month: m.month.slice(0, 7),
          sales: m.soldCount,
          points_sold: m.soldPoints,
          listed: m.listedCount,
          demo: m.isDemo,
        };
      case "days-on-market":
        return {
          month: m.month.slice(0, 7),
          median_days_on_market: m.medianDaysOnMarket,
          sales: m.soldCount,
          demo: m.isDemo,
        };
      default: // "rofr"
        return {
          month: m.month.slice(0, 7),
          waived: m.rofrWaived,
          exercised: m.rofrExercised,
          exercised_rate_percent: m.rofrExercisedRate,
          demo: m.isDemo,
        };
    }
  });
}

const csvCell = (v: string | number | boolean | null) => {
  if (v === null) return "";
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The series as CSV: a header line of the column names, one line per month; empty cells for no figure. */
export function seriesCsv(name: SeriesName, months: readonly MarketMonth[]): string {
  const cols = SERIES[name].columns as readonly string[];
  const lines = seriesRecords(name, months).map((r) => cols.map((c) => csvCell(r[c] ?? null)).join(","));
  return `${[cols.join(","), ...lines].join("\n")}\n`;
}

/** A small seeded generator (mulberry32) so the demo history is the same on every database. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo history of one resort (DOMAIN.md: resale price per point, buy-back rates 4-15%, 60-90 days from offer to
 * closing): `months` months ending with `now`'s, prices drifting about 0.4% a month around the resort's resale
 * price, asking a few percent above sold.
 */
export function demoHistory(
  basePerPointDollars: number,
  months: readonly string[],
  seed: number,
): (MonthFigures & { month: string })[] {
  const rand = seededRandom(seed);
  return months.map((month, i) => {
    const trend = 1 + 0.004 * (i - months.length + 1);
    const sold = Math.round(basePerPointDollars * trend * (0.97 + rand() * 0.06) * 100);
    const asking = Math.round(sold * (1.03 + rand() * 0.04));
    const soldCount = 3 + Math.floor(rand() * 9);
    const exercised = rand() < 0.1 + rand() * 0.05 ? 1 : 0;
    const listedCount = soldCount + 1 + Math.floor(rand() * 6);
    const avgPoints = 120 + Math.floor(rand() * 80);
    return {
      month,
      listedCount,
      askingMedianCents: asking,
      soldCount,
      soldPoints: soldCount * avgPoints,
      soldMedianCents: sold,
      medianDaysOnMarket: 20 + Math.floor(rand() * 40),
      rofrWaived: soldCount - exercised,
      rofrExercised: exercised,
      averageCents: Math.round((asking * listedCount + sold * soldCount) / (listedCount + soldCount)),
    };
  });
}
