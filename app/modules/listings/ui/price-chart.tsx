import { centsToDollars } from "~/lib/money";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { DataTable } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint } from "~/lib/format";
import { niceTicks } from "../detail";

export type ChartPoint = { id: number; listingCode: string; contractPoints: number; pricePerPointCents: number };

/**
 * Two drawings of one chart, each shown at about its own width so its 14 px text stays 14 px (issue 27: charts keep
 * their text size at every width): a narrow one for phones and a wide one from the `sm` breakpoint.
 */
const SIZES = [
  { key: "narrow", W: 340, ticks: 4, className: "sm:hidden" },
  { key: "wide", W: 480, ticks: 5, className: "hidden sm:block" },
] as const;
const H = 300;
const M = { top: 16, right: 18, bottom: 48, left: 62 };

function medianOf(values: number[]) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Price per point against contract points for the public listings at the same resort, this listing highlighted
 * (a larger diamond, labelled). Server-rendered SVG, no chart library; the caption summarises it and a table
 * holds every point for people who cannot see the chart.
 */
export function PriceChart({
  current,
  others,
  totalOthers,
  resortName,
  offMarket = false,
}: {
  current: ChartPoint;
  others: ChartPoint[];
  totalOthers: number;
  resortName: string;
  /** Under contract or sold: the listing's price is what it asked, not what it asks. */
  offMarket?: boolean;
}) {
  const all = [current, ...others];
  const prices = others.map((p) => p.pricePerPointCents);
  const med = medianOf(prices);
  const shown = others.length < totalOthers ? ` (the ${formatNumber(others.length)} nearest in size are shown)` : "";
  const here = `This listing ${offMarket ? "asked" : "asks"} ${formatPerPoint(current.pricePerPointCents)} for ${formatNumber(current.contractPoints)} points`;
  const summary =
    others.length === 0
      ? `There are no other listings for sale at ${resortName} right now to compare with. ${here}.`
      : `${formatNumber(totalOthers)} other ${totalOthers === 1 ? "listing" : "listings"} for sale at ${resortName}${shown} ask from ${formatPerPoint(Math.min(...prices))} to ${formatPerPoint(Math.max(...prices))}; their median asking price is ${formatPerPoint(Math.round(med ?? 0))}. ${here}${
          med === null || current.pricePerPointCents === med
            ? ", the same as that median."
            : current.pricePerPointCents < med
              ? `, ${formatPerPoint(Math.round(med - current.pricePerPointCents))} below that median.`
              : `, ${formatPerPoint(Math.round(current.pricePerPointCents - med))} above that median.`
        }`;
  const rows = [...all].sort(
    (a, b) => a.contractPoints - b.contractPoints || a.pricePerPointCents - b.pricePerPointCents,
  );

  return (
    <figure className="space-y-3">
      {SIZES.map((size) => (
        <ChartSvg key={size.key} size={size} all={all} current={current} others={others} resortName={resortName} />
      ))}
      <figcaption id="price-chart-summary" className="text-sm text-slate-700">
        {summary}
        <span className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1" aria-hidden="true">
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rotate-45 border-2 border-orange-900 bg-orange-600" /> This listing
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-full border border-sky-800 bg-sky-700/55" /> Other listings at{" "}
            {resortName}
          </span>
        </span>
      </figcaption>
      <details className="print:hidden">
        <summary className="cursor-pointer text-sm font-medium text-sky-800 underline underline-offset-2">
          Show the chart's data as a table
        </summary>
        <div className="mt-3">
          <DataTable
            caption={`Listings for sale at ${resortName}, by contract points`}
            layout="table"
            captionHidden
            rows={rows}
            rowKey={(p) => p.id}
            empty="No listings."
            columns={[
              {
                key: "listing",
                header: "Listing",
                wrap: true,
                className: "min-w-28!", // lets "(this listing)" wrap, so the table fits a 375 px phone
                cell: (p) =>
                  p.id === current.id ? (
                    <span className="font-semibold">{p.listingCode} (this listing)</span>
                  ) : (
                    <Link
                      to={href("/listing-info/:id", { id: String(p.id) })}
                      className="text-sky-800 underline underline-offset-2"
                    >
                      {p.listingCode}
                    </Link>
                  ),
              },
              {
                key: "points",
                header: "Points",
                className: "text-right",
                cell: (p) => formatNumber(p.contractPoints),
              },
              {
                key: "ppp",
                header: "Per point",
                className: "text-right",
                cell: (p) => formatPerPoint(p.pricePerPointCents),
              },
            ]}
          />
        </div>
      </details>
    </figure>
  );
}

