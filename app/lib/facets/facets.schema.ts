import { z } from "zod";
import { isDbId, toDbId } from "../fields";
import { parseDay, parseMonth } from "./days";
import {
  CODE_RE,
  type CodeFacet,
  type DayRange,
  type DaysFacet,
  type Facet,
  idToText,
  type MultiFacet,
  nameToId,
  type Order,
  PAGE_MAX,
  type Range,
  type RangeFacet,
  type Search,
  type SearchState,
} from "./facets";

/*
 * A search's JSON body (decision 0024): the zod schema of the facets declared in facets.ts. It gives the same
 * state as a link does (facets.ts `readUrl`), with the API's own leniency (ids as numbers or strings, months
 * for days, a resort id for its code) and a message a person understands for each bad field. Server side only
 * in practice: the browser reads links with facets.ts and never loads zod.
 */

/** A number from a query-string or JSON value: null when empty, undefined when it is not a plain decimal. */
export function toNumber(v: unknown): number | null | undefined {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

/**
 * A range from its two ends (numbers, numeric strings, or null/"" for an open end): the range (null when
 * both ends are open) or the message saying what is wrong. A link's range meets the same limits (facets.ts).
 */
export function checkRange(
  f: RangeFacet,
  min: unknown,
  max: unknown,
): { ok: true; range: Range | null } | { ok: false; message: string } {
  const lo = toNumber(min);
  const hi = toNumber(max);
  if (lo === undefined || hi === undefined) return { ok: false, message: `${f.label} range must hold two numbers.` };
  for (const n of [lo, hi]) {
    if (n !== null && (n < 0 || n > f.max)) return { ok: false, message: `${f.label} must be between 0 and ${f.max}.` };
  }
  if (lo !== null && hi !== null && lo > hi) {
    return { ok: false, message: `${f.label} range is inverted: the minimum ${lo} is above the maximum ${hi}.` };
  }
  return { ok: true, range: lo === null && hi === null ? null : { min: lo, max: hi } };
}

/** [min, max] (or { min, max }), either end null for no limit; null, "" or "all" for no filter. */
function rangeSchema(f: RangeFacet) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): Range | null => {
      if (v === null || v === undefined || v === "" || v === "all" || v === "All") return null;
      let pair: unknown[] | undefined;
      if (Array.isArray(v)) pair = v;
      else if (typeof v === "object") pair = [(v as Record<string, unknown>).min, (v as Record<string, unknown>).max];
      if (pair?.length !== 2) {
        ctx.addIssue({ code: "custom", message: `${f.label} must be a range [min, max].` });
        return z.NEVER;
      }
      const checked = checkRange(f, pair[0], pair[1]);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.range;
    });
}

/**
 * [from, to], inclusive; each end a day ("2026-12-04"), a month ("2026-12": from its first day, to its last
 * day) or null for open. A single day or month alone means just that day or month. Also { from, to }.
 */
function daysSchema(f: DaysFacet) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): DayRange | null => {
      if (v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) return null;
      const message = `${f.label} must be [from, to]: dates like "2026-12-04" or months like "2026-12" (null for open).`;
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
        ctx.addIssue({ code: "custom", message: `${f.label} range is inverted: ${from} is after ${to}.` });
        return z.NEVER;
      }
      return from === null && to === null ? null : { from, to };
    });
}

/** A list, a single value as a list of one, nothing as the empty list; null when it cannot be a list. */
function listOf(v: unknown): unknown[] | null {
  if (v === null || v === undefined || v === "") return [];
  if (Array.isArray(v)) return v;
  if (typeof v === "string" || typeof v === "number") return [v];
  return null;
}

/** Ids (numbers or numeric strings, at most 100) or, with `names`, names; repeated values count once. */
function multiSchema(f: MultiFacet) {
  const { names } = f;
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number[] => {
      const list = listOf(v);
      if (names) {
        const ids: number[] = [];
        for (const item of list ?? [null]) {
          const id = typeof item === "string" ? nameToId(f, f.alias ? f.alias(item.trim()) : item.trim()) : undefined;
          if (id === undefined) {
            ctx.addIssue({
              code: "custom",
              message: `${f.label} must be ${f.noun} among ${Object.keys(names).join(", ")}.`,
            });
            return z.NEVER;
          }
          ids.push(id);
        }
        return [...new Set(ids)];
      }
      const ids = list?.map(toNumber);
      if (!ids || ids.length > 100 || ids.some((n) => !isDbId(n))) {
        ctx.addIssue({ code: "custom", message: `${f.label} must be a list of ${f.noun} ids.` });
        return z.NEVER;
      }
      return [...new Set(ids as number[])];
    });
}

