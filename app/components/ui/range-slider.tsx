import { type ReactNode, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Band, type Bounds, type Range, sameRange } from "~/lib/facets/facets";
import type { ChipLink } from "./facet-panel";
import { EditWaiting, fieldClass } from "./facet-panel";
import { formatDollars, formatNumber } from "~/lib/format";

const sliderClass = "range-handle absolute inset-0 h-8 w-full";

/** A range facet's quick choices as chip links: "All" (no filter), then each band. */
export function rangeChips(
  bands: readonly Band[],
  value: Range | null,
  hrefFor: (range: Range | null) => string,
  labelOf: (band: Band) => string = (b) => b.label,
): (ChipLink & { key: string })[] {
  return [
    { key: "all", label: "All", href: hrefFor(null), active: value === null },
    ...bands.map((b) => ({
      key: b.label,
      label: labelOf(b),
      href: hrefFor(b.range),
      active: sameRange(value, b.range),
    })),
  ];
}

/**
 * One range facet of the filter panel (decision 0015). With `slider`, a two-handle slider over the data's
 * bounds (two native range inputs on one track, so arrow keys, Page Up/Down, Home and End work) and, once
 * JavaScript runs, Min/Max number fields for exact values; without JavaScript the sliders carry the form
 * fields, with it the number fields do (the sliders mirror them), so each value is sent once. Without
 * `slider`, the number fields alone, with the bounds as placeholders. The fields are `<name>_min` and `<name>_max`.
 */
export function RangeField({
  name,
  title,
  noun,
  unit,
  step,
  whole = false,
  slider,
  value,
  bounds,
  children,
}: {
  name: string;
  title: string;
  /** The sliders' names for screen readers: "Minimum contract points". */
  noun: string;
  unit: "" | "$" | "%";
  /** The slider's step; the bounds are rounded out to it. */
  step: number;
  /** Whole numbers only in the number fields. */
  whole?: boolean;
  slider: boolean;
  value: Range | null;
  bounds: Bounds;
  children?: ReactNode;
}) {
  const lo = bounds ? Math.floor(bounds[0] / step) * step : 0;
  const hi = bounds ? Math.ceil(bounds[1] / step) * step : 0;
  const vMin = value?.min ?? null;
  const vMax = value?.max ?? null;
  const at = (n: number | null, d: number) => Math.min(hi, Math.max(lo, n ?? d));
  const [[a, b], setPair] = useState<[number, number]>(() => [at(vMin, lo), at(vMax, hi)]);
  // Follows the URL's values once a search's results are in. A layout effect, so this runs as the results are shown: a
  // passive effect can run after the next keypress, and put back the value the key had just moved. Results that
  // arrive while a newer change waits to be sent leave the handles where the visitor put them. The pair is kept when
  // it holds the same values (on hydration it always does): a new one would render the page again in the same task.
  const waiting = useContext(EditWaiting);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `at` is derived from lo and hi
  useLayoutEffect(() => {
    if (waiting?.current) return;
    const next: [number, number] = [at(vMin, lo), at(vMax, hi)];
    setPair((pair) => (pair[0] === next[0] && pair[1] === next[1] ? pair : next));
  }, [vMin, vMax, lo, hi]);
  // The number fields appear once JavaScript runs (without it the sliders carry the values).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const sliding = slider && bounds !== null && hi > lo;
  const numbers = live || !sliding;
  const text = (n: number) => (unit === "$" ? formatDollars(n * 100) : `${formatNumber(n)}${unit}`);
  const pos = (n: number) => `calc(0.75rem + (100% - 1.5rem) * ${(n - lo) / (hi - lo)})`;

  function slide(end: 0 | 1, raw: string) {
    const n = Number(raw);
    const next: [number, number] = end === 0 ? [Math.min(n, b), b] : [a, Math.max(n, a)];
    setPair(next);
    const field = end === 0 ? minRef.current : maxRef.current;
    if (field) field.value = next[end] === (end === 0 ? lo : hi) ? "" : String(next[end]);
  }
  function typed(end: 0 | 1, raw: string) {
    const n = raw.trim() === "" ? null : Number(raw);
    if (n === null || Number.isFinite(n)) setPair(end === 0 ? [at(n, lo), b] : [a, at(n, hi)]);
  }

  return (
    <fieldset>
      <legend className="float-left text-sm font-semibold text-slate-900">
        {title}
        {unit === "$" ? " ($)" : ""}
      </legend>
      {sliding ? (
        <output htmlFor={`f-${name}-lo f-${name}-hi`} className="float-right text-sm text-slate-700 tabular-nums">
          {text(a)} to {text(b)}
        </output>
      ) : null}
      <div className="clear-both" />
      {numbers ? (
        <div className="mt-1 grid grid-cols-2 gap-2">
          {(["min", "max"] as const).map((end, i) => (
            <div key={end}>
              <label htmlFor={`f-${name}-${end}`} className="block text-xs text-slate-700">
                {end === "min" ? "Min" : "Max"}
              </label>
              <input
                ref={i === 0 ? minRef : maxRef}
                id={`f-${name}-${end}`}
                name={`${name}_${end}`}
                type="number"
                inputMode={whole ? "numeric" : "decimal"}
                min={0}
                step={whole ? 1 : "any"}
                placeholder={bounds ? String(i === 0 ? lo : hi) : undefined}
                defaultValue={value?.[end] ?? ""}
                onChange={sliding ? (e) => typed(i as 0 | 1, e.currentTarget.value) : undefined}
                className={fieldClass}
              />
            </div>
          ))}
        </div>
      ) : null}
      {sliding ? (
        <div className="relative mt-1 h-8">
          <div className="absolute inset-x-3 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-300" />
          <div
            className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-sky-700"
            style={{ left: pos(a), right: `calc(100% - ${pos(b)})` }}
          />
          {([a, b] as const).map((v, i) => (
            <input
              key={i === 0 ? "lo" : "hi"}
              id={`f-${name}-${i === 0 ? "lo" : "hi"}`}
              name={numbers ? undefined : `${name}_${i === 0 ? "min" : "max"}`}
              type="range"
              min={lo}
              max={hi}
              step={step}
              value={v}
              aria-label={`${i === 0 ? "Minimum" : "Maximum"} ${noun}`}
              aria-valuetext={text(v)}
              onChange={(e) => slide(i as 0 | 1, e.currentTarget.value)}
              // The minimum handle goes on top once it is past the middle, so two handles at the top stay reachable.
              className={`${sliderClass} ${i === 0 && a > (lo + hi) / 2 ? "z-10" : ""}`}
            />
          ))}
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
