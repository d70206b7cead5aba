import { dollarBoundToCents } from "~/lib/money";
import { asc, desc, eq, gte, inArray, lte, max, min, type SQL, type SQLWrapper } from "drizzle-orm";
import type { FacetValues, Order, Range, RangeKey, Search } from "./facets";

/*
 * The SQL side of the faceted-search kit (decision 0024): a search's state as Drizzle conditions and order
 * over the columns a module binds to its facets. Named like a queries file because it is the kit's only
 * Drizzle code; the tables and columns stay in each module's own queries file.
 */

/** The column (or SQL expression) each facet filters. The conditions are written in this object's order. */
export type FacetColumns<S extends Search> = { [K in keyof S["facets"]]?: SQLWrapper };

type CodeKey<S extends Search> = {
  [K in keyof S["facets"]]: S["facets"][K] extends { kind: "code" } ? K : never;
}[keyof S["facets"]];

/** A state's filters as the database takes them: each code facet resolved to its row's id by the service. */
export type FacetWhere<S extends Search> = Omit<FacetValues<S>, CodeKey<S>> & { [K in CodeKey<S>]: number | null };

/** Integer columns compare with whole numbers, money in cents: a fractional bound is rounded inwards. */
function inDatabaseUnits(r: Range, money: boolean | undefined): Range {
  if (money) {
    return {
      min: r.min === null ? null : dollarBoundToCents(r.min, "min"),
      max: r.max === null ? null : dollarBoundToCents(r.max, "max"),
    };
  }
  return { min: r.min === null ? null : Math.ceil(r.min), max: r.max === null ? null : Math.floor(r.max) };
}

/** The conditions of every facet that filters (ranges as >= and <=, days likewise, ids as IN, a code as =). */
export function facetConditions<S extends Search>(
  s: S,
  columns: FacetColumns<S>,
  where: Partial<FacetWhere<S>>,
): SQL[] {
  const values = where as unknown as Record<string, unknown>;
  const out: SQL[] = [];
  for (const [key, column] of Object.entries(columns) as [string, SQLWrapper][]) {
    const f = s.facets[key];
    const v = values[key];
    if (v === null || v === undefined) continue;
    if (f.kind === "range") {
      const r = inDatabaseUnits(v as Range, f.money);
      if (r.min !== null) out.push(gte(column, r.min));
      if (r.max !== null) out.push(lte(column, r.max));
    } else if (f.kind === "days") {
      const d = v as { from: string | null; to: string | null };
      if (d.from) out.push(gte(column, d.from));
      if (d.to) out.push(lte(column, d.to));
    } else if (f.kind === "multi") {
      if ((v as number[]).length > 0) out.push(inArray(column, v as number[]));
    } else if (v) out.push(eq(column, v));
  }
  return out;
}

/** Each sort column's ORDER BY, given the direction (`asc` or `desc` of Drizzle) and its name. */
export type SortSql<C extends string> = Record<C, (dir: typeof asc, order: Order) => SQL[]>;

export function facetOrder<C extends string>(sorts: SortSql<C>, orderBy: { column: C; order: Order }): SQL[] {
  return sorts[orderBy.column](orderBy.order === "asc" ? asc : desc, orderBy.order);
}

/** min() and max() of these range facets' columns, for one select: `{ pointsMin, pointsMax, ... }`. */
export function rangeBoundsSelect<S extends Search>(_: S, columns: FacetColumns<S>, keys: readonly RangeKey<S>[]) {
  const out: Record<string, SQL> = {};
  for (const key of keys as readonly string[]) {
    const column = (columns as Record<string, SQLWrapper>)[key];
    out[`${key}Min`] = min(column);
    out[`${key}Max`] = max(column);
  }
  return out;
}
