/**
 * The faceted-search kit (decision 0024). A search is declared once: its facets (ranges, day ranges,
 * multi-selects, a single code), its sorts, its page sizes. From that one declaration come the query
 * string reader and writer here (pure, no zod: the filter panel runs them in the browser), the JSON body
 * schema (facets.schema.ts, zod, server side) and the SQL conditions (facets.queries.server.ts). Every
 * one of them produces or takes the same state: a page's URL, an API body and the database query share
 * one shape per concept (a range is { min, max } in whole units, a multi-select a list of ids, the sort
 * is { column, order }).
 *
 * Reading a query string never fails: a value that is not understood falls back to the default and its
 * key is named in `ignored`, so the page can say so (and a link with a typo still shows the list).
 */

export type Order = "asc" | "desc";
export type Range = { min: number | null; max: number | null };
/** Calendar days "YYYY-MM-DD", inclusive; either end may be open. */
export type DayRange = { from: string | null; to: string | null };
/** The data's lowest and highest value of a range facet; null when there is no data. */
export type Bounds = readonly [number, number] | null;
/** A quick choice of a range facet ("$90-$130"). */
export type Band = { label: string; range: Range };

type Common = {
  /** The query-string key; the filter form also sends `<param>_min`/`_max` (ranges) or `_from`/`_to` (days). */
  param: string;
  /** The key in a JSON body, when it is not the state's key (`room_ids` for `roomIds`). */
  field?: string;
  /** The facet's name at the start of an error message ("Price per point must be between 0 and 100000."). */
  label: string;
};

/** Read from a query string: the value (the empty value when not understood) and whether it was understood. */
export type Read<T> = { ok: boolean; value: T };

/**
 * How a facet's value lives in links and in the filter form. Each kind's constructor supplies it, so a kind
 * a page does not use (the days of the rentals) stays out of that page's JavaScript.
 */
export type Codec<V> = {
  /** The value, or the empty value (null, or [] for a multi-select) when it is missing or not understood. */
  read: (params: URLSearchParams) => Read<V>;
  /** Appends the value to a canonical query string (nothing for the empty value). */
  write: (value: V, out: URLSearchParams) => void;
  /** The filter form's field values for the value, by field name. */
  fields: (value: V, out: Record<string, string[]>) => void;
};

type RangeOptions = Common & {
  /** The largest value accepted (the smallest is 0). */
  max: number;
  /** Whole dollars in links and bodies, integer cents in the database. */
  money?: boolean;
  /** How many digits after the point a link may carry (any when left out; 0 for whole numbers only). */
  decimals?: number;
  /** Drawn as a slider over the data's bounds: ends at or beyond the bounds mean no filter. */
  slider?: boolean;
  bands?: readonly Band[];
};
/** A numeric range: whole units in links and bodies (points, dollars); `money` ones are cents in the database. */
export type RangeFacet = RangeOptions & { kind: "range" } & Codec<Range | null>;

/** A range of calendar days: `param=2026-12-01..2027-01-15` in links, [from, to] days or months in bodies (days.ts). */
export type DaysFacet = Common & { kind: "days" } & Codec<DayRange | null>;

type MultiOptions = Common & {
  /** In the message "Brokers must be a list of broker ids." (or "... must be months among Feb, Mar.", with names). */
  noun: string;
  names?: Readonly<Record<string, number>>;
  /** How a body's value is read before it is looked up among `names` (links take the names as they are). */
  alias?: (text: string) => string;
};
/** Several ids (repeat the key in links); `names` gives ids names (uy=Feb for month 2). */
export type MultiFacet = MultiOptions & { kind: "multi" } & Codec<number[]>;

type CodeOptions = Common & {
  /** The error message of a body value that is neither a code nor an id. */
  message: string;
  pattern?: RegExp;
  /** With the key repeated in a link: keep the first value ("first") or none ("none"); either way it is named ignored. */
  several: "first" | "none";
};
/** One value named by a code (letters, digits, dashes; "AKV") or, in bodies, by its numeric id. */
export type CodeFacet = CodeOptions & { kind: "code" } & Codec<string | number | null>;

export type Facet = RangeFacet | DaysFacet | MultiFacet | CodeFacet;

export type SortOption<C extends string = string> = { column: C; order: Order; label: string };

