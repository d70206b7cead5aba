import { describe, expect, it } from "vitest";
import {
  applyFilterChange,
  DEFAULT_QUERY,
  DEFAULT_SORT,
  isCanonical,
  type ListingsQuery,
  listingsHref,
  type RangeBounds,
  serializeListingsQuery,
  settleRanges,
  trimRange,
} from "./listings-url";
import { parseListingsQuery } from "./listings-query";
import { toSearchFilters } from "./search.schema";

const parse = (qs: string) => parseListingsQuery(new URLSearchParams(qs));

describe("parseListingsQuery", () => {
  it("gives the defaults for an empty query: 60 a page, page 1, score descending", () => {
    const { query, ignored } = parse("");
    expect(query).toEqual(DEFAULT_QUERY);
    expect(query.sort).toBe("score-desc");
    expect(query.limit).toBe(60);
    expect(ignored).toEqual([]);
    expect(toSearchFilters(query).orderBy).toEqual({ column: "score", order: "desc" });
  });

  it("reads every filter", () => {
    const { query, ignored } = parse(
      "points=100-200&ppp=90-130&price=0-15000&score=30-&pct=0-100&resort=akv&broker=3&broker=1&uy=Dec&uy=feb&limit=120&page=2&sort=price-asc",
    );
    expect(ignored).toEqual([]);
    expect(query).toEqual({
      points: { min: 100, max: 200 },
      ppp: { min: 90, max: 130 },
      price: { min: 0, max: 15000 },
      score: { min: 30, max: null },
      pct: { min: 0, max: 100 },
      resort: "AKV",
      brokers: [1, 3],
      useYears: ["Feb", "Dec"],
      limit: 120,
      page: 2,
      sort: "price-asc",
    });
  });

  it("reads the form's min and max fields", () => {
    const { query } = parse("points_min=150&points_max=&ppp_min=&ppp_max=&score_min=&score_max=80");
    expect(query.points).toEqual({ min: 150, max: null });
    expect(query.ppp).toBeNull();
    expect(query.score).toEqual({ min: null, max: 80 });
  });

  it("drops values it does not understand and names them", () => {
    const { query, ignored } = parse(
      "points=abc&ppp=200-100&score=0-500&resort=!!&broker=x&uy=Jan&limit=0&page=-1&sort=nope&price=0-15000",
    );
    expect(query).toEqual({ ...DEFAULT_QUERY, price: { min: 0, max: 15000 } });
    expect(ignored.sort()).toEqual(["broker", "limit", "page", "points", "ppp", "resort", "score", "sort", "uy"]);
  });

  it("keeps the first of several resorts and says the others were ignored", () => {
    const { query, ignored } = parse("resort=AKV&resort=BLT");
    expect(query.resort).toBe("AKV");
    expect(ignored).toEqual(["resort"]);
  });
});

describe("serializeListingsQuery", () => {
  it("round-trips", () => {
    const q: ListingsQuery = {
      points: { min: 25, max: 100 },
      ppp: { min: null, max: 130 },
      price: null,
      score: { min: 30, max: null },
      pct: null,
      resort: "BLT",
      brokers: [2, 5],
      useYears: ["Mar", "Oct"],
      limit: 30,
      page: 3,
      sort: "ppp-desc",
    };
    const qs = serializeListingsQuery(q);
    expect(qs.toString()).toBe(
      "resort=BLT&points=25-100&ppp=-130&score=30-&uy=Mar&uy=Oct&broker=2&broker=5&limit=30&sort=ppp-desc&page=3",
    );
    expect(parseListingsQuery(qs).query).toEqual(q);
    expect(isCanonical(qs, q)).toBe(true);
  });

  it("leaves the defaults out", () => {
    expect(listingsHref(DEFAULT_QUERY)).toBe("/listings");
    expect(listingsHref({ ...DEFAULT_QUERY, resort: "AKV" })).toBe("/listings?resort=AKV");
  });

  it("knows a form submission is not canonical", () => {
    const params = new URLSearchParams("points_min=100&points_max=&sort=score-desc&limit=60");
    expect(isCanonical(params, parseListingsQuery(params).query)).toBe(false);
  });
});