/** One drawing of the chart in a viewBox `size.W` wide (see SIZES). */
function ChartSvg({
  size,
  all,
  current,
  others,
  resortName,
}: {
  size: (typeof SIZES)[number];
  all: ChartPoint[];
  current: ChartPoint;
  others: ChartPoint[];
  resortName: string;
}) {
  const W = size.W;
  const xs = niceTicks(
    Math.min(...all.map((p) => p.contractPoints)),
    Math.max(...all.map((p) => p.contractPoints)),
    size.ticks,
  );
  const ys = niceTicks(
    Math.min(...all.map((p) => centsToDollars(p.pricePerPointCents))),
    Math.max(...all.map((p) => centsToDollars(p.pricePerPointCents))),
    5,
  );
  const [x0, x1] = [xs[0], xs[xs.length - 1]];
  const [y0, y1] = [ys[0], ys[ys.length - 1]];
  const sx = (v: number) => M.left + ((v - x0) / (x1 - x0)) * (W - M.left - M.right);
  const sy = (v: number) => H - M.bottom - ((v - y0) / (y1 - y0)) * (H - M.top - M.bottom);
  const cx = sx(current.contractPoints);
  const cy = sy(centsToDollars(current.pricePerPointCents));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`price-chart-title-${size.key} price-chart-summary`}
      className={`h-auto w-full max-w-2xl rounded-lg border border-slate-200 bg-white ${size.className}`}
    >
      <title id={`price-chart-title-${size.key}`}>{`Price per point against contract points at ${resortName}`}</title>
      {ys.map((t) => (
        <g key={`y${t}`}>
          <line x1={M.left} x2={W - M.right} y1={sy(t)} y2={sy(t)} stroke="#e2e8f0" />
          <text x={M.left - 6} y={sy(t) + 4} textAnchor="end" fontSize="14" fill="#334155">
            ${t}
          </text>
        </g>
      ))}
      {xs.map((t) => (
        <g key={`x${t}`}>
          <line x1={sx(t)} x2={sx(t)} y1={H - M.bottom} y2={H - M.bottom + 4} stroke="#64748b" />
          <text x={sx(t)} y={H - M.bottom + 20} textAnchor="middle" fontSize="14" fill="#334155">
            {t}
          </text>
        </g>
      ))}
      <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} stroke="#64748b" />
      <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} stroke="#64748b" />
      <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" fontSize="14" fill="#0f172a">
        Contract points
      </text>
      <text
        x={14}
        y={(M.top + H - M.bottom) / 2}
        textAnchor="middle"
        fontSize="14"
        fill="#0f172a"
        transform={`rotate(-90 14 ${(M.top + H - M.bottom) / 2})`}
      >
        Price per point
      </text>
      {others.map((p) => (
        <circle
          key={p.id}
          cx={sx(p.contractPoints)}
          cy={sy(centsToDollars(p.pricePerPointCents))}
          r={5}
          fill="#0369a1"
          fillOpacity={0.55}
          stroke="#075985"
        >
          <title>{`${p.listingCode}: ${p.contractPoints} points at ${formatPerPoint(p.pricePerPointCents)}`}</title>
        </circle>
      ))}
      <g data-testid="chart-current">
        <rect
          x={cx - 7}
          y={cy - 7}
          width={14}
          height={14}
          transform={`rotate(45 ${cx} ${cy})`}
          fill="#ea580c"
          stroke="#7c2d12"
          strokeWidth={2}
        />
        <text
          x={cx > W - 130 ? cx - 12 : cx + 12}
          y={cy < M.top + 20 ? cy + 18 : cy - 10}
          textAnchor={cx > W - 130 ? "end" : "start"}
          fontSize="14"
          fontWeight="bold"
          fill="#7c2d12"
        >
          This listing
        </text>
      </g>
    </svg>
  );
}
