import { dollarsToCents } from "~/lib/money";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatMoney } from "~/lib/format";
import { type DateRange, formatMonth, type Range } from "../rentals-constants";
import {
  checkInMonths,
  clearedRentalsQuery,
  parseRentalsQuery,
  RENTAL_BANDS,
  RENTAL_PAGE_SIZES,
  RENTAL_SORT_KEYS,
  RENTAL_SORTS,
  type RangeParam,
  type RentalsQuery,
  rentalsHref,
  sameDates,
  sameRange,
  serializeRentalsQuery,
  withRentalChange,
} from "../rentals-url";

export type RentalFilterChoices = {
  resorts: { code: string; name: string; count: number }[];
  rooms: { id: number; name: string; sleeps: number; count: number }[];
  brokers: { id: number; name: string }[];
  /** Bounds from the data (prices in dollars), shown as the range fields' placeholders. */
  nights: [number, number] | null;
  pricePerNight: [number, number] | null;
};

const RANGES = [
  { key: "nights", label: "Nights", bounds: "nights" },
  { key: "ppn", label: "Price per night ($)", bounds: "pricePerNight" },
] as const;

const inputClass =
  "w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-base text-slate-900 focus:border-sky-700 focus:outline-2 focus:outline-sky-700";
const DEBOUNCE_MS = 350; // SPEC section 9

/** Fills the form's fields from a query (after back/forward or a link), leaving a field being typed in alone. */
function syncForm(form: HTMLFormElement, q: RentalsQuery) {
  const active = document.activeElement;
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) continue;
    if (el === active && (el.type === "number" || el.type === "date")) continue;
    const range = /^(nights|ppn)_(min|max)$/.exec(el.name);
    if (range) {
      const v = q[range[1] as RangeParam]?.[range[2] as "min" | "max"];
      el.value = v === null || v === undefined ? "" : String(v);
    } else if (el.name === "checkin_from") el.value = q.checkIn?.from ?? "";
    else if (el.name === "checkin_to") el.value = q.checkIn?.to ?? "";
    else if (el.name === "resort") el.value = q.resort ?? "";
    else if (el.name === "sort") el.value = q.sort;
    else if (el.name === "limit") el.value = String(q.limit);
    else if (el.name === "room" && el instanceof HTMLInputElement) el.checked = q.rooms.includes(Number(el.value));
    else if (el.name === "broker" && el instanceof HTMLInputElement) el.checked = q.brokers.includes(Number(el.value));
  }
}

/**
 * The rental filter panel: a plain GET form that works without JavaScript. With JavaScript every change
 * submits at once (number and date fields after a 350 ms pause) and the URL follows without a full reload.
 */