describe("applyFilterChange", () => {
  const sorted: ListingsQuery = { ...DEFAULT_QUERY, sort: "price-desc", page: 4 };

  it("resets the sort and the page when any filter except the sort changes", () => {
    for (const change of [
      { resort: "AKV" },
      { points: { min: 100, max: 140 } },
      { brokers: [1] },
      { useYears: ["Feb" as const] },
      { limit: 120 },
    ]) {
      const next = applyFilterChange(sorted, { ...sorted, ...change });
      expect(next.sort).toBe(DEFAULT_SORT);
      expect(next.page).toBe(1);
    }
  });

  it("keeps the new sort when only the sort changes, back on page 1", () => {
    const next = applyFilterChange(sorted, { ...sorted, sort: "age-asc" });
    expect(next).toEqual({ ...sorted, sort: "age-asc", page: 1 });
  });

  it("keeps everything when only the page changes", () => {
    expect(applyFilterChange(sorted, { ...sorted, page: 5 })).toEqual({ ...sorted, page: 5 });
  });
});

describe("dropping slider ends left at the data's bounds (SPEC section 4)", () => {
  const bounds: RangeBounds = { points: [50, 400], ppp: [80, 210], price: [5000, 60000], score: [0, 100], pct: null };
  const form = (qs: string) => parse(qs).query;

  it("drops a range at the bounds, or beyond them on both sides", () => {
    expect(trimRange({ min: 50, max: 400 }, [50, 400])).toBeNull();
    expect(trimRange({ min: 0, max: 500 }, [50, 400])).toBeNull();
    expect(trimRange({ min: null, max: 400 }, [50, 400])).toBeNull();
  });

  it("keeps only the end that is inside the bounds", () => {
    expect(trimRange({ min: 50, max: 200 }, [50, 400])).toEqual({ min: null, max: 200 });
    expect(trimRange({ min: 100, max: 400 }, [50, 400])).toEqual({ min: 100, max: null });
    expect(trimRange({ min: 100, max: 200 }, [50, 400])).toEqual({ min: 100, max: 200 });
  });

  it("leaves a range alone when the data has no bounds", () => {
    expect(trimRange({ min: 0, max: 100 }, null)).toEqual({ min: 0, max: 100 });
  });

  it("gives the clean URL for a submission with untouched sliders", () => {
    const next = form(
      "points_min=50&points_max=400&ppp_min=80&ppp_max=210&price_min=5000&price_max=60000&score_min=0&score_max=100&sort=score-desc&limit=60",
    );
    expect(listingsHref(applyFilterChange(DEFAULT_QUERY, settleRanges(DEFAULT_QUERY, next, bounds)))).toBe("/listings");
  });

  it("writes a half-open range when one handle moved", () => {
    const next = form("points_min=50&points_max=200&price_min=10000&price_max=60000&score_min=0&score_max=100");
    expect(listingsHref(settleRanges(DEFAULT_QUERY, next, bounds))).toBe("/listings?points=-200&price=10000-");
  });

  it("keeps a range that filters as before in its earlier form, so a sort change does not reset the sort", () => {
    const prev: ListingsQuery = { ...DEFAULT_QUERY, points: { min: 25, max: 100 }, sort: "price-asc" };
    // The form was rendered with the minimum handle clamped to the bound (50) and the sort changed.
    const next = form("points_min=50&points_max=100&sort=ppp-asc");
    const settled = applyFilterChange(prev, settleRanges(prev, next, bounds));
    expect(listingsHref(settled)).toBe("/listings?points=25-100&sort=ppp-asc");
  });

  it("counts a moved handle as a filter change", () => {
    const prev: ListingsQuery = { ...DEFAULT_QUERY, points: { min: 25, max: 100 }, sort: "price-asc" };
    const settled = applyFilterChange(prev, settleRanges(prev, form("points_min=60&points_max=100"), bounds));
    expect(listingsHref(settled)).toBe("/listings?points=60-100");
  });
});