export type Search<F extends Record<string, Facet> = Record<string, Facet>, C extends string = string> = {
  /** In the order of the API's body (its error messages list the fields in this order). */
  facets: F;
  /** The order of the keys in a canonical link (every facet once). */
  urlOrder: readonly (keyof F & string)[];
  /** Every column a body's `orderBy` may name. */
  columns: readonly C[];
  /** The link's `sort` choices, by key ("price-asc"). */
  sorts: Readonly<Record<string, SortOption<C>>>;
  defaultSort: string;
  /** A body's `orderBy` may be a column name alone; otherwise anything but an object means the default order. */
  columnAlone?: boolean;
  limit: { default: number; max: number; sizes: readonly number[] };
};

export function defineSearch<const F extends Record<string, Facet>, const C extends string>(s: Search<F, C>) {
  return s;
}

type ValueOf<T extends Facet> = T extends Codec<infer V> ? V : never;

export type ColumnOf<S extends Search> = S["columns"][number];
export type FacetValues<S extends Search> = { -readonly [K in keyof S["facets"]]: ValueOf<S["facets"][K]> };
export type SearchState<S extends Search> = FacetValues<S> & {
  orderBy: { column: ColumnOf<S>; order: Order };
  limit: number;
  page: number;
};
export type RangeKey<S extends Search> = {
  [K in keyof S["facets"]]: S["facets"][K] extends { kind: "range" } ? K : never;
}[keyof S["facets"]];
/** The data's bounds of each range facet, by state key (prices in whole dollars). */
export type RangeBounds<S extends Search> = { [K in RangeKey<S>]?: Bounds };

/** The kit's own view of any search's state. */
type Loose = Record<string, unknown> & { orderBy: { column: string; order: Order }; limit: number; page: number };
const loose = <S extends Search>(state: SearchState<S>) => state as unknown as Loose;
const entries = (s: Search) => Object.entries(s.facets);

export const PAGE_MAX = 1_000_000;

/** A name of a multi-select's `names` (any case) as its id. */
export function nameToId(f: MultiOptions, text: string) {
  const key = Object.keys(f.names ?? {}).find((n) => n.toLowerCase() === text.toLowerCase());
  return key === undefined ? undefined : f.names?.[key];
}

/** The name of a named id (a month's "Feb"), or the id itself. */
export function idToText(f: MultiOptions, id: number) {
  return f.names ? (Object.keys(f.names).find((n) => f.names?.[n] === id) ?? String(id)) : String(id);
}

