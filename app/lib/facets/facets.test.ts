import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, days, parseDay, parseMonth } from "./days";
import {
  activeFilters,
  applyChange,
  CODE_RE,
  clearedState,
  code,
  defineSearch,
  emptyState,
  filtersDiffer,
  formValues,
  isCanonical,
  keepKnown,
  multi,
  range,
  readPage,
  readSubmission,
  readUrl,
  type SearchState,
  searchHref,
  settleRanges,
  sortKeyOf,
  trimRange,
  withoutLookups,
  writeUrl,
} from "./facets";
import { checkRange, parseSearchBody, searchSchema, stateToBody, toNumber } from "./facets.schema";
import { expectAnyQueryStringReads } from "./facets.testing";

/** A search that knows nothing of the product: every kind of facet, once. */
const THINGS = defineSearch({
  facets: {
    size: range({ param: "size", label: "Size", max: 1000, bands: [{ label: "Small", range: { min: 0, max: 10 } }] }),
    cost: range({ param: "cost", label: "Cost", max: 100_000, money: true, decimals: 2, slider: true }),
    kind: code({ param: "kind", label: "Kind", message: "Kind must be a kind code or id.", several: "first" }),
    when: days({ param: "when", label: "When" }),
    tags: multi({ param: "tag", field: "tag_ids", label: "Tags", noun: "tag" }),
    months: multi({
      param: "m",
      label: "Months",
      noun: "months",
      names: { Jan: 1, Feb: 2, Dec: 12 },
      alias: (t) => t.slice(0, 3),
    }),
  },
  urlOrder: ["kind", "when", "size", "cost", "months", "tags"],
  columns: ["when", "size", "cost"],
  sorts: {
    "when-desc": { column: "when", order: "desc", label: "Latest" },
    "when-asc": { column: "when", order: "asc", label: "Earliest" },
    "size-asc": { column: "size", order: "asc", label: "Smallest" },
    "cost-desc": { column: "cost", order: "desc", label: "Dearest" },
  },
  defaultSort: "when-desc",
  limit: { default: 20, max: 50, sizes: [10, 20, 50] },
});
type Things = SearchState<typeof THINGS>;

/** The same search with the other choices: several codes mean none, a column alone orders. */
const LOOSE = defineSearch({
  ...THINGS,
  columnAlone: true,
  facets: { ...THINGS.facets, kind: code({ ...THINGS.facets.kind, several: "none" }) },
});

const EMPTY = emptyState(THINGS);
const read = (qs: string) => readUrl(THINGS, new URLSearchParams(qs));
const FULL: Things = {
  size: { min: 5, max: 250.5 },
  cost: { min: null, max: 99.95 },
  kind: "AB-1",
  when: { from: "2026-12-01", to: null },
  tags: [3, 40],
  months: [2, 12],
  limit: 50,
  page: 3,
  orderBy: { column: "size", order: "asc" },
};
const FULL_URL =
  "kind=AB-1&when=2026-12-01..&size=5-250.5&cost=-99.95&m=Feb&m=Dec&tag=3&tag=40&limit=50&sort=size-asc&page=3";

