import { AppError } from "~/lib/errors";
import type { Bounds, RangeKey, Search } from "./facets";

/*
 * Server-side pieces of the faceted-search kit (decision 0024) that need no database code: what a search
 * answers when a body names a row that does not exist, and the bounds of the range facets.
 */

/** A code or id as its row's id; a BAD_INPUT naming the field when there is no such row. */
export async function resolveCode(
  value: string | number | null,
  lookup: (key: string | number) => Promise<{ id: number }[]>,
  field: string,
  noun: string,
): Promise<number | null> {
  if (value === null) return null;
  const [row] = await lookup(value);
  if (!row) throw new AppError("BAD_INPUT", `Unknown ${noun}: ${value}.`, { [field]: [`Unknown ${noun}: ${value}.`] });
  return row.id;
}

/** Every id must name a row: a BAD_INPUT naming the field and the unknown ids otherwise. */
export async function expectKnownIds(
  ids: number[],
  lookup: (ids: number[]) => Promise<{ id: number }[]>,
  field: string,
  noun: string,
) {
  if (ids.length === 0) return;
  const found = new Set((await lookup(ids)).map((r) => r.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    const message = `Unknown ${noun} id${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`;
    throw new AppError("BAD_INPUT", message, { [field]: [message] });
  }
}

/**
 * The range facets' bounds from a row of `rangeBoundsSelect` (`pointsMin`, `pointsMax`...), in the state's
 * units: money from cents to whole dollars, rounded outwards. Null where the data has none.
 */
export function boundsFromRow<S extends Search>(
  s: S,
  row: Record<string, unknown> | undefined,
): { [K in RangeKey<S>]: Bounds } {
  const out: Record<string, Bounds> = {};
  for (const [key, f] of Object.entries(s.facets)) {
    if (f.kind !== "range") continue;
    const [lo, hi] = [row?.[`${key}Min`], row?.[`${key}Max`]];
    const scale = f.money ? 100 : 1;
    out[key] =
      lo === null || hi === null || lo === undefined || hi === undefined
        ? null
        : [Math.floor(Number(lo) / scale), Math.ceil(Number(hi) / scale)];
  }
  return out as { [K in RangeKey<S>]: Bounds };
}