export const sameRange = (a: Range | null, b: Range | null) => a?.min === b?.min && a?.max === b?.max;
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The key's values in a query string, trimmed, empty ones left out. */
export function texts(params: URLSearchParams, key: string) {
  return params
    .getAll(key)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

function numberPattern(decimals: number | undefined) {
  if (decimals === undefined) return /^\d+(?:\.\d+)?$/;
  return decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${decimals}})?$`);
}

/** Whether a range narrows the data's bounds (without bounds, any range does). */
export function narrows(r: Range | null, bounds: Bounds | undefined) {
  if (!r) return false;
  if (!bounds) return true;
  return (r.min !== null && r.min > bounds[0]) || (r.max !== null && r.max < bounds[1]);
}

/** A range facet. Links: "100-200", "100-" or "-200" (or the form's `_min`/`_max` fields); "all" for none. */
export function range(o: RangeOptions): RangeFacet {
  const pattern = numberPattern(o.decimals);
  const none = { ok: false, value: null };
  return {
    ...o,
    kind: "range",
    read(params) {
      const [t] = texts(params, o.param);
      let lo: string | undefined;
      let hi: string | undefined;
      if (t !== undefined) {
        if (t.toLowerCase() === "all") return { ok: true, value: null };
        const dash = t.indexOf("-");
        if (dash < 0) return none;
        lo = t.slice(0, dash) || undefined;
        hi = t.slice(dash + 1) || undefined;
      } else {
        [lo] = texts(params, `${o.param}_min`);
        [hi] = texts(params, `${o.param}_max`);
      }
      if ([lo, hi].some((x) => x !== undefined && !pattern.test(x))) return none;
      const [min, max] = [lo === undefined ? null : Number(lo), hi === undefined ? null : Number(hi)];
      // The same limits as a body's (facets.schema.ts checkRange), without its messages.
      if ((min ?? 0) > o.max || (max ?? 0) > o.max || (min !== null && max !== null && min > max)) return none;
      return { ok: true, value: min === null && max === null ? null : { min, max } };
    },
    write: (r, out) => r && out.set(o.param, `${r.min ?? ""}-${r.max ?? ""}`),
    fields(r, out) {
      out[`${o.param}_min`] = [text(r?.min)];
      out[`${o.param}_max`] = [text(r?.max)];
    },
  };
}

/** A multi-select facet. Links repeat the key; the good values are kept (in ascending order) even when some are not. */
export function multi(o: MultiOptions): MultiFacet {
  return {
    ...o,
    kind: "multi",
    read(params) {
      const ids = new Set<number>();
      let ok = true;
      for (const v of texts(params, o.param)) {
        const id = o.names ? nameToId(o, v) : /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
        if (id === undefined) ok = false;
        else ids.add(id);
      }
      return { ok, value: [...ids].sort((a, b) => a - b) };
    },
    write: (ids, out) => {
      for (const id of ids) out.append(o.param, idToText(o, id));
    },
    fields(ids, out) {
      out[o.param] = ids.map((id) => idToText(o, id));
    },
  };
}

/** What a code looks like: a letter, then letters, digits or dashes, 20 at most ("AKV", "VGF2"). */
export const CODE_RE = /^[A-Za-z][A-Za-z0-9-]{0,19}$/;

/** A single code facet ("resort=AKV", read in capitals); "all" for none. */
export function code(o: CodeOptions): CodeFacet {
  return {
    ...o,
    kind: "code",
    read(params) {
      const list = texts(params, o.param).filter((v) => v.toLowerCase() !== "all");
      if (list.length === 0) return { ok: true, value: null };
      const good = (o.pattern ?? CODE_RE).test(list[0]);
      const value = good && (list.length === 1 || o.several === "first") ? list[0].toUpperCase() : null;
      return { ok: good && list.length === 1, value };
    },
    write: (v, out) => v !== null && v !== "" && out.set(o.param, String(v)),
    fields(v, out) {
      out[o.param] = [text(v)];
    },
  };
}

/** Every facet empty, the default sort and page size, page 1. */
export function emptyState<S extends Search>(s: S): SearchState<S> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of entries(s)) out[key] = f.kind === "multi" ? [] : null;
  const { column, order } = s.sorts[s.defaultSort];
  return { ...out, orderBy: { column, order }, limit: s.limit.default, page: 1 } as SearchState<S>;
}

// ---- reading a query string ------------------------------------------------------------------------------

function readInt(params: URLSearchParams, key: string, min: number, max: number): Read<number | null> {
  const [v] = texts(params, key);
  if (v === undefined) return { ok: true, value: null };
  const n = Number(v);
  return /^\d{1,7}$/.test(v) && n >= min && n <= max ? { ok: true, value: n } : { ok: false, value: null };
}

/** A page number from a link ("2"): 1 to 1,000,000, or `ok: false` and page 1. */
export function readPage(t: string | null | undefined): Read<number> {
  const read = readInt(new URLSearchParams(t ? { page: t } : {}), "page", 1, PAGE_MAX);
  return { ok: read.ok, value: read.value ?? 1 };
}

/** The query string as the search's state, and the keys whose values were not understood (and dropped). */
export function readUrl<S extends Search>(s: S, params: URLSearchParams): { state: SearchState<S>; ignored: string[] } {
  const state = loose(emptyState(s));
  const ignored: string[] = [];
  for (const [key, f] of entries(s)) {
    const read = f.read(params);
    state[key] = read.value;
    if (!read.ok) ignored.push(f.param);
  }
  const limit = readInt(params, "limit", 1, s.limit.max);
  if (limit.value !== null) state.limit = limit.value;
  if (!limit.ok) ignored.push("limit");
  const page = readInt(params, "page", 1, PAGE_MAX);
  if (page.value !== null) state.page = page.value;
  if (!page.ok) ignored.push("page");
  const [sort] = texts(params, "sort");
  if (sort !== undefined) {
    const option = Object.hasOwn(s.sorts, sort) ? s.sorts[sort] : undefined;
    if (option) state.orderBy = { column: option.column, order: option.order };
    else ignored.push("sort");
  }
  return { state: state as unknown as SearchState<S>, ignored };
}

// ---- writing a query string ------------------------------------------------------------------------------

/** The link's `sort` key of an order (undefined for an order only bodies can ask for, like score ascending). */
export function sortKeyOf(s: Search, orderBy: { column: string; order: Order }) {
  return Object.keys(s.sorts).find((k) => s.sorts[k].column === orderBy.column && s.sorts[k].order === orderBy.order);
}

/** The canonical query string of a state: defaults are left out, keys in the search's fixed order. */
export function writeUrl<S extends Search>(s: S, state: SearchState<S>): URLSearchParams {
  const q = loose(state);
  const out = new URLSearchParams();
  for (const key of s.urlOrder) (s.facets[key].write as Codec<unknown>["write"])(q[key], out);
  if (q.limit !== s.limit.default) out.set("limit", String(q.limit));
  const sort = sortKeyOf(s, q.orderBy);
  if (sort !== undefined && sort !== s.defaultSort) out.set("sort", sort);
  if (q.page !== 1) out.set("page", String(q.page));
  return out;
}

/** Whether the query string is exactly the canonical form of its state (otherwise the page redirects to it). */
export function isCanonical<S extends Search>(s: S, params: URLSearchParams, state: SearchState<S>) {
  return params.toString() === writeUrl(s, state).toString();
}

/** The path plus the canonical query string ("/listings?resort=AKV", or "/listings" alone). */
export function searchHref<S extends Search>(s: S, path: string, state: SearchState<S>) {
  const qs = writeUrl(s, state).toString();
  return qs ? `${path}?${qs}` : path;
}

// ---- changes ---------------------------------------------------------------------------------------------

/** A facet's value as its link writes it ("" when it does not filter): equal texts, equal values. */
function facetText(f: Facet, value: unknown) {
  const out = new URLSearchParams();
  (f.write as Codec<unknown>["write"])(value, out);
  return out.toString();
}

/** Whether any filter differs; the sort and the page are not filters, the page size is (SPEC section 3). */
export function filtersDiffer<S extends Search>(s: S, a: SearchState<S>, b: SearchState<S>) {
  const [x, y] = [loose(a), loose(b)];
  return entries(s).some(([key, f]) => facetText(f, x[key]) !== facetText(f, y[key])) || x.limit !== y.limit;
}

/**
 * The state after a change from `prev` to `next` (SPEC section 4): a change of a filter or of the sort goes
 * back to page 1. The sort the visitor chose stays through filter changes, quick choices included (decision 0050,
 * a deviation from SPEC section 4, which reset the resale sort to the best score).
 */
export function applyChange<S extends Search>(s: S, prev: SearchState<S>, next: SearchState<S>): SearchState<S> {
  if (filtersDiffer(s, prev, next)) return { ...next, page: 1 };
  const [a, b] = [prev.orderBy, next.orderBy];
  return a.column !== b.column || a.order !== b.order ? { ...next, page: 1 } : next;
}

/** Clear: every filter and the page size back to their defaults; the sort stays. */
export function clearedState<S extends Search>(s: S, state: SearchState<S>): SearchState<S> {
  return { ...emptyState(s), orderBy: state.orderBy };
}

/** A range with the ends at or beyond the data's bounds left open: null when it covers all the data. */
export function trimRange(r: Range | null, b: Bounds | undefined): Range | null {
  if (!r || !b) return r;
  const min = r.min !== null && r.min <= b[0] ? null : r.min;
  const max = r.max !== null && r.max >= b[1] ? null : r.max;
  return min === null && max === null ? null : { min, max };
}

/**
 * SPEC section 4 "a slider is active when its range differs from the bounds": the slider ranges of a form
 * submission (`next`) with the ends at the bounds dropped, so untouched sliders give the clean URL. A range
 * that filters the same as the one the form was rendered for (`prev`, e.g. 25-100 from a quick choice when
 * the smallest contract has 50 points) keeps its earlier form, so it does not count as a filter change.
 */
export function settleRanges<S extends Search>(
  s: S,
  prev: SearchState<S>,
  next: SearchState<S>,
  bounds: RangeBounds<S>,
): SearchState<S> {
  const [p, out] = [loose(prev), { ...loose(next) }];
  const b = bounds as Record<string, Bounds | undefined>;
  for (const [key, f] of entries(s)) {
    if (f.kind !== "range" || !f.slider) continue;
    const trimmed = trimRange(out[key] as Range | null, b[key]);
    out[key] = sameRange(trimRange(p[key] as Range | null, b[key]), trimmed) ? p[key] : trimmed;
  }
  return out as unknown as SearchState<S>;
}

/** What a submission of the filter form (`next`, read from the form) asks for, from the state it was rendered for. */
export function submitted<S extends Search>(
  s: S,
  prev: SearchState<S>,
  next: SearchState<S>,
  bounds: RangeBounds<S>,
): SearchState<S> {
  return applyChange(s, prev, settleRanges(s, prev, next, bounds));
}

/**
 * A page's query string on the server: a link as it is, or a submission of the filter form without
 * JavaScript (it carries `from`, the query it was rendered for) applied as the browser would have.
 */
export function readSubmission<S extends Search>(s: S, params: URLSearchParams, bounds: RangeBounds<S>) {
  const read = readUrl(s, params);
  const from = params.get("from");
  if (from === null) return read;
  const prev = readUrl(s, new URLSearchParams(from)).state;
  return { state: submitted(s, prev, read.state, bounds), ignored: read.ignored };
}

/** How many filters are set (the collapsed panel's summary); a range as wide as the data is not. */
export function activeFilters<S extends Search>(s: S, state: SearchState<S>, bounds: RangeBounds<S> = {}) {
  const q = loose(state);
  const b = bounds as Record<string, Bounds | undefined>;
  return entries(s).filter(([key, f]) =>
    f.kind === "range" ? narrows(q[key] as Range | null, b[key]) : facetText(f, q[key]) !== "",
  ).length;
}

/** The range facets' bounds out of an object that carries them under the facets' keys (and other things). */
export function rangeBoundsOf<S extends Search>(s: S, from: Partial<Record<string, unknown>>): RangeBounds<S> {
  const out: Record<string, Bounds> = {};
  for (const [key, f] of entries(s)) if (f.kind === "range") out[key] = (from[key] as Bounds | undefined) ?? null;
  return out as RangeBounds<S>;
}

/** The codes and ids that exist, by facet (the resorts and brokers a link may name). */
export type Known<S extends Search> = { [K in keyof S["facets"]]?: readonly (string | number)[] };

/**
 * Drops the values of code and multi-select facets that are not among the known ones (a resort or broker
 * that does not exist); `dropped` names their keys.
 */
export function keepKnown<S extends Search>(
  s: S,
  state: SearchState<S>,
  known: Known<S>,
): { state: SearchState<S>; dropped: string[] } {
  const out = { ...loose(state) };
  const dropped: string[] = [];
  for (const [key, f] of entries(s)) {
    const list = (known as Record<string, readonly (string | number)[] | undefined>)[key];
    if (!list) continue;
    const v = out[key];
    if (f.kind === "multi" && (v as number[]).some((id) => !list.includes(id))) {
      out[key] = (v as number[]).filter((id) => list.includes(id));
      dropped.push(f.param);
    } else if (f.kind === "code" && v !== null && !list.includes(v as string | number)) {
      out[key] = null;
      dropped.push(f.param);
    }
  }
  return { state: out as unknown as SearchState<S>, dropped };
}

/**
 * The facets whose values the service looks up (codes, and ids without names) emptied: a search the
 * service refused (an unknown resort or broker), shown without them.
 */
export function withoutLookups<S extends Search>(s: S, state: SearchState<S>): SearchState<S> {
  const out = { ...loose(state) };
  for (const [key, f] of entries(s)) {
    if (f.kind === "code") out[key] = null;
    else if (f.kind === "multi" && !f.names) out[key] = [];
  }
  return out as unknown as SearchState<S>;
}

/** The filter form's field values for a state, by field name (to set the form after Back or a link). */
export function formValues<S extends Search>(s: S, state: SearchState<S>): Record<string, string[]> {
  const q = loose(state);
  const out: Record<string, string[]> = {};
  for (const [key, f] of entries(s)) (f.fields as Codec<unknown>["fields"])(q[key], out);
  out.sort = [sortKeyOf(s, q.orderBy) ?? ""];
  out.limit = [String(q.limit)];
  return out;
}