export function RentalsFilters({
  query,
  choices,
  today,
}: {
  query: RentalsQuery;
  choices: RentalFilterChoices;
  today: string;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = serializeRentalsQuery(query).toString();

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
    const next = serializeRentalsQuery(parseRentalsQuery(params).query);
    if (next.toString() === current) return;
    // Typing in a number or date field replaces its own history entries, so Back goes to the list before it.
    const replace = typing && (location.state as { typing?: boolean } | null)?.typing === true;
    submit(next, {
      method: "get",
      action: "/rentals",
      replace,
      preventScrollReset: true,
      state: typing ? { typing: true } : null,
    });
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const target = e.target as HTMLInputElement;
    clearTimeout(timer.current);
    if (target.type === "number" || target.type === "date")
      timer.current = setTimeout(() => go(form, true), DEBOUNCE_MS);
    else go(form, false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    go(e.currentTarget, false);
  }

  const rangeHref = (key: RangeParam, range: Range | null) => rentalsHref(withRentalChange(query, { [key]: range }));
  const checkInHref = (checkIn: DateRange | null) => rentalsHref(withRentalChange(query, { checkIn }));

  return (
    <Form
      ref={formRef}
      method="get"
      action="/rentals"
      onChange={onChange}
      onSubmit={onSubmit}
      preventScrollReset
      aria-labelledby="filters-heading"
      data-live={live ? "true" : undefined}
      className="space-y-6"
    >
      <h2 id="filters-heading" className="sr-only">
        Filters
      </h2>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <label htmlFor="r-sort" className="block text-sm font-semibold text-slate-900">
            Sort by
          </label>
          <select id="r-sort" name="sort" defaultValue={query.sort} className={`${inputClass} mt-1`}>
            {RENTAL_SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {RENTAL_SORTS[k].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="r-limit" className="block text-sm font-semibold text-slate-900">
            Rentals per page
          </label>
          <select id="r-limit" name="limit" defaultValue={String(query.limit)} className={`${inputClass} mt-1`}>
            {(RENTAL_PAGE_SIZES as readonly number[]).includes(query.limit) ? null : (
              <option value={query.limit}>{query.limit}</option>
            )}
            {RENTAL_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="r-resort" className="block text-sm font-semibold text-slate-900">
            Resort
          </label>
          <select id="r-resort" name="resort" defaultValue={query.resort ?? ""} className={`${inputClass} mt-1`}>
            <option value="">All resorts</option>
            {choices.resorts.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name} ({r.count})
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Check-in</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
          <div>
            <label htmlFor="r-checkin-from" className="block text-xs text-slate-700">
              From
            </label>
            <input
              id="r-checkin-from"
              name="checkin_from"
              type="date"
              defaultValue={query.checkIn?.from ?? ""}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="r-checkin-to" className="block text-xs text-slate-700">
              To
            </label>
            <input
              id="r-checkin-to"
              name="checkin_to"
              type="date"
              defaultValue={query.checkIn?.to ?? ""}
              className={inputClass}
            />
          </div>
        </div>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Check-in month">
          <li>
            <ChipLink href={checkInHref(null)} active={query.checkIn === null}>
              Any date
            </ChipLink>
          </li>
          {checkInMonths(today).map((m) => (
            <li key={m.month}>
              <ChipLink href={checkInHref(m.range)} active={sameDates(query.checkIn, m.range)}>
                {formatMonth(m.month)}
              </ChipLink>
            </li>
          ))}
        </ul>
      </fieldset>

      {RANGES.map(({ key, label, bounds }) => {
        const b = choices[bounds];
        return (
          <fieldset key={key}>
            <legend className="text-sm font-semibold text-slate-900">{label}</legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {(["min", "max"] as const).map((end, i) => (
                <div key={end}>
                  <label htmlFor={`r-${key}-${end}`} className="block text-xs text-slate-700">
                    {end === "min" ? "Min" : "Max"}
                  </label>
                  <input
                    id={`r-${key}-${end}`}
                    name={`${key}_${end}`}
                    type="number"
                    inputMode={key === "nights" ? "numeric" : "decimal"}
                    min={0}
                    step={key === "nights" ? 1 : "any"}
                    placeholder={b ? String(b[i]) : undefined}
                    defaultValue={query[key]?.[end] ?? ""}
                    className={inputClass}
                  />
                </div>
              ))}
            </div>
            <ul
              className="mt-2 flex flex-wrap gap-1.5"
              aria-label={`Quick ${label.replace(" ($)", "").toLowerCase()} choices`}
            >
              <li>
                <ChipLink href={rangeHref(key, null)} active={query[key] === null}>
                  All
                </ChipLink>
              </li>
              {RENTAL_BANDS[key].map((band) => (
                <li key={band.label}>
                  <ChipLink href={rangeHref(key, band.range)} active={sameRange(query[key], band.range)}>
                    {key === "nights" ? `${band.label} nights` : band.label}
                  </ChipLink>
                </li>
              ))}
            </ul>
            {b && key === "ppn" ? (
              <p className="mt-1 text-xs text-slate-700">
                From {formatMoney(dollarsToCents(b[0]))} to {formatMoney(dollarsToCents(b[1]))} a night.
              </p>
            ) : null}
          </fieldset>
        );
      })}

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Room type</legend>
        <div className="mt-1 space-y-1">
          {choices.rooms.map((r) => (
            <label key={r.id} className="flex items-center gap-1.5 py-1 text-sm text-slate-800">
              <input
                type="checkbox"
                name="room"
                value={r.id}
                defaultChecked={query.rooms.includes(r.id)}
                className="size-4 accent-sky-800"
              />
              {r.name}
              <span className="text-slate-700">({r.count})</span>
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
        <Link to={rentalsHref(clearedRentalsQuery(query))} className={buttonClass("secondary", "md", "flex-1")}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

function ChipLink({ href, active, children }: { href: string; active: boolean; children: React.ReactNode }) {
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
