import { z } from "zod";
import {
  type DateRange,
  DEFAULT_RENTAL_ORDER,
  parseDay,
  parseMonth,
  RENTAL_MAX_NIGHTS,
  RENTAL_MAX_PAGE_LIMIT,
  RENTAL_MAX_PRICE_PER_NIGHT,
  RENTAL_ORDER_COLUMNS,
  RENTAL_PAGE_LIMIT,
  type Range,
  type RentalOrderColumn,
  type RentalSearch,
} from "./rentals-constants";

/*
 * The rental branch of dvc-broker-listings.store (SPEC section 7, `type: 1`). Server side only in
 * practice (the page reads its query string with the pure functions of rentals-url.ts).
 */

function toNumber(v: unknown): number | null | undefined {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d{1,15}(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/** [min, max] (or { min, max }); either end null for no limit; "all" or null for no filter. */
function rangeSchema(label: string, max: number) {
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
      const [lo, hi] = pair.map(toNumber);
      if (lo === undefined || hi === undefined) {
        ctx.addIssue({ code: "custom", message: `${label} range must hold two numbers.` });
        return z.NEVER;
      }
      for (const n of [lo, hi]) {
        if (n !== null && (n < 0 || n > max)) {
          ctx.addIssue({ code: "custom", message: `${label} must be between 0 and ${max}.` });
          return z.NEVER;
        }
      }
      if (lo !== null && hi !== null && lo > hi) {
        ctx.addIssue({
          code: "custom",
          message: `${label} range is inverted: the minimum ${lo} is above the maximum ${hi}.`,
        });
        return z.NEVER;
      }
      return lo === null && hi === null ? null : { min: lo, max: hi };
    });
}

/**
 * checkIn: the original's "checkIn list" is read as [from, to], inclusive; each end a day
 * ("2026-12-04"), a month ("2026-12": from its first day, to its last day) or null for open.
 * A single day or month alone means just that day or month. Also { from, to }.
 */
const checkInSchema = z
  .unknown()
  .optional()
  .transform((v, ctx): DateRange | null => {
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) return null;
    const message = 'Check-in must be [from, to]: dates like "2026-12-04" or months like "2026-12" (null for open).';
    let pair: unknown[] | undefined;
    if (typeof v === "string") pair = [v, v];
    else if (Array.isArray(v)) pair = v.length === 1 ? [v[0], v[0]] : v;
    else if (typeof v === "object") pair = [(v as Record<string, unknown>).from, (v as Record<string, unknown>).to];
    if (pair?.length !== 2) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    const end = (x: unknown, which: "first" | "last"): string | null | undefined => {
      if (x === null || x === undefined || x === "") return null;
      if (typeof x !== "string" || x.length > 10) return undefined;
      return parseDay(x) ?? parseMonth(x)?.[which] ?? undefined;
    };
    const from = end(pair[0], "first");
    const to = end(pair[1], "last");
    if (from === undefined || to === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (from !== null && to !== null && from > to) {
      ctx.addIssue({ code: "custom", message: `Check-in range is inverted: ${from} is after ${to}.` });
      return z.NEVER;
    }
    return from === null && to === null ? null : { from, to };
  });

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

const resortSchema = z
  .unknown()
  .optional()
  .transform((v, ctx): string | number | null => {
    if (v === null || v === undefined || v === "" || (typeof v === "string" && v.toLowerCase() === "all")) return null;
    if (typeof v === "number" && Number.isInteger(v) && v > 0 && v < 2 ** 31) return v;
    if (typeof v === "string" && /^\d{1,9}$/.test(v.trim())) return Number(v.trim());
    if (typeof v === "string" && /^[A-Za-z][A-Za-z0-9-]{0,19}$/.test(v.trim())) return v.trim().toUpperCase();
    ctx.addIssue({ code: "custom", message: "Resort must be a resort code (like AKV) or id." });
    return z.NEVER;
  });

const idsSchema = (label: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx): number[] => {
      const list = v === null || v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v];
      const ids = list.map((x) => (typeof x === "number" || typeof x === "string" ? toNumber(x) : undefined));
      if (ids.length > 100 || ids.some((n) => n == null || !Number.isInteger(n) || n < 1 || n >= 2 ** 31)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a list of ${label.toLowerCase()} ids.` });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    });

const orderBySchema = z
  .unknown()
  .optional()
  .transform((v, ctx): { column: RentalOrderColumn; order: "asc" | "desc" } => {
    if (v === null || v === undefined || v === "") return { ...DEFAULT_RENTAL_ORDER };
    // { column, order }, or a column name alone (ascending)
    let o: Record<string, unknown>;
    if (typeof v === "string") o = { column: v };
    else if (typeof v === "object" && !Array.isArray(v)) o = v as Record<string, unknown>;
    else {
      ctx.addIssue({ code: "custom", message: "Order must be { column, order } or a column name." });
      return z.NEVER;
    }
    const column = o.column ?? DEFAULT_RENTAL_ORDER.column;
    const order = o.order ?? "asc";
    if (typeof column !== "string" || !(RENTAL_ORDER_COLUMNS as readonly string[]).includes(column)) {
      ctx.addIssue({ code: "custom", message: `Order column must be one of ${RENTAL_ORDER_COLUMNS.join(", ")}.` });
      return z.NEVER;
    }
    if (order !== "asc" && order !== "desc") {
      ctx.addIssue({ code: "custom", message: "Order must be asc or desc." });
      return z.NEVER;
    }
    return { column: column as RentalOrderColumn, order };
  });

/**
 * Rental filters (SPEC section 3 "Rental filters"): nights and pricePerNight ranges (whole dollars),
 * resort code or id, checkIn [from, to], broker ids, room_ids, limit (default 20, at most 100), page,
 * orderBy { column: check_in | price_per_night | nights, order } (default check-in soonest first).
 * Unknown keys are ignored.
 */
export const RentalSearchSchema = z.object({
  nights: rangeSchema("Nights", RENTAL_MAX_NIGHTS),
  pricePerNight: rangeSchema("Price per night", RENTAL_MAX_PRICE_PER_NIGHT),
  resort: resortSchema,
  checkIn: checkInSchema,
  brokers: idsSchema("Brokers"),
  room_ids: idsSchema("Rooms"),
  limit: intSchema("Limit", 1, RENTAL_MAX_PAGE_LIMIT, RENTAL_PAGE_LIMIT),
  page: intSchema("Page", 1, 1_000_000, 1),
  orderBy: orderBySchema,
});
export type RentalSearchInput = z.input<typeof RentalSearchSchema>;

/** The request body: the filters at the top level (or under `filters`), plus page; `type` is read by the route. */
export function parseRentalSearch(
  body: Record<string, unknown>,
): { success: true; data: RentalSearch } | { success: false; error: string; fields: Record<string, string[]> } {
  const nested =
    typeof body.filters === "object" && body.filters !== null && !Array.isArray(body.filters) ? body.filters : {};
  const parsed = RentalSearchSchema.safeParse({ ...nested, ...body });
  if (parsed.success) {
    const { room_ids, ...rest } = parsed.data;
    return { success: true, data: { ...rest, roomIds: room_ids } };
  }
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "body");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return { success: false, error: Object.values(fields).flat().join(" "), fields };
}
