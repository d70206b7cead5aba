import {
  addDays,
  type DateRange,
  parseDay,
  parseMonth,
  RENTAL_MAX_NIGHTS,
  RENTAL_MAX_PAGE_LIMIT,
  RENTAL_MAX_PRICE_PER_NIGHT,
  RENTAL_PAGE_LIMIT,
  type Range,
  type RentalOrderColumn,
  type RentalSearch,
} from "./rentals-constants";

/**
 * The rentals page keeps its filters, sort and page in the query string (ARCHITECTURE rule 5). These
 * pure functions (no zod: the browser runs them too) map the query string to the filters and back.
 * Canonical keys, in this order: resort=AKV, checkin=2026-12-01..2027-01-15 (either end may be left
 * out), nights=1-5, ppn=90-130 (dollars per night), room=<id> and broker=<id> (repeatable), limit,
 * sort=checkin-asc, page. The filter form, which works without JavaScript, sends checkin_from /
 * checkin_to, nights_min / nights_max and ppn_min / ppn_max instead; the server redirects to the
 * canonical form. The form has no page field, so any change from the form goes back to page 1.
 */

export const RENTAL_SORTS = {
  "checkin-asc": { column: "check_in", order: "asc", label: "Check-in soonest" },
  "checkin-desc": { column: "check_in", order: "desc", label: "Check-in latest" },
  "ppn-asc": { column: "price_per_night", order: "asc", label: "Price per night low-high" },
  "ppn-desc": { column: "price_per_night", order: "desc", label: "Price per night high-low" },
  "nights-asc": { column: "nights", order: "asc", label: "Fewest nights" },
  "nights-desc": { column: "nights", order: "desc", label: "Most nights" },
} as const satisfies Record<string, { column: RentalOrderColumn; order: "asc" | "desc"; label: string }>;
export type RentalSortKey = keyof typeof RENTAL_SORTS;
export const RENTAL_SORT_KEYS = Object.keys(RENTAL_SORTS) as RentalSortKey[];
export const DEFAULT_RENTAL_SORT: RentalSortKey = "checkin-asc";
export const RENTAL_PAGE_SIZES = [10, 20, 50, 100] as const;

export type RentalsQuery = {
  resort: string | null;
  checkIn: DateRange | null;
  nights: Range | null;
  ppn: Range | null;
  rooms: number[];
  brokers: number[];
  limit: number;
  page: number;
  sort: RentalSortKey;
};

export const DEFAULT_RENTALS_QUERY: RentalsQuery = {
  resort: null,
  checkIn: null,
  nights: null,
  ppn: null,
  rooms: [],
  brokers: [],
  limit: RENTAL_PAGE_LIMIT,
  page: 1,
  sort: DEFAULT_RENTAL_SORT,
};

export type RangeParam = "nights" | "ppn";

/**
 * Quick choices. SPEC section 9: nights All / 1-5 (the original's value behind that label is 1-3; we
 * filter what the label says) and price per night All / $90-$130 / $130-$170. The bands after the
 * SPEC's cover the rest of the market: at $17-$25 a point most nights cost more than $170.
 */
export const RENTAL_BANDS: Record<RangeParam, { label: string; range: Range }[]> = {
  nights: [
    { label: "1-5", range: { min: 1, max: 5 } },
    { label: "6-14", range: { min: 6, max: 14 } },
  ],
  ppn: [
    { label: "$90-$130", range: { min: 90, max: 130 } },
    { label: "$130-$170", range: { min: 130, max: 170 } },
    { label: "$170-$300", range: { min: 170, max: 300 } },
    { label: "$300-$600", range: { min: 300, max: 600 } },
    { label: "Over $600", range: { min: 600, max: null } },
  ],
};

const RANGE_LIMITS: Record<RangeParam, { max: number; number: RegExp }> = {
  nights: { max: RENTAL_MAX_NIGHTS, number: /^\d{1,6}$/ },
  ppn: { max: RENTAL_MAX_PRICE_PER_NIGHT, number: /^\d{1,9}(?:\.\d{1,2})?$/ },
};

