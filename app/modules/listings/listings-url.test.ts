import { describe, expect, it } from "vitest";
import {
  applyChange,
  emptyState,
  isCanonical,
  readUrl,
  settleRanges,
  sortKeyOf,
  trimRange,
  writeUrl,
} from "~/lib/facets/facets";
import { expectAnyQueryStringReads } from "~/lib/facets/facets.testing";
import { type ListingsBounds, type ListingsQuery, listingsHref, RESALE_SEARCH } from "./listings-url";
import { toSearchFilters } from "./search.schema";

const DEFAULT_QUERY = emptyState(RESALE_SEARCH);
const DEFAULT_ORDER = { column: "score", order: "desc" } as const;
const parse = (qs: string) => {
  const { state: query, ignored } = readUrl(RESALE_SEARCH, new URLSearchParams(qs));
  return { query, ignored };
};
const serializeListingsQuery = (q: ListingsQuery) => writeUrl(RESALE_SEARCH, q);
const applyFilterChange = (prev: ListingsQuery, next: ListingsQuery) => applyChange(RESALE_SEARCH, prev, next);

describe("reading a /listings query string", () => {
  it("gives the defaults for an empty query: 60 a page, page 1, score descending", () => {
    const { query, ignored } = parse("");
    expect(query).toEqual(DEFAULT_QUERY);
    expect(sortKeyOf(RESALE_SEARCH, query.orderBy)).toBe("score-desc");
    expect(query.orderBy).toEqual(DEFAULT_ORDER);
    expect(query.limit).toBe(60);
    expect(ignored).toEqual([]);
    expect(toSearchFilters(query)).toEqual(query);
  });

  it("reads every filter", () => {
    const { query, ignored } = parse(
      "points=100-200&ppp=90-130&price=0-15000&score=30-&pct=0-100&resort=akv&broker=3&broker=1&uy=Dec&uy=feb&status=sold&status=Under-Contract&limit=120&page=2&sort=price-asc",
    );
    expect(ignored).toEqual([]);
    expect(query).toEqual({
      points: { min: 100, max: 200 },
      pricePerPoint: { min: 90, max: 130 },
      price: { min: 0, max: 15000 },
      score: { min: 30, max: null },
      pointPercentage: { min: 0, max: 100 },
      resort: "AKV",
      brokers: [1, 3],
      useYears: [2, 12], // Feb, Dec
      status: [5, 7], // under contract, sold (issue 27)
      limit: 120,
      page: 2,
      orderBy: { column: "price", order: "asc" },
    });
    // The server checks it once more with the body's schema: the same filters.
    expect(toSearchFilters(query)).toEqual(query);
  });

  it("reads the form's min and max fields", () => {
    const { query } = parse("points_min=150&points_max=&ppp_min=&ppp_max=&score_min=&score_max=80");
    expect(query.points).toEqual({ min: 150, max: null });
    expect(query.pricePerPoint).toBeNull();
    expect(query.score).toEqual({ min: null, max: 80 });
  });

  it("drops values it does not understand and names them", () => {
    const { query, ignored } = parse(
      "points=abc&ppp=200-100&score=0-500&resort=!!&broker=x&uy=Xyz&limit=0&page=-1&sort=nope&price=0-15000",
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

describe("writing a /listings query string", () => {
  it("round-trips", () => {
    const q: ListingsQuery = {
      points: { min: 25, max: 100 },
      pricePerPoint: { min: null, max: 130 },
      price: null,
      score: { min: 30, max: null },
      pointPercentage: null,
      resort: "BLT",
      brokers: [2, 5],
      useYears: [3, 10], // Mar, Oct
      status: [7], // sold
      limit: 30,
      page: 3,
      orderBy: { column: "price_per_point", order: "desc" },
    };
    const qs = serializeListingsQuery(q);
    expect(qs.toString()).toBe(
      "resort=BLT&points=25-100&ppp=-130&score=30-&uy=Mar&uy=Oct&broker=2&broker=5&status=sold&limit=30&sort=ppp-desc&page=3",
    );
    expect(parse(qs.toString()).query).toEqual(q);
    expect(isCanonical(RESALE_SEARCH, qs, q)).toBe(true);
  });

  it("leaves the defaults out", () => {
    expect(listingsHref(DEFAULT_QUERY)).toBe("/listings");
    expect(listingsHref({ ...DEFAULT_QUERY, resort: "AKV" })).toBe("/listings?resort=AKV");
  });

  it("knows a form submission is not canonical", () => {
    const params = new URLSearchParams("points_min=100&points_max=&sort=score-desc&limit=60");
    expect(isCanonical(RESALE_SEARCH, params, parse(params.toString()).query)).toBe(false);
  });
});

describe("a change of the filters (SPEC section 4, decision 0050)", () => {
  const sorted: ListingsQuery = { ...DEFAULT_QUERY, orderBy: { column: "price", order: "desc" }, page: 4 };

  it("keeps the chosen sort and goes back to page 1 when a filter changes", () => {
    for (const change of [
      { resort: "AKV" },
      { points: { min: 100, max: 140 } },
      { brokers: [1] },
      { useYears: [2] },
      { limit: 120 },
    ]) {
      const next = applyFilterChange(sorted, { ...sorted, ...change });
      expect(next.orderBy).toEqual(sorted.orderBy);
      expect(next.page).toBe(1);
    }
  });

  it("a points band chip links to the band with the chosen sort kept (issue 13)", () => {
    const byPrice: ListingsQuery = { ...DEFAULT_QUERY, orderBy: { column: "price", order: "asc" }, page: 3 };
    const chip = listingsHref(applyFilterChange(byPrice, { ...byPrice, points: { min: 100, max: 140 } }));
    expect(chip).toBe("/listings?points=100-140&sort=price-asc");
  });

  it("keeps the new sort when only the sort changes, back on page 1", () => {
    const ageAsc = { column: "age", order: "asc" } as const;
    const next = applyFilterChange(sorted, { ...sorted, orderBy: ageAsc });
    expect(next).toEqual({ ...sorted, orderBy: ageAsc, page: 1 });
  });

  it("keeps everything when only the page changes", () => {
    expect(applyFilterChange(sorted, { ...sorted, page: 5 })).toEqual({ ...sorted, page: 5 });
  });
});

describe("dropping slider ends left at the data's bounds (SPEC section 4)", () => {
  const bounds: ListingsBounds = {
    points: [50, 400],
    pricePerPoint: [80, 210],
    price: [5000, 60000],
    score: [0, 100],
    pointPercentage: null,
  };
  const settleRangesOf = (prev: ListingsQuery, next: ListingsQuery) => settleRanges(RESALE_SEARCH, prev, next, bounds);
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
    expect(listingsHref(applyFilterChange(DEFAULT_QUERY, settleRangesOf(DEFAULT_QUERY, next)))).toBe("/listings");
  });

  it("writes a half-open range when one handle moved", () => {
    const next = form("points_min=50&points_max=200&price_min=10000&price_max=60000&score_min=0&score_max=100");
    expect(listingsHref(settleRangesOf(DEFAULT_QUERY, next))).toBe("/listings?points=-200&price=10000-");
  });

  it("keeps a range that filters as before in its earlier form, so a sort change does not reset the sort", () => {
    const prev: ListingsQuery = {
      ...DEFAULT_QUERY,
      points: { min: 25, max: 100 },
      orderBy: { column: "price", order: "asc" },
    };
    // The form was rendered with the minimum handle clamped to the bound (50) and the sort changed.
    const next = form("points_min=50&points_max=100&sort=ppp-asc");
    const settled = applyFilterChange(prev, settleRangesOf(prev, next));
    expect(listingsHref(settled)).toBe("/listings?points=25-100&sort=ppp-asc");
  });

  it("counts a moved handle as a filter change", () => {
    const prev: ListingsQuery = {
      ...DEFAULT_QUERY,
      points: { min: 25, max: 100 },
      orderBy: { column: "price", order: "asc" },
    };
    const settled = applyFilterChange(prev, settleRangesOf(prev, form("points_min=60&points_max=100")));
    expect(listingsHref(settled)).toBe("/listings?points=60-100");
  });
});

describe("any query string", () => {
  it("reads without throwing, and the server's check of the page query agrees (never a 500)", () => {
    expectAnyQueryStringReads(RESALE_SEARCH, toSearchFilters, ["Feb", "dec", "AKV", "100-200", "30-"]);
  });
});
