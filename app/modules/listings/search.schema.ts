import { z } from "zod";
import type { ListingsQuery } from "./listings-url";
import { SORTS } from "./listings-url";
import {
  checkRange,
  ORDER_COLUMNS,
  type OrderColumn,
  type Range,
  type RangeKey,
  RANGE_LIMITS,
  RESALE_MAX_PAGE_LIMIT,
  RESALE_PAGE_LIMIT,
  RESORT_CODE_RE,
  toNumber,
  USE_YEAR_MONTHS,
  USE_YEAR_NAMES,
} from "./search-constants";

export * from "./search-constants";

/** A [min, max] pair (either end may be null for "no limit"); also { min, max }. Missing or null: no filter. */
function rangeSchema(key: RangeKey) {
  const { label } = RANGE_LIMITS[key];
  return z
    .unknown()
    .optional()
    .transform((v, ctx): Range | null => {
      if (v === null || v === undefined || v === "" || v === "all" || v === "All") return null;
      let pair: unknown[] | undefined;
      if (Array.isArray(v)) pair = v;
      else if (typeof v === "object") pair = [(v as Record<string, unknown>).min, (v as Record<string, unknown>).max];
      if (pair?.length !== 2) {
        ctx.addIssue({ code: "custom", message: `${label} must be a range [min, max].` });
        return z.NEVER;
      }
      const checked = checkRange(key, pair[0], pair[1]);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.range;
    });
}

const intSchema = (label: string, min: number, max: number, fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return fallback;
      const n = toNumber(v);
      if (n === null || n === undefined || !Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    });

/** A resort code ("AKV") or id; null, "" or "all" for every resort. Whether it exists is checked by the service. */
const resortSchema = z
  .unknown()
  .optional()
  .transform((v, ctx): string | number | null => {
    if (v === null || v === undefined || v === "" || (typeof v === "string" && v.toLowerCase() === "all")) return null;
    if (typeof v === "number" && Number.isInteger(v) && v > 0 && v < 2 ** 31) return v;
    if (typeof v === "string" && /^\d{1,9}$/.test(v.trim())) return Number(v.trim());
    if (typeof v === "string" && RESORT_CODE_RE.test(v.trim())) return v.trim().toUpperCase();
    ctx.addIssue({ code: "custom", message: "Resort must be a resort code (like AKV) or id." });
    return z.NEVER;
  });

function listOf(v: unknown): unknown[] | null {
  if (v === null || v === undefined || v === "") return [];
  if (Array.isArray(v)) return v;
  if (typeof v === "string" || typeof v === "number") return [v];
  return null;
}

const brokersSchema = z
  .unknown()
  .optional()
  .transform((v, ctx): number[] => {
    const list = listOf(v);
    const ids = list?.map(toNumber);
    if (!ids || ids.length > 100 || ids.some((n) => n == null || !Number.isInteger(n) || n < 1 || n >= 2 ** 31)) {
      ctx.addIssue({ code: "custom", message: "Brokers must be a list of broker ids." });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  });

const useYearsSchema = z
  .unknown()
  .optional()
  .transform((v, ctx): number[] => {
    const list = listOf(v);
    const months: number[] = [];
    for (const item of list ?? [null]) {
      const name = typeof item === "string" ? item.trim().slice(0, 3).toLowerCase() : "";
      const found = USE_YEAR_NAMES.find((n) => n.toLowerCase() === name);
      if (!found || (typeof item === "string" && item.trim().length > 9)) {
        ctx.addIssue({
          code: "custom",
          message: `Use years must be months among ${USE_YEAR_NAMES.join(", ")}.`,
        });
        return z.NEVER;
      }
      months.push(USE_YEAR_MONTHS[found]);
    }
    return [...new Set(months)];
  });

const orderBySchema = z
  .unknown()
  .optional()
  .transform((v, ctx): { column: OrderColumn; order: "asc" | "desc" } => {
    if (v === null || v === undefined || v === "") return { column: "score", order: "desc" };
    const o = typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    const column = o?.column ?? "score";
    const order = o?.order ?? (column === "score" ? "desc" : "asc");
    if (typeof column !== "string" || !(ORDER_COLUMNS as readonly string[]).includes(column)) {
      ctx.addIssue({ code: "custom", message: `Order column must be one of ${ORDER_COLUMNS.join(", ")}.` });
      return z.NEVER;
    }
    if (order !== "asc" && order !== "desc") {
      ctx.addIssue({ code: "custom", message: "Order must be asc or desc." });
      return z.NEVER;
    }
    return { column: column as OrderColumn, order };
  });

/**
 * Resale listing filters (SPEC section 3 "Resale listing filters", section 7 dvc-broker-listings.store):
 * ranges as [min, max] (prices in whole dollars), resort code or id, broker ids, use-year month names,
 * limit, page, orderBy. Unknown keys are ignored. The default order is score descending.
 */
export const ResaleSearchSchema = z.object({
  points: rangeSchema("points"),
  pricePerPoint: rangeSchema("pricePerPoint"),
  price: rangeSchema("price"),
  score: rangeSchema("score"),
  pointPercentage: rangeSchema("pointPercentage"),
  resort: resortSchema,
  brokers: brokersSchema,
  useYears: useYearsSchema,
  limit: intSchema("Limit", 1, RESALE_MAX_PAGE_LIMIT, RESALE_PAGE_LIMIT),
  page: intSchema("Page", 1, 1_000_000, 1),
  orderBy: orderBySchema,
  withFilters: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === "true" || v === 1),
});
export type ResaleSearch = z.output<typeof ResaleSearchSchema>;
export type ResaleSearchInput = z.input<typeof ResaleSearchSchema>;

/** The request body: the filter object at the top level (or under `filters`), plus page and withFilters. */
export function parseResaleSearch(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return {
      success: false as const,
      error: "Send the filters as a JSON object.",
      fields: {} as Record<string, string[]>,
    };
  }
  const b = body as Record<string, unknown>;
  const nested = typeof b.filters === "object" && b.filters !== null && !Array.isArray(b.filters) ? b.filters : {};
  if ("type" in b && b.type !== null && b.type !== undefined && String(b.type) !== "0") {
    return {
      success: false as const,
      error: "Only resale listings can be searched here (type 1, rentals, is not available).",
      fields: { type: ["Rental search is not available."] },
    };
  }
  const parsed = ResaleSearchSchema.safeParse({ ...nested, ...b });
  if (parsed.success) return { success: true as const, data: parsed.data };
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "body");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return { success: false as const, error: Object.values(fields).flat().join(" "), fields };
}

/** The search service's filters for a /listings page query (validated again here, on the server). */
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
