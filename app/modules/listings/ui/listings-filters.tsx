import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  applyFilterChange,
  BANDS,
  type ListingsQuery,
  listingsHref,
  PAGE_SIZES,
  type RangeBounds,
  type RangeParam,
  SORT_KEYS,
  SORTS,
  serializeListingsQuery,
  settleRanges,
} from "../listings-url";
import { parseListingsQuery } from "../listings-query";
import { type Range, USE_YEAR_NAMES } from "../search-constants";

export type FilterChoices = {
  resorts: { code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
  bounds: RangeBounds;
};

const RANGES: RangeDef[] = [
  { key: "points", label: "Contract points", noun: "contract points", unit: "", step: 1 },
  { key: "ppp", label: "Price per point", noun: "price per point", unit: "$", step: 1 },
  { key: "price", label: "Total price", noun: "total price", unit: "$", step: 500 },
  { key: "score", label: "Score (0-100)", noun: "score", unit: "", step: 1 },
  { key: "pct", label: "Current-year points (%)", noun: "current-year points percentage", unit: "%", step: 1 },
];
type RangeDef = { key: RangeParam; label: string; noun: string; unit: "" | "$" | "%"; step: number };

const inputClass =
  "w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-base text-slate-900 focus:border-sky-700 focus:outline-2 focus:outline-sky-700";
const DEBOUNCE_MS = 350; // SPEC section 9

function sameRange(a: Range | null, b: Range) {
  return a?.min === b.min && a?.max === b.max;
}

/** Fills the form's fields from a query (after back/forward or a link), leaving the field being typed in alone. */
function syncForm(form: HTMLFormElement, q: ListingsQuery) {
  const active = document.activeElement;
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el === active || el.type === "range")
      continue;
    const m = /^(points|ppp|price|score|pct)_(min|max)$/.exec(el.name);
    if (m) {
      const v = q[m[1] as "points"]?.[m[2] as "min"];
      el.value = v === null || v === undefined ? "" : String(v);
    } else if (el.name === "resort") el.value = q.resort ?? "";
    else if (el.name === "sort") el.value = q.sort;
    else if (el.name === "limit") el.value = String(q.limit);
    else if (el.name === "uy" && el instanceof HTMLInputElement)
      el.checked = (q.useYears as string[]).includes(el.value);
    else if (el.name === "broker" && el instanceof HTMLInputElement) el.checked = q.brokers.includes(Number(el.value));
  }
}

/**
 * The filter panel: a plain GET form that works without JavaScript (the server applies the SPEC's
 * "a filter change resets the sort" rule from the `from` field). With JavaScript every change submits
 * at once (number fields after a 350 ms pause), and the URL follows without a full reload.
 */