describe("a search's state from a link and back", () => {
  it("starts empty: no filters, the default page size and sort, page 1", () => {
    expect(EMPTY).toEqual({
      size: null,
      cost: null,
      kind: null,
      when: null,
      tags: [],
      months: [],
      limit: 20,
      page: 1,
      orderBy: { column: "when", order: "desc" },
    });
    expect(read("")).toEqual({ state: EMPTY, ignored: [] });
    expect(writeUrl(THINGS, EMPTY).toString()).toBe("");
    expect(searchHref(THINGS, "/things", EMPTY)).toBe("/things");
  });

  it("reads every facet and writes the canonical link: keys in order, ids sorted, names for named ids", () => {
    const { state, ignored } = read(
      "tag=40&tag=3&tag=40&m=dec&m=FEB&kind=ab-1&when=2026-12-01..&size=5-250.5&cost=-99.95&limit=50&page=3&sort=size-asc",
    );
    expect(ignored).toEqual([]);
    expect(state).toEqual(FULL);
    expect(writeUrl(THINGS, state).toString()).toBe(FULL_URL);
    expect(isCanonical(THINGS, new URLSearchParams(FULL_URL), state)).toBe(true);
    expect(read(FULL_URL)).toEqual({ state: FULL, ignored: [] });
    expect(searchHref(THINGS, "/things", FULL)).toBe(`/things?${FULL_URL}`);
  });

  it("reads the form's fields the same way, and knows they are not the canonical link", () => {
    const form =
      "kind=AB-1&when_from=2026-12-01&when_to=&size_min=5&size_max=250.5&cost_min=&cost_max=99.95&m=Feb&m=Dec&tag=3&tag=40&limit=50&sort=size-asc&page=3&from=x";
    expect(read(form)).toEqual({ state: FULL, ignored: [] });
    expect(isCanonical(THINGS, new URLSearchParams(form), FULL)).toBe(false);
  });

  it("takes open ends and `all`", () => {
    expect(read("size=7-").state.size).toEqual({ min: 7, max: null });
    expect(read("size=-").state.size).toBeNull();
    expect(read("when=..2027-01-31").state.when).toEqual({ from: null, to: "2027-01-31" });
    expect(read("size=all&kind=all&when_from=&when_to=").state).toEqual(EMPTY);
  });

  it.each([
    ["size=abc", "size"],
    ["size=9-1", "size"],
    ["size=0-5000", "size"],
    ["size=1e3-", "size"],
    ["size=-1-3", "size"],
    ["size=5", "size"],
    ["size_min=cheap", "size"],
    ["cost=1.005-", "cost"],
    ["when=2027-02-30..", "when"],
    ["when=2027-01-15..2026-12-01", "when"],
    ["when=2026-12-01", "when"],
    ["when_from=tomorrow", "when"],
    ["kind=A%20B", "kind"],
    ["kind=1A", "kind"],
    ["tag=x", "tag"],
    ["tag=0", "tag"],
    ["tag=1234567890", "tag"],
    ["m=March", "m"],
    ["limit=51", "limit"],
    ["limit=0", "limit"],
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["page=1000001", "page"],
    ["sort=name-asc", "sort"],
    ["sort=toString", "sort"],
  ])("drops %s and names %s, never an error", (qs, key) => {
    expect(read(qs)).toEqual({ state: EMPTY, ignored: [key] });
  });

  it("keeps the good values of a list and names the key once", () => {
    expect(read("tag=3&tag=zz&tag=-1&m=Jan&m=Foo")).toEqual({
      state: { ...EMPTY, tags: [3], months: [1] },
      ignored: ["tag", "m"],
    });
  });

  it("with a code repeated keeps the first (several: first) or none (several: none), and names it", () => {
    expect(read("kind=AB&kind=CD")).toEqual({ state: { ...EMPTY, kind: "AB" }, ignored: ["kind"] });
    expect(readUrl(LOOSE, new URLSearchParams("kind=AB&kind=CD"))).toEqual({ state: EMPTY, ignored: ["kind"] });
    expect(read("kind=!!&kind=CD")).toEqual({ state: EMPTY, ignored: ["kind"] });
  });

  it("reads a page number on its own (1 to 1,000,000)", () => {
    expect(readPage("7")).toEqual({ ok: true, value: 7 });
    expect(readPage(null)).toEqual({ ok: true, value: 1 });
    expect(readPage("")).toEqual({ ok: true, value: 1 });
    for (const bad of ["0", "x", "-2", "1.5", "1000001"]) expect(readPage(bad)).toEqual({ ok: false, value: 1 });
  });

  it("gives a sort key for each order a link can carry, and none for an order only a body can ask for", () => {
    expect(sortKeyOf(THINGS, { column: "cost", order: "desc" })).toBe("cost-desc");
    expect(sortKeyOf(THINGS, { column: "cost", order: "asc" })).toBeUndefined();
  });
});

