import { formatNumber } from "~/lib/format";

export type Bar = { key: string; label: string; value: number; note?: string };

/**
 * A horizontal bar chart drawn with plain elements (no script, no chart library): each bar is a list item that reads
 * as "label: value" to a screen reader, with the bar itself decorative. The longest bar spans the width; a zero is a
 * hairline, so every row still shows.
 */
export function BarList({
  title,
  description,
  bars,
  format = formatNumber,
  highlight,
}: {
  title: string;
  description?: string;
  bars: Bar[];
  format?: (value: number) => string;
  /** The key of a bar drawn in the accent colour (this month). */
  highlight?: string;
}) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption>
        <span className="block font-semibold text-slate-900">{title}</span>
        {description && <span className="mt-0.5 block text-sm text-slate-700">{description}</span>}
      </figcaption>
      <ul className="mt-3 space-y-2">
        {bars.map((b) => (
          <li key={b.key} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 text-slate-800">{b.label}</span>
              <span className="shrink-0 font-medium tabular-nums text-slate-900">
                {format(b.value)}
                {b.note && <span className="font-normal text-slate-600"> · {b.note}</span>}
              </span>
            </div>
            <div aria-hidden className="mt-1 h-2 rounded bg-slate-100">
              <div
                className={`h-2 rounded ${b.key === highlight ? "bg-emerald-600" : "bg-sky-700"}`}
                style={{ width: b.value > 0 ? `${Math.max(2, (b.value / max) * 100)}%` : "2px" }}
              />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
