import {
  DEFAULT_QUERY,
  type ListingsQuery,
  RANGE_PARAM_KEYS,
  RANGE_PARAMS,
  type RangeParam,
  SORT_KEYS,
  SORTS,
  type SortKey,
} from "./listings-url";
import {
  RESALE_MAX_PAGE_LIMIT,
  type Range,
  type ResaleSearch,
  ResaleSearchSchema,
  USE_YEAR_NAMES,
  type UseYearName,
} from "./search.schema";

/** Reading a /listings query string into search filters (server side: it validates with the search schema). */
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
  const schema = ResaleSearchSchema.shape[RANGE_PARAMS[key]];
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
  const parsed = schema.safeParse(pair);
  return parsed.success ? { ok: true, range: parsed.data } : { ok: false, range: null };
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
    const parsed = ResaleSearchSchema.shape.resort.safeParse(resorts[0]);
    if (parsed.success && typeof parsed.data === "string") query.resort = parsed.data;
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

/** The search service's filters for a query. */
export function toSearchFilters(q: ListingsQuery): ResaleSearch {
  const pair = (r: Range | null) => (r ? [r.min, r.max] : null);
  const sort = SORTS[q.sort];
  return ResaleSearchSchema.parse({
    points: pair(q.points),
    pricePerPoint: pair(q.ppp),
    price: pair(q.price),
    score: pair(q.score),
    pointPercentage: pair(q.pct),
    resort: q.resort,
    brokers: q.brokers,
    useYears: q.useYears,
    limit: q.limit,
    page: q.page,
    orderBy: { column: sort.column, order: sort.order },
  });
}