describe("changes", () => {
  const sorted: Things = { ...EMPTY, orderBy: { column: "size", order: "asc" }, page: 4 };

  it("a filter change goes back to page 1 and keeps the sort the visitor chose", () => {
    for (const change of [{ kind: "AB" }, { size: { min: 1, max: 2 } }, { tags: [1] }, { limit: 50 }]) {
      expect(applyChange(THINGS, sorted, { ...sorted, ...change })).toEqual({ ...sorted, ...change, page: 1 });
      expect(applyChange(LOOSE, sorted, { ...sorted, ...change })).toEqual({ ...sorted, ...change, page: 1 });
    }
  });

  it("a sort change goes back to page 1; a page change is kept", () => {
    const when = { column: "when", order: "asc" } as const;
    expect(applyChange(THINGS, sorted, { ...sorted, orderBy: when })).toEqual({ ...sorted, orderBy: when, page: 1 });
    expect(applyChange(THINGS, sorted, { ...sorted, page: 5 })).toEqual({ ...sorted, page: 5 });
    expect(filtersDiffer(THINGS, sorted, { ...sorted, page: 9, orderBy: when })).toBe(false);
  });

  it("Clear empties every filter and the page size, and keeps the sort", () => {
    expect(clearedState(THINGS, FULL)).toEqual({ ...EMPTY, orderBy: FULL.orderBy });
  });

  it("drops slider ends at or beyond the bounds; other ranges are left as they are", () => {
    expect(trimRange({ min: 50, max: 400 }, [50, 400])).toBeNull();
    expect(trimRange({ min: 0, max: 500 }, [50, 400])).toBeNull();
    expect(trimRange({ min: 50, max: 200 }, [50, 400])).toEqual({ min: null, max: 200 });
    expect(trimRange({ min: 100, max: 200 }, null)).toEqual({ min: 100, max: 200 });
    const next = read("cost_min=10&cost_max=500&size_min=0&size_max=1000").state;
    const settled = settleRanges(THINGS, EMPTY, next, { cost: [10, 500], size: [0, 1000] });
    expect(settled.cost).toBeNull(); // a slider left at its bounds
    expect(settled.size).toEqual({ min: 0, max: 1000 }); // not a slider
  });

  it("applies a form submission without JavaScript as the browser would (`from` is the query it was rendered for)", () => {
    const params = new URLSearchParams({
      from: "sort=size-asc&page=4",
      cost_min: "10",
      cost_max: "500",
      sort: "size-asc",
    });
    // Sliders untouched, sort unchanged: the clean query, back on page 1.
    expect(readSubmission(THINGS, params, { cost: [10, 500] })).toEqual({
      state: { ...EMPTY, orderBy: { column: "size", order: "asc" } },
      ignored: [],
    });
    params.set("cost_min", "20");
    // A moved handle is a filter change: back to page 1, the sort kept.
    expect(writeUrl(THINGS, readSubmission(THINGS, params, { cost: [10, 500] }).state).toString()).toBe(
      "cost=20-&sort=size-asc",
    );
  });

  it("counts the filters in force; a range counts when it narrows the data's bounds", () => {
    expect(activeFilters(THINGS, FULL)).toBe(6);
    expect(activeFilters(THINGS, EMPTY)).toBe(0);
    expect(activeFilters(THINGS, { ...EMPTY, size: { min: 0, max: 1000 } }, { size: [0, 1000] })).toBe(0);
    expect(activeFilters(THINGS, { ...EMPTY, size: { min: 1, max: 1000 } }, { size: [0, 1000] })).toBe(1);
  });

  it("drops codes and ids that do not exist, and empties the looked-up facets", () => {
    expect(keepKnown(THINGS, FULL, { kind: ["XY"], tags: [3] })).toEqual({
      state: { ...FULL, kind: null, tags: [3] },
      dropped: ["kind", "tag"],
    });
    expect(keepKnown(THINGS, FULL, { kind: ["AB-1"], tags: [3, 40] })).toEqual({ state: FULL, dropped: [] });
    expect(withoutLookups(THINGS, FULL)).toEqual({ ...FULL, kind: null, tags: [] }); // named ids are not looked up
  });

  it("gives the form's field values of a state", () => {
    expect(formValues(THINGS, FULL)).toEqual({
      size_min: ["5"],
      size_max: ["250.5"],
      cost_min: [""],
      cost_max: ["99.95"],
      kind: ["AB-1"],
      when_from: ["2026-12-01"],
      when_to: [""],
      tag: ["3", "40"],
      m: ["Feb", "Dec"],
      sort: ["size-asc"],
      limit: ["50"],
    });
  });
});

