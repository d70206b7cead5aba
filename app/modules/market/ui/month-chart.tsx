import { niceTicks } from "~/modules/listings/detail";

export type ChartLine = { label: string; values: (number | null)[]; color: string; dashed?: boolean };

/** Two drawings, each shown at about its own width so its 14 px text stays 14 px (as the listing's price chart). */
const SIZES = [
  { key: "narrow", W: 340, every: 6, className: "sm:hidden" },
  { key: "wide", W: 640, every: 3, className: "hidden sm:block" },
] as const;
const H = 260;
const M = { top: 14, right: 14, bottom: 40, left: 58 };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 26" for "2026-03-01". */
export function monthLabel(month: string) {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
}

/**
 * A month-by-month chart, server-rendered SVG without a library (decision 0008): lines (prices, days, rates) or bars
 * (one series: volume). The page puts the same numbers in a table beside it; `summary` names what it shows.
 */
export function MonthChart({
  id,
  title,
  summary,
  months,
  lines,
  bars = false,
  yFormat,
}: {
  id: string;
  title: string;
  summary: string;
  months: string[];
  lines: ChartLine[];
  bars?: boolean;
  yFormat: (v: number) => string;
}) {
  const values = lines.flatMap((l) => l.values.filter((v): v is number => v !== null));
  if (months.length === 0 || values.length === 0) return <p>No figures for this period yet.</p>;
  return (
    <figure className="space-y-2">
      {SIZES.map((size) => (
        <Drawing
          key={size.key}
          size={size}
          id={id}
          title={title}
          months={months}
          lines={lines}
          bars={bars}
          yFormat={yFormat}
          values={values}
        />
      ))}
      <figcaption id={`${id}-summary`} className="text-sm text-slate-700">
        {summary}
        {lines.length > 1 ? (
          <span className="mt-1 flex flex-wrap gap-x-4" aria-hidden="true">
            {lines.map((l) => (
              <span key={l.label} className="inline-flex items-center gap-1.5">
                <svg width="22" height="6" aria-hidden="true">
                  <line
                    x1="0"
                    x2="22"
                    y1="3"
                    y2="3"
                    stroke={l.color}
                    strokeWidth="3"
                    strokeDasharray={l.dashed ? "5 3" : undefined}
                  />
                </svg>
                {l.label}
              </span>
            ))}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function Drawing({
  size,
  id,
  title,
  months,
  lines,
  bars,
  yFormat,
  values,
}: {
  size: (typeof SIZES)[number];
  id: string;
  title: string;
  months: string[];
  lines: ChartLine[];
  bars: boolean;
  yFormat: (v: number) => string;
  values: number[];
}) {
  const W = size.W;
  const ys = niceTicks(bars ? 0 : Math.min(...values), Math.max(...values), 5);
  const [y0, y1] = [ys[0], ys[ys.length - 1]];
  const plotW = W - M.left - M.right;
  const step = plotW / months.length;
  // Coordinates to a tenth of a unit (under a pixel's fifth at either width): full floats doubled the drawings' size.
  const sx = (i: number) => round1(M.left + step * (i + 0.5));
  const sy = (v: number) => round1(H - M.bottom - ((v - y0) / (y1 - y0 || 1)) * (H - M.top - M.bottom));
  const titleId = `${id}-title-${size.key}`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${titleId} ${id}-summary`}
      className={`h-auto w-full rounded-lg border border-slate-200 bg-white ${size.className}`}
    >
      <title id={titleId}>{title}</title>
      {ys.map((t) => (
        <g key={`y${t}`}>
          <line x1={M.left} x2={W - M.right} y1={sy(t)} y2={sy(t)} stroke="#e2e8f0" />
          <text x={M.left - 6} y={sy(t) + 4} textAnchor="end" fontSize="14" fill="#334155">
            {yFormat(t)}
          </text>
        </g>
      ))}
      {months.map((m, i) =>
        (months.length - 1 - i) % size.every === 0 ? (
          <text key={m} x={sx(i)} y={H - M.bottom + 20} textAnchor="middle" fontSize="14" fill="#334155">
            {monthLabel(m)}
          </text>
        ) : null,
      )}
      <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="#64748b" />
      <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} stroke="#64748b" />
      {bars
        ? lines[0].values.map((v, i) =>
            v === null ? null : (
              <rect
                key={months[i]}
                x={round1(sx(i) - step * 0.35)}
                width={round1(step * 0.7)}
                y={sy(v)}
                height={Math.max(0, H - M.bottom - sy(v))}
                fill={lines[0].color}
              />
            ),
          )
        : lines.map((l) => (
            <g key={l.label}>
              <path
                d={pathOf(l.values, sx, sy)}
                fill="none"
                stroke={l.color}
                strokeWidth="2.5"
                strokeDasharray={l.dashed ? "6 4" : undefined}
              />
              {/* A dot on each month: one path of zero-length strokes with round caps, 5 units wide (a circle of
                  radius 2.5 each), instead of a circle element per month. */}
              <path d={dotsOf(l.values, sx, sy)} stroke={l.color} strokeWidth="5" strokeLinecap="round" />
            </g>
          ))}
    </svg>
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A dot at each known value (`M x,y h0`: drawn by a round line cap). */
function dotsOf(values: (number | null)[], sx: (i: number) => number, sy: (v: number) => number) {
  return values.flatMap((v, i) => (v === null ? [] : [`M${sx(i)},${sy(v)}h0`])).join("");
}

/** A line through the known values; a month without a figure breaks it. */
function pathOf(values: (number | null)[], sx: (i: number) => number, sy: (v: number) => number) {
  let d = "";
  let pen = false;
  for (const [i, v] of values.entries()) {
    if (v === null) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${sx(i)},${sy(v)} `;
    pen = true;
  }
  return d.trim();
}