function values(params: URLSearchParams, key: string) {
  return params
    .getAll(key)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/** "1-5", "1-" or "-5" (or the _min/_max form fields) as a range; `ok: false` when it cannot be read. */
function readRange(params: URLSearchParams, key: RangeParam): { ok: boolean; range: Range | null } {
  const [text] = values(params, key);
  let lo: string | undefined;
  let hi: string | undefined;
  if (text !== undefined) {
    if (text.toLowerCase() === "all") return { ok: true, range: null };
    const dash = text.indexOf("-");
    if (dash < 0) return { ok: false, range: null };
    lo = text.slice(0, dash) || undefined;
    hi = text.slice(dash + 1) || undefined;
  } else {
    [lo] = values(params, `${key}_min`);
    [hi] = values(params, `${key}_max`);
  }
  if (lo === undefined && hi === undefined) return { ok: true, range: null };
  const { max, number } = RANGE_LIMITS[key];
  const toNumber = (s: string | undefined) => (s === undefined ? null : number.test(s) ? Number(s) : Number.NaN);
  const range = { min: toNumber(lo), max: toNumber(hi) };
  for (const n of [range.min, range.max]) if (n !== null && !(n >= 0 && n <= max)) return { ok: false, range: null };
  if (range.min !== null && range.max !== null && range.min > range.max) return { ok: false, range: null };
  return { ok: true, range };
}

/** "2026-12-01..2027-01-15" (either end may be left out) or checkin_from / checkin_to. */
function readCheckIn(params: URLSearchParams): { ok: boolean; range: DateRange | null } {
  const [text] = values(params, "checkin");
  let from: string | undefined;
  let to: string | undefined;
  if (text !== undefined) {
    const parts = text.split("..");
    if (parts.length !== 2) return { ok: false, range: null };
    from = parts[0].trim() || undefined;
    to = parts[1].trim() || undefined;
  } else {
    [from] = values(params, "checkin_from");
    [to] = values(params, "checkin_to");
  }
  if (from === undefined && to === undefined) return { ok: true, range: null };
  const range = { from: from === undefined ? null : parseDay(from), to: to === undefined ? null : parseDay(to) };
  if ((from !== undefined && range.from === null) || (to !== undefined && range.to === null)) {
    return { ok: false, range: null };
  }
  if (range.from !== null && range.to !== null && range.from > range.to) return { ok: false, range: null };
  return { ok: true, range };
}

function readIds(params: URLSearchParams, key: string): { ok: boolean; ids: number[] } {
  const ids = new Set<number>();
  let ok = true;
  for (const v of values(params, key)) {
    if (/^\d{1,9}$/.test(v) && Number(v) > 0) ids.add(Number(v));
    else ok = false;
  }
  return { ok, ids: [...ids].sort((a, b) => a - b) };
}

function readInt(params: URLSearchParams, key: string, min: number, max: number): { ok: boolean; n: number | null } {
  const [v] = values(params, key);
  if (v === undefined) return { ok: true, n: null };
  const n = Number(v);
  return /^\d{1,7}$/.test(v) && n >= min && n <= max ? { ok: true, n } : { ok: false, n: null };
}

/**
 * The query string as rental filters. Values that are not understood are dropped (never an error);
 * `ignored` names the keys that were dropped so the page can say so.
 */
export function parseRentalsQuery(params: URLSearchParams): { query: RentalsQuery; ignored: string[] } {
  const query: RentalsQuery = { ...DEFAULT_RENTALS_QUERY, rooms: [], brokers: [] };
  const ignored: string[] = [];

  for (const key of ["nights", "ppn"] as const) {
    const { ok, range } = readRange(params, key);
    if (ok) query[key] = range;
    else ignored.push(key);
  }

  const checkIn = readCheckIn(params);
  if (checkIn.ok) query.checkIn = checkIn.range;
  else ignored.push("checkin");

  const resorts = values(params, "resort").filter((r) => r.toLowerCase() !== "all");
  if (resorts.length === 1 && /^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(resorts[0])) {
    query.resort = resorts[0].toUpperCase();
  } else if (resorts.length > 0) ignored.push("resort");

  for (const [key, field] of [
    ["room", "rooms"],
    ["broker", "brokers"],
  ] as const) {
    const { ok, ids } = readIds(params, key);
    query[field] = ids;
    if (!ok) ignored.push(key);
  }

  const limit = readInt(params, "limit", 1, RENTAL_MAX_PAGE_LIMIT);
  if (limit.n !== null) query.limit = limit.n;
  if (!limit.ok) ignored.push("limit");

  const page = readInt(params, "page", 1, 1_000_000);
  if (page.n !== null) query.page = page.n;
  if (!page.ok) ignored.push("page");

  const [sort] = values(params, "sort");
  if (sort !== undefined) {
    if ((RENTAL_SORT_KEYS as string[]).includes(sort)) query.sort = sort as RentalSortKey;
    else ignored.push("sort");
  }

  return { query, ignored };
}

const rangeText = (r: Range) => `${r.min ?? ""}-${r.max ?? ""}`;

/** The canonical query string: defaults left out, keys in a fixed order. */
export function serializeRentalsQuery(q: RentalsQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.resort) out.set("resort", q.resort);
  if (q.checkIn) out.set("checkin", `${q.checkIn.from ?? ""}..${q.checkIn.to ?? ""}`);
  if (q.nights) out.set("nights", rangeText(q.nights));
  if (q.ppn) out.set("ppn", rangeText(q.ppn));
  for (const id of q.rooms) out.append("room", String(id));
  for (const id of q.brokers) out.append("broker", String(id));
  if (q.limit !== RENTAL_PAGE_LIMIT) out.set("limit", String(q.limit));
  if (q.sort !== DEFAULT_RENTAL_SORT) out.set("sort", q.sort);
  if (q.page !== 1) out.set("page", String(q.page));
  return out;
}

