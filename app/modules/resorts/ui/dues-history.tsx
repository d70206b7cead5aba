import { formatDollars, formatPerPoint, formatPrice } from "~/lib/format";
import { DataTable } from "~/modules/content/ui/content-blocks";

export type DuesHistoryPoint = { year: number; perPointCents: number; source: string; estimated: boolean };

/**
 * A resort's dues per point by year (issue 31): a server-rendered bar chart (decision 0008) with the same figures in
 * a table beside it. A published year is a solid bar, our estimate a hatched one, and the table says which is which
 * and where each figure comes from. The resort page's overview and the dues guide show it.
 */
export function DuesHistory({ resortName, history }: { resortName: string; history: DuesHistoryPoint[] }) {
  if (history.length === 0) {
    return <p>We have no dues on record for {resortName} yet.</p>;
  }
  return (
    <div>
      <DuesChart resortName={resortName} history={history} />
      <DataTable
        caption={`${resortName}: dues per point by year`}
        head={["Year", "Dues per point", "Figure", "Source"]}
        numeric={[1]}
        rows={history.map((h) => [
          String(h.year),
          h.estimated ? `About ${formatPerPoint(h.perPointCents)}` : formatPerPoint(h.perPointCents),
          h.estimated ? "Our estimate" : "Published",
          h.source,
        ])}
      />
    </div>
  );
}

// A narrow drawing, so its text stays readable when it is scaled to a 375 px screen (about 12 px there).
const W = 400;
const H = 240;
const PAD = { top: 24, right: 8, bottom: 32, left: 44 };
const FONT = 14;

/** The bar chart alone: one bar per year, its height the dues per point, the axis from $0. */
export function DuesChart({ resortName, history }: { resortName: string; history: DuesHistoryPoint[] }) {
  const max = Math.max(...history.map((h) => h.perPointCents));
  const top = Math.ceil(max / 200) * 200 || 200; // a round axis top, in steps of $2
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / history.length;
  const barW = Math.min(56, slot * 0.7);
  const y = (cents: number) => PAD.top + innerH - (cents / top) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(top * f));
  const titleId = `dues-chart-${resortName.replace(/\W+/g, "-").toLowerCase()}`;
  const published = history.filter((h) => !h.estimated).length;
  return (
    <figure className="mt-6">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white"
      >
        <title id={titleId}>
          {`${resortName}: dues per point from ${history[0].year} to ${history[history.length - 1].year}, ${published} published and ${history.length - published} estimated years (the table below has each figure)`}
        </title>
        <defs>
          <pattern id="dues-estimate" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" fill="#e0f2fe" />
            <line x1="0" y1="0" x2="0" y2="8" stroke="#0369a1" strokeWidth="3" />
          </pattern>
        </defs>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#cbd5e1" strokeWidth="1" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={FONT} fill="#334155">
              {formatDollars(t)}
            </text>
          </g>
        ))}
        {history.map((h, i) => {
          const x = PAD.left + slot * i + (slot - barW) / 2;
          return (
            <g key={h.year}>
              <rect
                x={x}
                y={y(h.perPointCents)}
                width={barW}
                height={PAD.top + innerH - y(h.perPointCents)}
                fill={h.estimated ? "url(#dues-estimate)" : "#0369a1"}
                stroke="#0369a1"
              />
              {slot >= 44 ? (
                <text x={x + barW / 2} y={y(h.perPointCents) - 6} textAnchor="middle" fontSize={FONT} fill="#0f172a">
                  {formatPrice(h.perPointCents)}
                </text>
              ) : null}
              {slot >= 40 || i % 2 === (history.length - 1) % 2 ? (
                <text x={x + barW / 2} y={H - PAD.bottom + 18} textAnchor="middle" fontSize={FONT} fill="#334155">
                  {h.year}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">
        Dollars per point. Solid bars: the published figure; hatched bars: our estimate.
      </figcaption>
    </figure>
  );
}
