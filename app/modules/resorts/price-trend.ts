/**
 * A resort's price per point by month (issue 31, decision 0074): the median asking price of the listings posted in
 * the month and the median price of the sales that closed in it, over the last `count` months (US Eastern months).
 * A month with nothing has no figure (null): the chart leaves a gap, the table says "–".
 */
export type MonthFigure = { month: string; medianCents: number; count: number };
export type TrendMonth = {
  /** "2026-11" */
  month: string;
  askingCents: number | null;
  askingCount: number;
  soldCents: number | null;
  soldCount: number;
};

/** The `count` months ending with the month of `now` in US Eastern time, oldest first, as "YYYY-MM". */
export function lastMonths(now: Date, count: number): string[] {
  const [y, m] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

/** The months in order, each with its asking and sold figures where there are any. */
export function priceTrend(months: string[], asking: MonthFigure[], sold: MonthFigure[]): TrendMonth[] {
  const a = new Map(asking.map((f) => [f.month, f]));
  const s = new Map(sold.map((f) => [f.month, f]));
  return months.map((month) => ({
    month,
    askingCents: a.get(month)?.medianCents ?? null,
    askingCount: a.get(month)?.count ?? 0,
    soldCents: s.get(month)?.medianCents ?? null,
    soldCount: s.get(month)?.count ?? 0,
  }));
}

/** "Nov 2026" */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${y}`;
}

/** The change from the first month with a figure to the last, in percent (one decimal), or null with fewer than two. */
export function trendChange(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const first = known[0];
  const last = known[known.length - 1];
  return Math.round(((last - first) / first) * 1000) / 10;
}