/** "/rentals" plus the canonical query string. */
export function rentalsHref(q: RentalsQuery) {
  const qs = serializeRentalsQuery(q).toString();
  return qs ? `/rentals?${qs}` : "/rentals";
}

/** Whether the query string is exactly the canonical form of its query (otherwise the page redirects to it). */
export function isCanonicalRentals(params: URLSearchParams, q: RentalsQuery) {
  return params.toString() === serializeRentalsQuery(q).toString();
}

/**
 * Clear (SPEC section 4 "Filter lists"): resets the ranges, resort, brokers, room types and page size,
 * and the check-in dates too (a renter who clears expects every filter gone); the sort stays.
 */
export function clearedRentalsQuery(q: RentalsQuery): RentalsQuery {
  return { ...DEFAULT_RENTALS_QUERY, sort: q.sort };
}

/** A change of filters or sort goes back to page 1. */
export function withRentalChange(q: RentalsQuery, change: Partial<RentalsQuery>): RentalsQuery {
  return { ...q, ...change, page: 1 };
}

/** Whether a range narrows the data's bounds (SPEC section 4: a range is active when it differs from the bounds). */
export function narrows(r: Range | null, bounds: [number, number] | null | undefined) {
  if (!r) return false;
  if (!bounds) return true;
  return (r.min !== null && r.min > bounds[0]) || (r.max !== null && r.max < bounds[1]);
}

/** How many filters are set (for the collapsed filter panel's summary); a range as wide as the data is not. */
export function activeRentalFilters(
  q: RentalsQuery,
  bounds: { nights?: [number, number] | null; ppn?: [number, number] | null } = {},
) {
  return (
    [q.resort, q.checkIn].filter((v) => v !== null).length +
    (narrows(q.nights, bounds.nights) ? 1 : 0) +
    (narrows(q.ppn, bounds.ppn) ? 1 : 0) +
    (q.rooms.length > 0 ? 1 : 0) +
    (q.brokers.length > 0 ? 1 : 0)
  );
}

/**
 * The check-in month quick choices: this month and the next ten (the 11-month booking window at the
 * home resort, DOMAIN.md). Each is the range from its first to its last day.
 */
export function checkInMonths(today: string, count = 11): { month: string; range: DateRange }[] {
  const out: { month: string; range: DateRange }[] = [];
  let day = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < count; i++) {
    const month = day.slice(0, 7);
    const m = parseMonth(month);
    if (!m) break;
    out.push({ month, range: { from: m.first, to: m.last } });
    day = addDays(m.last, 1);
  }
  return out;
}

export const sameRange = (a: Range | null, b: Range | null) => a?.min === b?.min && a?.max === b?.max;
export const sameDates = (a: DateRange | null, b: DateRange | null) => a?.from === b?.from && a?.to === b?.to;

/** The search service's filters for a page query. */
export function toRentalSearch(q: RentalsQuery): RentalSearch {
  const sort = RENTAL_SORTS[q.sort];
  return {
    nights: q.nights,
    pricePerNight: q.ppn,
    resort: q.resort,
    checkIn: q.checkIn,
    brokers: q.brokers,
    roomIds: q.rooms,
    limit: q.limit,
    page: q.page,
    orderBy: { column: sort.column, order: sort.order },
  };
}
