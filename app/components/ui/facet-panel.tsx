import {
  createContext,
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import {
  formValues,
  type RangeBounds,
  readUrl,
  type Search,
  type SearchState,
  sortKeyOf,
  submitted,
  writeUrl,
} from "~/lib/facets/facets";
import { buttonClass } from "./button";

export const fieldClass =
  "w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 py-1.5 text-base text-slate-900 focus:border-sky-700 focus:outline-2 focus:outline-sky-700";
const DEBOUNCE_MS = 350; // SPEC section 9

/**
 * True while a change waits for its pause before it is sent. Results that arrive then are for an earlier search:
 * the panel and its sliders keep what the visitor has set since, and the change goes out with the whole form.
 */
export const EditWaiting = createContext<RefObject<boolean> | null>(null);

/** Sets the form's fields to a state's values (after Back/Forward or a link), leaving the field being typed in alone. */
function syncForm(form: HTMLFormElement, values: Record<string, string[]>) {
  const active = document.activeElement;
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el.type === "range") continue;
    if (el === active && (el.type === "number" || el.type === "date")) continue;
    const v = values[el.name];
    if (v === undefined) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = v.includes(el.value);
    else el.value = v[0] ?? "";
  }
}

/** True when a field the server rendered from `values` now holds something else (the visitor changed it). */
function changedFrom(form: HTMLFormElement, values: Record<string, string[]>) {
  return Array.from(form.elements).some((el) => {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement) || el.type === "range") return false;
    const v = values[el.name];
    if (v === undefined) return false;
    if (el instanceof HTMLInputElement && el.type === "checkbox") return el.checked !== v.includes(el.value);
    return el.value !== (v[0] ?? "");
  });
}

/**
 * The filter panel of a faceted search (decision 0024): a plain GET form that works without JavaScript
 * (it sends `from`, the query it was rendered for, so the server applies the change as the browser would).
 * With JavaScript every change submits at once (number, slider and date fields after a 350 ms pause) and
 * the URL follows without a full reload. It draws the sort and page-size choices; the facets are its children.
 */
export function FacetPanel<S extends Search>({
  search,
  state,
  bounds,
  action,
  clearHref,
  perPageLabel,
  choice,
  children,
}: {
  search: S;
  state: SearchState<S>;
  bounds: RangeBounds<S>;
  /** The page's path ("/listings"). */
  action: string;
  clearHref: string;
  /** "Listings per page". */
  perPageLabel: string;
  /** A single choice shown beside the sort and the page size (the resort): its field, label and options. */
  choice?: { name: string; label: string; all: string; options: { value: string; label: string }[] };
  children: ReactNode;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = writeUrl(search, state).toString();

  // On hydration, a choice made while the page was still loading is applied, not reset (issue 12); after that, the
  // form follows the state (Back/Forward, links). A layout effect, so the form is set as the results are shown: a
  // passive effect can run after the next keypress or click, and undo the change it made.
  const hydrated = useRef(false);
  const waiting = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` is this render's; the effect runs when the state changes
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values = formValues(search, state);
    if (!hydrated.current) {
      hydrated.current = true;
      if (changedFrom(form, values)) return go(form, false);
    }
    if (!waiting.current) syncForm(form, values);
  }, [search, state]);
  // A change sent after its pause is read against the state shown then, not the one it was made on.
  const latestGo = useRef(go);
  useLayoutEffect(() => {
    latestGo.current = go;
  });
  // Back or Forward during a change's pause drops the change: the page is the one the visitor went to, and its
  // results reset the fields and sliders (the router reads the entry's data after this listener has run).
  useEffect(() => {
    const drop = () => {
      clearTimeout(timer.current);
      waiting.current = false;
    };
    window.addEventListener("popstate", drop);
    return () => window.removeEventListener("popstate", drop);
  }, []);
  // Marks the form once its change handler is live (end-to-end tests wait for it).
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    return () => clearTimeout(timer.current);
  }, []);

  function go(form: HTMLFormElement, typing: boolean) {
    const params = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") params.append(k, v);
    const next = writeUrl(search, submitted(search, state, readUrl(search, params).state, bounds));
    if (next.toString() === current) return;
    // Typing in a field replaces its own history entries, so Back goes to the list before the typing.
    const replace = typing && (location.state as { typing?: boolean } | null)?.typing === true;
    submit(next, { method: "get", action, replace, preventScrollReset: true, state: typing ? { typing: true } : null });
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    const form = e.currentTarget;
    const { type } = e.target as HTMLInputElement;
    clearTimeout(timer.current);
    waiting.current = type === "number" || type === "range" || type === "date";
    if (!waiting.current) return go(form, false);
    timer.current = setTimeout(() => {
      waiting.current = false;
      latestGo.current(form, true);
    }, DEBOUNCE_MS);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    waiting.current = false;
    go(e.currentTarget, false);
  }

  const sizes = search.limit.sizes.includes(state.limit) ? search.limit.sizes : [state.limit, ...search.limit.sizes];
  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
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
        <SelectField
          id="f-sort"
          name="sort"
          label="Sort by"
          defaultValue={sortKeyOf(search, state.orderBy) ?? search.defaultSort}
          options={Object.entries(search.sorts).map(([value, o]) => ({ value, label: o.label }))}
        />
        <SelectField
          id="f-limit"
          name="limit"
          label={perPageLabel}
          defaultValue={String(state.limit)}
          options={sizes.map((n) => ({ value: String(n), label: String(n) }))}
        />
        {choice ? (
          <SelectField
            id={`f-${choice.name}`}
            name={choice.name}
            label={choice.label}
            className="sm:col-span-2 lg:col-span-1"
            defaultValue={formValues(search, state)[choice.name]?.[0] ?? ""}
            options={[{ value: "", label: choice.all }, ...choice.options]}
          />
        ) : null}
      </div>

      <EditWaiting value={waiting}>{children}</EditWaiting>

      <div className="flex gap-3">
        <button type="submit" className={buttonClass("primary", "md", "flex-1")}>
          Apply
        </button>
        <Link to={clearHref} className={buttonClass("secondary", "md", "flex-1")}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A labelled select of the filter panel (uncontrolled: the panel sets it after Back or a link). */
export function SelectField({
  id,
  name,
  label,
  defaultValue,
  options,
  className,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={`${fieldClass} mt-1`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type ChipLink = { label: ReactNode; href: string; active: boolean };

/** Quick choices as links (they work without JavaScript); the one in force is marked current. */
export function ChipLinks({ label, items }: { label: string; items: (ChipLink & { key: string })[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <Link
            to={item.href}
            preventScrollReset
            aria-current={item.active ? "true" : undefined}
            className={`inline-block rounded-full border px-2.5 py-1 text-xs font-medium ${
              item.active
                ? "border-sky-800 bg-sky-800 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:border-sky-700 hover:text-sky-900"
            }`}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