export function ListingsFilters({ query, choices }: { query: ListingsQuery; choices: FilterChoices }) {
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = serializeListingsQuery(query).toString();

  useEffect(() => {
    if (formRef.current) syncForm(formRef.current, query);
  }, [query]);
  // Marks the form once its change handler is live (end-to-end tests wait for it).
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    return () => clearTimeout(timer.current);
  }, []);

  function go(form: HTMLFormElement, typing: boolean) {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") params.append(k, v);
    const { query: next } = parseListingsQuery(params);
    const changed = serializeListingsQuery(applyFilterChange(query, settleRanges(query, next, choices.bounds)));
    if (changed.toString() === current) return;
    // Typing in a number field replaces its own history entries, so Back goes to the list before the typing.
    const replace = typing && (location.state as { typing?: boolean } | null)?.typing === true;
    submit(changed, {
      method: "get",
      action: "/listings",
      replace,
      preventScrollReset: true,
      state: typing ? { typing: true } : null,
    });
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const target = e.target as HTMLInputElement;
    clearTimeout(timer.current);
    if (target.type === "number" || target.type === "range")
      timer.current = setTimeout(() => go(form, true), DEBOUNCE_MS);
    else go(form, false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    go(e.currentTarget, false);
  }

  const bandHref = (key: RangeParam, range: Range | null) =>
    listingsHref(applyFilterChange(query, { ...query, [key]: range }));

  return (
    <Form
      ref={formRef}
      method="get"
      action="/listings"
      onChange={onChange}
      onSubmit={onSubmit}
      preventScrollReset
      aria-labelledby="filters-heading"
      data-live={live ? "true" : undefined}
      className="space-y-6"
    >
      <input type="hidden" name="from" value={current} />
      <h2 id="filters-heading" className="sr-only">
        Filters
      </h2>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <label htmlFor="f-sort" className="block text-sm font-semibold text-slate-900">
            Sort by
          </label>
          <select id="f-sort" name="sort" defaultValue={query.sort} className={`${inputClass} mt-1`}>
            {SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {SORTS[k].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-limit" className="block text-sm font-semibold text-slate-900">
            Listings per page
          </label>
          <select id="f-limit" name="limit" defaultValue={String(query.limit)} className={`${inputClass} mt-1`}>
            {(PAGE_SIZES as readonly number[]).includes(query.limit) ? null : (
              <option value={query.limit}>{query.limit}</option>
            )}
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="f-resort" className="block text-sm font-semibold text-slate-900">
            Resort
          </label>
          <select id="f-resort" name="resort" defaultValue={query.resort ?? ""} className={`${inputClass} mt-1`}>
            <option value="">All resorts</option>
            {choices.resorts.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name} ({r.count})
              </option>
            ))}
          </select>
        </div>
      </div>

      {RANGES.map((def) => {
        const bands = (BANDS as Partial<Record<RangeParam, { label: string; range: Range }[]>>)[def.key];
        return (
          <RangeField key={def.key} def={def} value={query[def.key]} bounds={choices.bounds[def.key]} live={live}>
            {bands ? (
              <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Quick ${def.label.toLowerCase()} choices`}>
                <li>
                  <BandLink href={bandHref(def.key, null)} active={query[def.key] === null}>
                    All
                  </BandLink>
                </li>
                {bands.map((b) => (
                  <li key={b.label}>
                    <BandLink href={bandHref(def.key, b.range)} active={sameRange(query[def.key], b.range)}>
                      {b.label}
                    </BandLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </RangeField>
        );
      })}

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Use year</legend>
        <div className="mt-1 grid grid-cols-4 gap-x-2 gap-y-1">
          {USE_YEAR_NAMES.map((m) => (
            <label key={m} className="flex items-center gap-1.5 py-1 text-sm text-slate-800">
              <input
                type="checkbox"
                name="uy"
                value={m}
                defaultChecked={query.useYears.includes(m)}
                className="size-4 accent-sky-800"
              />
              {m}
            </label>
          ))}
        </div>
      </fieldset>

      {choices.brokers.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Broker</legend>
          <div className="mt-1 space-y-1">
            {choices.brokers.map((b) => (
              <label key={b.id} className="flex items-center gap-1.5 py-1 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="broker"
                  value={b.id}
                  defaultChecked={query.brokers.includes(b.id)}
                  className="size-4 accent-sky-800"
                />
                {b.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="flex gap-3">
        <button type="submit" className={buttonClass("primary", "md", "flex-1")}>
          Apply
        </button>
        <Link to="/listings" className={buttonClass("secondary", "md", "flex-1")}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

function BandLink({ href, active, children }: { href: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={`inline-block rounded-full border px-2.5 py-1 text-xs font-medium ${
        active
          ? "border-sky-800 bg-sky-800 text-white"
          : "border-slate-300 bg-white text-slate-800 hover:border-sky-700 hover:text-sky-900"
      }`}
    >
      {children}
    </Link>
  );
}

const sliderClass = "range-handle absolute inset-0 h-8 w-full";

/**
 * One range filter: a two-handle slider over the data's bounds (two native range inputs on one track, so
 * arrow keys, Page Up/Down, Home and End work) and, once JavaScript runs, Min/Max number fields for exact
 * values. Without JavaScript the sliders carry the form fields; with it the number fields do (the sliders
 * mirror them), so each value is sent once. Ends left at the bounds are dropped (`settleRanges`).
 */
function RangeField({
  def: { key, label, noun, unit, step },
  value,
  bounds,
  live,
  children,
}: {
  def: RangeDef;
  value: Range | null;
  bounds: readonly [number, number] | null;
  live: boolean;
  children: React.ReactNode;
}) {
  const lo = bounds ? Math.floor(bounds[0] / step) * step : 0;
  const hi = bounds ? Math.ceil(bounds[1] / step) * step : 0;
  const vMin = value?.min ?? null;
  const vMax = value?.max ?? null;
  const at = (n: number | null, d: number) => Math.min(hi, Math.max(lo, n ?? d));
  const [[a, b], setPair] = useState<[number, number]>(() => [at(vMin, lo), at(vMax, hi)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `at` is derived from lo and hi
  useEffect(() => setPair([at(vMin, lo), at(vMax, hi)]), [vMin, vMax, lo, hi]);
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const slider = bounds !== null && hi > lo;
  const numbers = live || !slider;
  const text = (n: number) => (unit === "$" ? `$${n.toLocaleString("en-US")}` : `${n.toLocaleString("en-US")}${unit}`);
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
        {label}
        {unit === "$" ? " ($)" : ""}
      </legend>
      {slider ? (
        <output htmlFor={`f-${key}-lo f-${key}-hi`} className="float-right text-sm text-slate-700 tabular-nums">
          {text(a)} to {text(b)}
        </output>
      ) : null}
      <div className="clear-both" />
      {numbers ? (
        <div className="mt-1 grid grid-cols-2 gap-2">
          {(["min", "max"] as const).map((end, i) => (
            <div key={end}>
              <label htmlFor={`f-${key}-${end}`} className="block text-xs text-slate-700">
                {end === "min" ? "Min" : "Max"}
              </label>
              <input
                ref={i === 0 ? minRef : maxRef}
                id={`f-${key}-${end}`}
                name={`${key}_${end}`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                placeholder={slider ? String(i === 0 ? lo : hi) : undefined}
                defaultValue={value?.[end] ?? ""}
                onChange={(e) => typed(i as 0 | 1, e.currentTarget.value)}
                className={inputClass}
              />
            </div>
          ))}
        </div>
      ) : null}
      {slider ? (
        <div className="relative mt-1 h-8">
          <div className="absolute inset-x-3 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-300" />
          <div
            className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-sky-700"
            style={{ left: pos(a), right: `calc(100% - ${pos(b)})` }}
          />
          {([a, b] as const).map((v, i) => (
            <input
              key={i === 0 ? "lo" : "hi"}
              id={`f-${key}-${i === 0 ? "lo" : "hi"}`}
              name={numbers ? undefined : `${key}_${i === 0 ? "min" : "max"}`}
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
