import { describe, expect, it } from "vitest";
import {
  applyFilterChange,
  DEFAULT_QUERY,
  DEFAULT_SORT,
  isCanonical,
  type ListingsQuery,
  listingsHref,
  serializeListingsQuery,
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
