import { DataTable } from "~/modules/content/ui/content-blocks";
import { formatPerPoint } from "~/lib/format";
import { monthLabel, type TrendMonth, trendChange } from "../price-trend";

const SIZES = [
  { key: "narrow", W: 340, className: "sm:hidden", every: 3 },
  { key: "wide", W: 640, className: "hidden sm:block", every: 2 },
] as const;
const H = 240;
const M = { top: 16, right: 16, bottom: 36, left: 60 };

const SERIES = [
  { key: "askingCents", label: "Median asking price", color: "#0369a1", dash: undefined },
  { key: "soldCents", label: "Median sold price", color: "#c2410c", dash: "6 4" },
] as const;

/**
 * A resort's price per point by month (issue 31; decision 0008: server-rendered SVG with a table alternative): the
 * median asking price of listings posted and the median price of sales closed, each month. A month with nothing
 * leaves a gap in its line; the table gives every month with how many listings and sales it rests on.
 */
export function PriceTrendChart({ resortName, trend }: { resortName: string; trend: TrendMonth[] }) {
  const any = trend.some((m) => m.askingCents !== null || m.soldCents !== null);
  const askingChange = trendChange(trend.map((m) => m.askingCents));
  const summary = !any
    ? `No ${resortName} contract was listed or sold through our marketplace in these 12 months.`
    : askingChange === null
      ? `Too few months with listings at ${resortName} to show a trend in asking prices.`
      : `The median asking price at ${resortName} went ${askingChange >= 0 ? "up" : "down"} ${Math.abs(askingChange)}% from the first month with listings to the last.`;
  return (
    <figure className="mt-4 space-y-3" data-testid="price-trend">
      {any ? SIZES.map((s) => <TrendSvg key={s.key} size={s} trend={trend} resortName={resortName} />) : null}
      <figcaption className="text-sm text-slate-700">
        {summary}
        {any ? (
          <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-hidden="true">
            {SERIES.map((s) => (
              <span key={s.key} className="inline-flex items-center gap-1.5">
                <svg width="24" height="8" aria-hidden="true">
                  <line x1="0" y1="4" x2="24" y2="4" stroke={s.color} strokeWidth="3" strokeDasharray={s.dash} />
                </svg>
                {s.label}
              </span>
            ))}
          </span>
        ) : null}
      </figcaption>
      {any ? (
        <DataTable
          caption={`Price per point at ${resortName} by month`}
          head={["Month", "Median asking", "Median sold"]}
          numeric={[1, 2]}
          rows={trend.map((m) => [
            monthLabel(m.month),
            m.askingCents === null ? "–" : `${formatPerPoint(m.askingCents)} (${m.askingCount})`,
            m.soldCents === null ? "–" : `${formatPerPoint(m.soldCents)} (${m.soldCount})`,
          ])}
        />
      ) : null}
    </figure>
  );
}

function TrendSvg({
  size,
  trend,
  resortName,
}: {
  size: (typeof SIZES)[number];
  trend: TrendMonth[];
  resortName: string;
}) {
  const { W } = size;
  const values = trend.flatMap((m) => [m.askingCents, m.soldCents]).filter((v): v is number => v !== null);
  const lo = Math.floor(Math.min(...values) / 1000) * 1000;
  const hi = Math.max(Math.ceil(Math.max(...values) / 1000) * 1000, lo + 1000);
  const x = (i: number) => M.left + (i * (W - M.left - M.right)) / Math.max(1, trend.length - 1);
  const y = (v: number) => M.top + ((hi - v) * (H - M.top - M.bottom)) / (hi - lo);
  const ticks = [lo, lo + (hi - lo) / 2, hi];
  /** The line's runs of consecutive months with a figure (a month without one breaks the line). */
  const runs = (key: "askingCents" | "soldCents") => {
    const out: { i: number; v: number }[][] = [];
    let run: { i: number; v: number }[] = [];
    trend.forEach((m, i) => {
      const v = m[key];
      if (v === null) {
        if (run.length) out.push(run);
        run = [];
      } else run.push({ i, v });
    });
    if (run.length) out.push(run);
    return out;
  };
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      className={`${size.className} h-auto`}
      role="img"
      aria-label={`Chart of the median asking and sold price per point at ${resortName} by month; the table below gives the figures.`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
          <text
            x={M.left - 8}
            y={y(t) + 4}
            textAnchor="end"
            fontSize="12"
            fill="#475569"
            fontFamily="system-ui, sans-serif"
          >
            {formatPerPoint(t)}
          </text>
        </g>
      ))}
      {trend.map((m, i) =>
        i % size.every === (trend.length - 1) % size.every ? (
          <text
            key={m.month}
            x={x(i)}
            y={H - 12}
            textAnchor="middle"
            fontSize="12"
            fill="#475569"
            fontFamily="system-ui, sans-serif"
          >
            {monthLabel(m.month).replace(/ (\d\d)(\d\d)$/, " ’$2")}
          </text>
        ) : null,
      )}
      {SERIES.map((s) =>
        runs(s.key).map((run) => (
          <g key={`${s.key}-${run[0].i}`}>
            {run.length > 1 ? (
              <polyline
                points={run.map((p) => `${x(p.i)},${y(p.v)}`).join(" ")}
                fill="none"
                stroke={s.color}
                strokeWidth="2.5"
                strokeDasharray={s.dash}
              />
            ) : null}
            {run.map((p) => (
              <circle key={p.i} cx={x(p.i)} cy={y(p.v)} r="3.5" fill={s.color} />
            ))}
          </g>
        )),
      )}
    </svg>
  );
}
