import { redirect } from "react-router";
import { AppError, isAppError } from "~/lib/errors";
import {
  activeFilters,
  type Bounds,
  isCanonical,
  type Known,
  keepKnown,
  type RangeKey,
  rangeBoundsOf,
  readSubmission,
  type Search,
  type SearchState,
  withoutLookups,
} from "./facets";

/*
 * Server-side pieces of the faceted-search kit (decision 0024) that need no database code: what a search
 * answers when a body names a row that does not exist, the bounds of the range facets, a search page's loader.
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

/**
 * A search page's loader (ARCHITECTURE rule 5: the filters live in the query string). The query string, or a
 * submission of the filter form without JavaScript, is read and redirected to its canonical form; values that
 * are not understood, and codes or ids that do not exist, are dropped and `notice` says so; a search the service
 * refuses is shown without its looked-up facets. Never an error for a bad link. The data's bounds and choices
 * (`choices`, from the module) are read before the redirect only when a slider needs them to read a submission.
 */
export async function loadSearchPage<S extends Search, C extends Partial<Record<string, unknown>>, R>(
  s: S,
  params: URLSearchParams,
  page: {
    href: (state: SearchState<S>) => string;
    choices: () => Promise<C>;
    /** The codes and ids that exist, by facet. */
    known: (choices: C) => Known<S>;
    /** The search of a state (the module checks it with its body's schema first). */
    search: (state: SearchState<S>) => Promise<R>;
  },
) {
  const sliders = Object.values(s.facets).some((f) => f.kind === "range" && f.slider);
  let choices = sliders ? await page.choices() : undefined;
  const read = readSubmission(s, params, choices ? rangeBoundsOf(s, choices) : {});
  if (read.ignored.length === 0 && !isCanonical(s, params, read.state)) throw redirect(page.href(read.state));
  choices ??= await page.choices();
  const bounds = rangeBoundsOf(s, choices);
  const known = keepKnown(s, read.state, page.known(choices));
  let query = known.state;
  const ignored = new Set([...read.ignored, ...known.dropped]);
  let result: R;
  try {
    result = await page.search(query);
  } catch (e) {
    if (!isAppError(e) || e.code !== "BAD_INPUT") throw e;
    // Whatever the service refused, show the list without it rather than an error.
    query = withoutLookups(s, query);
    ignored.add("search");
    result = await page.search(query);
  }
  return { query, result, choices, bounds, notice: ignored.size > 0, active: activeFilters(s, query, bounds) };
}