describe("numbers, ranges and codes", () => {
  const points = range({ param: "points", label: "Points", max: 100_000 });

  it("reads plain decimals, empty as null, anything else as undefined", () => {
    expect(toNumber("12")).toBe(12);
    expect(toNumber(" 12.5 ")).toBe(12.5);
    expect(toNumber("-3")).toBe(-3);
    expect(toNumber(7)).toBe(7);
    for (const empty of ["", null, undefined]) expect(toNumber(empty)).toBeNull();
    for (const bad of ["1e3", "0x10", "12abc", ".5", "NaN", Number.POSITIVE_INFINITY, Number.NaN, {}, [], true]) {
      expect(toNumber(bad)).toBeUndefined();
    }
  });

  it("checks a range's ends: open ends, limits, inverted, each with its message", () => {
    expect(checkRange(points, "100", "200")).toEqual({ ok: true, range: { min: 100, max: 200 } });
    expect(checkRange(points, null, 130)).toEqual({ ok: true, range: { min: null, max: 130 } });
    expect(checkRange(points, "30", "")).toEqual({ ok: true, range: { min: 30, max: null } });
    expect(checkRange(points, null, null)).toEqual({ ok: true, range: null });
    expect(checkRange(points, "abc", null)).toEqual({ ok: false, message: "Points range must hold two numbers." });
    expect(checkRange(points, "-1", null)).toEqual({ ok: false, message: "Points must be between 0 and 100000." });
    expect(checkRange(points, 0, 100_001).ok).toBe(false);
    expect(checkRange(points, "200", "100")).toEqual({
      ok: false,
      message: "Points range is inverted: the minimum 200 is above the maximum 100.",
    });
  });

  it("takes codes and refuses anything else", () => {
    for (const ok of ["AKV", "blt", "VGF2", "A-B"]) expect(CODE_RE.test(ok)).toBe(true);
    for (const bad of ["", "1AKV", "!!", "AKV;drop", "A".repeat(21), "AK V"]) expect(CODE_RE.test(bad)).toBe(false);
  });

  it("knows calendar days (1900-2999) and months", () => {
    for (const [text, day] of [
      ["2028-02-29", "2028-02-29"],
      [" 2026-12-04 ", "2026-12-04"],
      ["2027-02-29", null],
      ["1899-12-31", null],
      ["3000-01-01", null],
      ["2026-1-04", null],
    ] as const) {
      expect(parseDay(text)).toBe(day);
    }
    expect([parseMonth("2027-02"), parseMonth("2027-13")]).toEqual([{ first: "2027-02-01", last: "2027-02-28" }, null]);
    expect([addDays("2026-12-28", 5), addDays("2028-03-01", -1)]).toEqual(["2027-01-02", "2028-02-29"]);
  });
});

