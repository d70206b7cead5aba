import fc from "fast-check";
import { expect } from "vitest";
import { isCanonical, readUrl, type Search, type SearchState, writeUrl } from "./facets";

/*
 * Test support for searches declared with the kit (decision 0024): what every declaration must satisfy,
 * checked with fast-check by the kit's tests and by each module's.
 */

/** Query strings of a search's own keys and form fields (and of anything else), with values good and bad. */
export function queryStrings(s: Search, samples: readonly string[]) {
  const params = Object.values(s.facets).flatMap((f) =>
    ["", "_min", "_max", "_from", "_to"].map((end) => `${f.param}${end}`),
  );
  const key = fc.oneof(fc.constantFrom(...params, "limit", "page", "sort", "from"), fc.string({ maxLength: 6 }));
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      "all",
      "-",
      "..",
      "1-5",
      "5-1",
      "0-",
      "-99.95",
      "2026-12-01..",
      ...Object.keys(s.sorts),
      ...samples,
    ),
    fc.integer({ min: -5, max: 2_000_000 }).map(String),
    fc.double({ noNaN: true }).map(String),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  );
  return fc.array(fc.tuple(key, value), { maxLength: 12 }).map((pairs) => new URLSearchParams(pairs));
}

/**
 * Any query string reads without throwing, to a state whose canonical link reads back the same, and which the
 * server's check (the body's schema, `check`) takes as it is: a bad link is never a 500.
 */
export function expectAnyQueryStringReads<S extends Search>(
  s: S,
  check: (state: SearchState<S>) => SearchState<S>,
  samples: readonly string[] = [],
) {
  fc.assert(
    fc.property(queryStrings(s, samples), (q) => {
      const { state } = readUrl(s, q);
      const link = writeUrl(s, state);
      expect(readUrl(s, link)).toEqual({ state, ignored: [] });
      expect(isCanonical(s, link, state)).toBe(true);
      expect(check(state)).toEqual(state);
    }),
    { numRuns: 300 },
  );
}