/** A code ("akv" is read as "AKV") or a numeric id; null, "" or "all" for none. Whether it exists is the service's to check. */
function codeSchema(f: CodeFacet) {
  const pattern = f.pattern ?? CODE_RE;
  return z
    .unknown()
    .optional()
    .transform((v, ctx): string | number | null => {
      if (v === null || v === undefined || v === "" || (typeof v === "string" && v.toLowerCase() === "all"))
        return null;
      const id = typeof v === "number" || typeof v === "string" ? toDbId(v) : null;
      if (id !== null) return id;
      if (typeof v === "string" && pattern.test(v.trim())) return v.trim().toUpperCase();
      ctx.addIssue({ code: "custom", message: f.message });
      return z.NEVER;
    });
}

function facetSchema(f: Facet) {
  if (f.kind === "range") return rangeSchema(f);
  if (f.kind === "days") return daysSchema(f);
  if (f.kind === "multi") return multiSchema(f);
  return codeSchema(f);
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

/** { column, order } among the declared columns; a missing order is the default sort's for its column, else asc. */
function orderBySchema(s: Search) {
  const fallback = s.sorts[s.defaultSort];
  return z
    .unknown()
    .optional()
    .transform((v, ctx): { column: string; order: Order } => {
      if (v === null || v === undefined || v === "") return { column: fallback.column, order: fallback.order };
      let o: Record<string, unknown> | null = null;
      if (typeof v === "object" && !Array.isArray(v)) o = v as Record<string, unknown>;
      else if (s.columnAlone && typeof v === "string") o = { column: v };
      else if (s.columnAlone) {
        ctx.addIssue({ code: "custom", message: "Order must be { column, order } or a column name." });
        return z.NEVER;
      }
      const column = o?.column ?? fallback.column;
      const order = o?.order ?? (column === fallback.column ? fallback.order : "asc");
      if (typeof column !== "string" || !s.columns.includes(column)) {
        ctx.addIssue({ code: "custom", message: `Order column must be one of ${s.columns.join(", ")}.` });
        return z.NEVER;
      }
      if (order !== "asc" && order !== "desc") {
        ctx.addIssue({ code: "custom", message: "Order must be asc or desc." });
        return z.NEVER;
      }
      return { column, order };
    });
}

/**
 * The schema of a search's body: each facet under its `field` (or state key), then limit, page and orderBy,
 * then any `extra` fields of this call. Unknown keys are ignored. The output is the search's state (plus the
 * extra fields), keyed as the state is.
 */
export function searchSchema<S extends Search, E extends z.ZodRawShape = Record<never, never>>(s: S, extra?: E) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(s.facets)) shape[f.field ?? key] = facetSchema(f);
  shape.limit = intSchema("Limit", 1, s.limit.max, s.limit.default);
  shape.page = intSchema("Page", 1, PAGE_MAX, 1);
  shape.orderBy = orderBySchema(s);
  Object.assign(shape, extra);
  return z.object(shape).transform((o) => {
    const out: Record<string, unknown> = { ...o };
    for (const [key, f] of Object.entries(s.facets)) {
      if (f.field && f.field !== key) {
        out[key] = o[f.field];
        delete out[f.field];
      }
    }
    return out;
  }) as unknown as z.ZodType<SearchState<S> & z.output<z.ZodObject<E>>>;
}

export type BodyResult<T> =
  | { success: true; data: T }
  | { success: false; error: string; fields: Record<string, string[]> };

/** A body: the filters at the top level or under `filters` (the top level wins); every bad field named at once. */
export function parseSearchBody<T>(schema: z.ZodType<T>, body: Record<string, unknown>): BodyResult<T> {
  const nested =
    typeof body.filters === "object" && body.filters !== null && !Array.isArray(body.filters) ? body.filters : {};
  const parsed = schema.safeParse({ ...nested, ...body });
  if (parsed.success) return { success: true, data: parsed.data };
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "body");
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return { success: false, error: Object.values(fields).flat().join(" "), fields };
}

/** A state as the body that asks for it (a link's state goes through the body's schema on the server). */
export function stateToBody<S extends Search>(s: S, state: SearchState<S>): Record<string, unknown> {
  const q = state as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(s.facets)) {
    const v = q[key];
    const field = f.field ?? key;
    if (f.kind === "range") out[field] = v && [(v as Range).min, (v as Range).max];
    else if (f.kind === "days") out[field] = v && [(v as DayRange).from, (v as DayRange).to];
    else if (f.kind === "multi" && f.names) out[field] = (v as number[]).map((id) => idToText(f, id));
    else out[field] = v;
  }
  return { ...out, limit: state.limit, page: state.page, orderBy: state.orderBy };
}