describe("a search's JSON body", () => {
  const schema = searchSchema(THINGS);
  const looseSchema = searchSchema(LOOSE);
  const body = (b: Record<string, unknown>, s = schema) => parseSearchBody(s, b);
  const ok = (b: Record<string, unknown>, s = schema) => {
    const parsed = body(b, s);
    if (!parsed.success) throw new Error(parsed.error);
    return parsed.data;
  };

  it("gives the same state as the link, from the body's own spellings", () => {
    expect(ok({})).toEqual(EMPTY);
    expect(
      ok({
        size: [5, 250.5],
        cost: { min: null, max: "99.95" },
        kind: " ab-1 ",
        when: ["2026-12-01", null],
        tag_ids: ["3", 40, 3],
        months: ["February", "dec"],
        limit: "50",
        page: 3,
        orderBy: { column: "size" },
      }),
    ).toEqual(FULL);
    expect(ok({ filters: { kind: 12 }, size: "all" })).toEqual({ ...EMPTY, kind: 12 }); // an id; nested filters
    expect(ok({ when: "2027-02" }).when).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(ok({ when: ["2026-12-24"] }).when).toEqual({ from: "2026-12-24", to: "2026-12-24" });
    expect(ok({ orderBy: { order: "asc" } }).orderBy).toEqual({ column: "when", order: "asc" });
  });

  it("names every bad field at once, with a message a person understands", () => {
    const parsed = body({
      size: [9, 2],
      cost: 5,
      kind: { x: 1 },
      when: ["2027-02-30", null],
      tag_ids: ["x"],
      months: ["Jul"],
      limit: 51,
      page: 1.5,
      orderBy: { column: "id; drop table" },
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.fields).toEqual({
      size: ["Size range is inverted: the minimum 9 is above the maximum 2."],
      cost: ["Cost must be a range [min, max]."],
      kind: ["Kind must be a kind code or id."],
      when: ['When must be [from, to]: dates like "2026-12-04" or months like "2026-12" (null for open).'],
      tag_ids: ["Tags must be a list of tag ids."],
      months: ["Months must be months among Jan, Feb, Dec."],
      limit: ["Limit must be a whole number from 1 to 50."],
      page: ["Page must be a whole number from 1 to 1000000."],
      orderBy: ["Order column must be one of when, size, cost."],
    });
    expect(parsed.error).toMatch(/^Size range is inverted.* Order column must be one of when, size, cost\.$/);
  });

  it("reads an order that is not an object as the default, or (columnAlone) a column name alone", () => {
    for (const orderBy of ["size", 5, [1], true]) expect(ok({ orderBy }).orderBy).toEqual(EMPTY.orderBy);
    expect(ok({ orderBy: "size" }, looseSchema).orderBy).toEqual({ column: "size", order: "asc" });
    for (const orderBy of [5, [1], true]) {
      expect(body({ orderBy }, looseSchema)).toMatchObject({
        success: false,
        fields: { orderBy: ["Order must be { column, order } or a column name."] },
      });
    }
    expect(body({ orderBy: { column: "size", order: "up" } })).toMatchObject({
      fields: { orderBy: ["Order must be asc or desc."] },
    });
  });

  it("takes extra fields of a call", () => {
    const withFlag = searchSchema(THINGS, { flag: searchSchema(THINGS).optional() });
    expect(parseSearchBody(withFlag, {}).success).toBe(true);
  });
});

describe("any query string", () => {
  it("reads without throwing, to a state whose link reads back the same, and the body's schema agrees", () => {
    const schema = searchSchema(THINGS);
    expectAnyQueryStringReads(THINGS, (state) => schema.parse(stateToBody(THINGS, state)), ["Feb", "dec", "AB-1"]);
  });

  const num = (max: number, decimals: number) =>
    fc.integer({ min: 0, max: max * 10 ** decimals }).map((n) => n / 10 ** decimals);
  const rangeOf = (max: number, decimals: number) =>
    fc.oneof(
      fc.constant(null),
      fc
        .tuple(fc.option(num(max, decimals)), fc.option(num(max, decimals)))
        .filter(([a, b]) => (a !== null || b !== null) && (a === null || b === null || a <= b))
        .map(([min, max]) => ({ min, max })),
    );
  const day = fc
    .date({ min: new Date("1900-01-01"), max: new Date("2999-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const state: fc.Arbitrary<Things> = fc.record({
    size: rangeOf(1000, 3),
    cost: rangeOf(100_000, 2),
    kind: fc.option(fc.stringMatching(/^[A-Z][A-Z0-9-]{0,19}$/)),
    when: fc.oneof(
      fc.constant(null),
      fc
        .tuple(fc.option(day), fc.option(day))
        .filter(([a, b]) => (a !== null || b !== null) && (a === null || b === null || a <= b))
        .map(([from, to]) => ({ from, to })),
    ),
    tags: fc
      .uniqueArray(fc.integer({ min: 1, max: 999_999_999 }), { maxLength: 5 })
      .map((ids) => ids.sort((a, b) => a - b)),
    months: fc.subarray([1, 2, 12]),
    limit: fc.integer({ min: 1, max: 50 }),
    page: fc.integer({ min: 1, max: 1_000_000 }),
    orderBy: fc.constantFrom(...Object.values(THINGS.sorts).map(({ column, order }) => ({ column, order }))),
  });

  it("every state a link can hold goes to a link and back unchanged", () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(readUrl(THINGS, writeUrl(THINGS, s))).toEqual({ state: s, ignored: [] });
      }),
      { numRuns: 500 },
    );
  });
});
