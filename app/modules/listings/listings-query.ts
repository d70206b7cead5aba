import {
  DEFAULT_QUERY,
  type ListingsQuery,
  RANGE_PARAM_KEYS,
  RANGE_PARAMS,
  type RangeParam,
  SORT_KEYS,
  type SortKey,
} from "./listings-url";
import {
  checkRange,
  RESALE_MAX_PAGE_LIMIT,
  RESORT_CODE_RE,
  type Range,
  USE_YEAR_NAMES,
  type UseYearName,
} from "./search-constants";

/**
 * Reading a /listings query string into the page's query, with small pure functions and no zod: the
 * filter panel runs it in the browser too, and zod would add some 24 KB gzipped to the page. The ranges
 * follow the search schema's rules through the shared `checkRange`; on the server the result goes
 * through the schema once more (`toSearchFilters` in search.schema.ts).
 */
const NUM = String.raw`\d+(?:\.\d+)?`;
const RANGE_RE = new RegExp(`^(${NUM})?-(${NUM})?$`);

function nonEmpty(params: URLSearchParams, key: string) {
  return params
    .getAll(key)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/** A range from "100-200" (either end may be left out) or from key_min / key_max form fields. */
function parseRange(params: URLSearchParams, key: RangeParam): { ok: boolean; range: Range | null } {
  const [text] = nonEmpty(params, key);
  let pair: [string | null, string | null] | null = null;
  if (text !== undefined) {
    if (text.toLowerCase() === "all") return { ok: true, range: null };
    const m = RANGE_RE.exec(text);
    if (!m) return { ok: false, range: null };
    pair = [m[1] ?? null, m[2] ?? null];
  } else {
    const [lo] = nonEmpty(params, `${key}_min`);
    const [hi] = nonEmpty(params, `${key}_max`);
    if (lo === undefined && hi === undefined) return { ok: true, range: null };
    pair = [lo ?? null, hi ?? null];
  }
  const checked = checkRange(RANGE_PARAMS[key], pair[0], pair[1]);
  return checked.ok ? checked : { ok: false, range: null };
}

/**
 * The query string as listing filters. Values that are not understood are dropped (never an error);
 * `ignored` names the keys that were dropped so the page can say so.
 */
export function parseListingsQuery(params: URLSearchParams): { query: ListingsQuery; ignored: string[] } {
  const query: ListingsQuery = { ...DEFAULT_QUERY, brokers: [], useYears: [] };
  const ignored: string[] = [];

  for (const key of RANGE_PARAM_KEYS) {
    const { ok, range } = parseRange(params, key);
    if (ok) query[key] = range;
    else ignored.push(key);
  }

  const resorts = nonEmpty(params, "resort").filter((r) => r.toLowerCase() !== "all");
  if (resorts.length > 0) {
    if (RESORT_CODE_RE.test(resorts[0])) query.resort = resorts[0].toUpperCase();
    else ignored.push("resort");
    if (resorts.length > 1 && !ignored.includes("resort")) ignored.push("resort");
  }

  const brokers = new Set<number>();
  for (const b of nonEmpty(params, "broker")) {
    if (/^\d{1,9}$/.test(b) && Number(b) > 0) brokers.add(Number(b));
    else if (!ignored.includes("broker")) ignored.push("broker");
  }
  query.brokers = [...brokers].sort((a, b) => a - b);

  const years = new Set<UseYearName>();
  for (const y of nonEmpty(params, "uy")) {
    const found = USE_YEAR_NAMES.find((n) => n.toLowerCase() === y.toLowerCase());
    if (found) years.add(found);
    else if (!ignored.includes("uy")) ignored.push("uy");
  }
  query.useYears = USE_YEAR_NAMES.filter((n) => years.has(n));

  const [limit] = nonEmpty(params, "limit");
  if (limit !== undefined) {
    const n = Number(limit);
    if (/^\d+$/.test(limit) && n >= 1 && n <= RESALE_MAX_PAGE_LIMIT) query.limit = n;
    else ignored.push("limit");
  }

  const [page] = nonEmpty(params, "page");
  if (page !== undefined) {
    const n = Number(page);
    if (/^\d{1,7}$/.test(page) && n >= 1 && n <= 1_000_000) query.page = n;
    else ignored.push("page");
  }

  const [sort] = nonEmpty(params, "sort");
  if (sort !== undefined) {
    if ((SORT_KEYS as string[]).includes(sort)) query.sort = sort as SortKey;
    else ignored.push("sort");
  }

  return { query, ignored };
}
