import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  applyFilterChange,
  BANDS,
  type ListingsQuery,
  listingsHref,
  PAGE_SIZES,
  SORT_KEYS,
  SORTS,
  serializeListingsQuery,
} from "../listings-url";
import { parseListingsQuery } from "../listings-query";
import { type Range, USE_YEAR_NAMES } from "../search-constants";

export type FilterChoices = {
  resorts: { code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
};

const RANGES = [
  { key: "points", label: "Contract points", unit: "" },
  { key: "ppp", label: "Price per point", unit: "$" },
  { key: "price", label: "Total price", unit: "$" },
  { key: "score", label: "Score (0-100)", unit: "" },
] as const;

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
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el === active) continue;
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
    const changed = serializeListingsQuery(applyFilterChange(query, next));
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
    if (target.type === "number") timer.current = setTimeout(() => go(form, true), DEBOUNCE_MS);
    else go(form, false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    go(e.currentTarget, false);
  }

  const bandHref = (key: "points" | "ppp" | "price" | "score", range: Range | null) =>
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
      {query.pct ? (
        <>
          <input type="hidden" name="pct_min" value={query.pct.min ?? ""} />
          <input type="hidden" name="pct_max" value={query.pct.max ?? ""} />
        </>
      ) : null}
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

      {RANGES.map(({ key, label, unit }) => (
        <fieldset key={key}>
          <legend className="text-sm font-semibold text-slate-900">
            {label}
            {unit ? " ($)" : ""}
          </legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={`f-${key}-min`} className="block text-xs text-slate-700">
                Min
              </label>
              <input
                id={`f-${key}-min`}
                name={`${key}_min`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                defaultValue={query[key]?.min ?? ""}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor={`f-${key}-max`} className="block text-xs text-slate-700">
                Max
              </label>
              <input
                id={`f-${key}-max`}
                name={`${key}_max`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                defaultValue={query[key]?.max ?? ""}
                className={inputClass}
              />
            </div>
          </div>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Quick ${label.toLowerCase()} choices`}>
            <li>
              <BandLink href={bandHref(key, null)} active={query[key] === null}>
                All
              </BandLink>
            </li>
            {BANDS[key].map((b) => (
              <li key={b.label}>
                <BandLink href={bandHref(key, b.range)} active={sameRange(query[key], b.range)}>
                  {b.label}
                </BandLink>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}

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
