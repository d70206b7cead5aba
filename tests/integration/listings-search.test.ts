import { and, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokers, listings, resorts } from "~/db/schema";
import { recomputeScores } from "~/modules/listings/score.server";
import { parseResaleSearch } from "~/modules/listings/search.schema";
import { searchListings } from "~/modules/listings/search.server";
import { getServices } from "~/lib/runtime.server";
import { keepSharedReads, stopSharedReads } from "~/lib/shared-reads.server";
import { action, loader as getLoader } from "~/routes/api/dvc-broker-listings";
import { loader as filtersLoader } from "~/routes/api/dvc-broker-resale-listings-filters";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const search = (json: unknown) => callRoute(action as never, makeRequest("/api/dvc-broker-listings", { json }));
type Row = {
  id: number;
  contract_points: number;
  price_per_point_cents: number;
  total_price_cents: number;
  score: number | null;
  point_percentage: number;
  resort_code: string;
  resort_name: string;
  use_month: string;
  posted_at: string;
  broker: { id: number } | null;
};
async function all(json: Record<string, unknown>): Promise<Row[]> {
  const res = await search({ ...json, limit: 120, page: 1 });
  expect(res.status).toBe(200);
  const rows: Row[] = [...res.body.data];
  for (let p = 2; p <= res.body.meta.total_pages; p++)
    rows.push(...(await search({ ...json, limit: 120, page: p })).body.data);
  expect(rows.length).toBe(res.body.meta.total);
  return rows;
}
const [{ n: ACTIVE }] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(listings)
  .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false)));

describe("scores after the demo seed", () => {
  it("every active listing has a score from 0 to 100 and a point percentage (test listings have none)", async () => {
    const rows = await db
      .select()
      .from(listings)
      .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false)));
    expect(rows.length).toBeGreaterThan(250);
    const duesOf = new Map((await db.select().from(resorts)).map((r) => [r.id, r.duesPerPointCents]));
    for (const r of rows) {
      // Issue 27: unknown dues are unknown, so a listing with banked or missing points at a resort without dues has
      // no actual value and no score; every other active listing has one.
      const plain = r.prevYearPoints === 0 && r.currYearPoints >= r.contractPoints;
      if (duesOf.get(r.resortId) === null && !plain) {
        expect(r.score).toBeNull();
        continue;
      }
      expect(r.score).not.toBeNull();
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.pointPercentage).toBe(Math.min(100, Math.floor((r.currYearPoints * 100) / r.contractPoints)));
    }
    const inactive = await db.select().from(listings).where(eq(listings.listingStatusId, 9));
    for (const r of inactive) expect(r.score).toBeNull();
    const tests = await db.select().from(listings).where(eq(listings.isTest, true));
    expect(tests.length).toBeGreaterThan(0);
    for (const r of tests) expect(r.score).toBeNull();
    // scores spread around the middle, not all the same
    expect(new Set(rows.map((r) => r.score)).size).toBeGreaterThan(20);
  });
});

describe("POST /api/dvc-broker-listings", () => {
  it("answers the first page by score descending with meta and lastModified", async () => {
    const res = await search({ page: 1, withFilters: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(60);
    expect(res.body.meta).toEqual({
      total: ACTIVE,
      per_page: 60,
      current_page: 1,
      total_pages: Math.ceil(ACTIVE / 60),
      total_is_capped: false,
    });
    expect(typeof res.body.lastModified).toBe("string");
    expect(res.body.filters).toBeUndefined();
    const scores = res.body.data.map((r: Row) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const first = res.body.data[0];
    expect(first).toMatchObject({
      listing_status_id: 3,
      use_month_full: expect.any(String),
      resort_code: expect.any(String),
    });
  });

  it("filters by points, price per point (dollars), price (dollars), score and point percentage", async () => {
    for (const r of await all({ points: [100, 200] })) expect(r.contract_points).toBeGreaterThanOrEqual(100);
    const pts = await all({ points: [100, 200] });
    expect(pts.length).toBeGreaterThan(0);
    for (const r of pts) expect(r.contract_points).toBeLessThanOrEqual(200);

    const ppp = await all({ pricePerPoint: [90, 130] });
    expect(ppp.length).toBeGreaterThan(0);
    for (const r of ppp) expect(r.price_per_point_cents).toBeGreaterThanOrEqual(9000);
    for (const r of ppp) expect(r.price_per_point_cents).toBeLessThanOrEqual(13000);

    const price = await all({ price: [15000, 25000] });
    expect(price.length).toBeGreaterThan(0);
    for (const r of price) expect(r.total_price_cents).toBeGreaterThanOrEqual(1_500_000);
    for (const r of price) expect(r.total_price_cents).toBeLessThanOrEqual(2_500_000);

    const score = await all({ score: [30, 100] });
    expect(score.length).toBeGreaterThan(0);
    expect(score.length).toBeLessThan(ACTIVE);
    for (const r of score) expect(r.score).toBeGreaterThanOrEqual(30);

    const pp = await all({ pointPercentage: [0, 50] });
    expect(pp.length).toBeGreaterThan(0);
    for (const r of pp) expect(r.point_percentage).toBeLessThanOrEqual(50);

    const open = await all({ points: [null, 100] });
    for (const r of open) expect(r.contract_points).toBeLessThanOrEqual(100);
  });

  it("filters by resort code or id, brokers and use years", async () => {
    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    const byCode = await all({ resort: "AKV" });
    expect(byCode.length).toBeGreaterThan(0);
    for (const r of byCode) expect(r.resort_code).toBe("AKV");
    expect((await all({ resort: akv.id })).map((r) => r.id)).toEqual(byCode.map((r) => r.id));
    expect((await all({ resort: "akv" })).length).toBe(byCode.length);

    const [broker] = await db.select().from(brokers).limit(1);
    const byBroker = await all({ brokers: [broker.id] });
    expect(byBroker.length).toBeGreaterThan(0);
    for (const r of byBroker) expect(r.broker?.id).toBe(broker.id);

    const uy = await all({ useYears: ["Feb", "Dec"] });
    expect(uy.length).toBeGreaterThan(0);
    for (const r of uy) expect(["Feb", "Dec"]).toContain(r.use_month);

    const combined = await all({ resort: "AKV", useYears: ["Feb", "Dec"], points: [0, 400] });
    for (const r of combined) expect(r.resort_code === "AKV" && ["Feb", "Dec"].includes(r.use_month)).toBe(true);
  });

  it("resolves a resort code from codes kept in the web process until the change feed moves (decision 0098)", async () => {
    const ids = async (resort: string) => {
      const res = await search({ resort, page: 1 });
      return res.status === 200 ? (res.body.data as Row[]).map((r) => r.id) : res.status;
    };
    const akv = await ids("AKV");
    keepSharedReads({ changes: services.changes, maxAgeMs: 60_000 });
    try {
      expect(await ids("AKV")).toEqual(akv);
      await db.update(resorts).set({ code: "AKX" }).where(eq(resorts.code, "AKV"));
      // Kept: the old code still names the resort, the new one is not known yet.
      expect(await ids("AKV")).toEqual(akv);
      expect(await ids("AKX")).toBe(400);
      // A write anywhere moves the change feed; the next search reads the codes again.
      services.changes.changed();
      expect(await ids("AKX")).toEqual(akv);
      expect(await ids("AKV")).toBe(400);
    } finally {
      stopSharedReads();
      await db.update(resorts).set({ code: "AKV" }).where(eq(resorts.code, "AKX"));
    }
    expect(await ids("AKV")).toEqual(akv);
  });

  it("keeps the filters' bounds in the web process until the change feed moves (decision 0098)", async () => {
    const bounds = async () =>
      (await callRoute(filtersLoader as never, makeRequest("/api/dvc-broker-resale-listings-filters"))).body;
    const before = await bounds();
    const [top] = await db
      .select({ id: listings.id, price: listings.pricePerPointCents })
      .from(listings)
      .where(eq(listings.isTest, false))
      .orderBy(sql`${listings.pricePerPointCents} desc`)
      .limit(1);
    keepSharedReads({ changes: services.changes, maxAgeMs: 60_000 });
    try {
      expect(await bounds()).toEqual(before);
      await db
        .update(listings)
        .set({ pricePerPointCents: top.price + 100_000 })
        .where(eq(listings.id, top.id));
      // Kept: the same bounds until a write moves the feed (every write through the app does).
      expect(await bounds()).toEqual(before);
      services.changes.changed();
      const after = await bounds();
      expect(after.pricePerPoint).not.toEqual(before.pricePerPoint);
      expect(after.resorts).toEqual(before.resorts);
    } finally {
      stopSharedReads();
      await db.update(listings).set({ pricePerPointCents: top.price }).where(eq(listings.id, top.id));
    }
    expect(await bounds()).toEqual(before);
  });

  it("accepts the filters nested under `filters` too", async () => {
    const res = await search({ filters: { resort: "BLT" }, page: 1 });
    expect(res.status).toBe(200);
    for (const r of res.body.data) expect(r.resort_code).toBe("BLT");
  });

  it.each([
    ["resort", "asc", (r: Row) => r.resort_name],
    ["resort", "desc", (r: Row) => r.resort_name],
    ["price", "asc", (r: Row) => r.total_price_cents],
    ["price", "desc", (r: Row) => r.total_price_cents],
    ["age", "asc", (r: Row) => r.posted_at],
    ["age", "desc", (r: Row) => r.posted_at],
    ["price_per_point", "asc", (r: Row) => r.price_per_point_cents],
    ["price_per_point", "desc", (r: Row) => r.price_per_point_cents],
    ["score", "asc", (r: Row) => r.score ?? 0],
    ["score", "desc", (r: Row) => r.score ?? 0],
  ] as const)("sorts by %s %s", async (column, order, key) => {
    const rows = await all({ orderBy: { column, order } });
    expect(rows.length).toBe(ACTIVE);
    // Listings without a score (unknown dues, issue 27) come last in either order, after the sorted scores.
    const scored = column === "score" ? rows.filter((r) => r.score !== null) : rows;
    if (column === "score") {
      expect(scored.length).toBeGreaterThan(200);
      for (const r of rows.slice(scored.length)) expect(r.score).toBeNull();
    }
    const keys: (string | number)[] = scored.map((r) => (key as (r: Row) => string | number)(r));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(order === "asc" ? sorted : sorted.reverse());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length); // stable paging: no row twice
  });

  it.each(["asc", "desc"] as const)(
    "sorts by resort name then listing id (%s), page after page of 7, with a filter",
    async (order) => {
      const filters = { points: [100, null], orderBy: { column: "resort", order } };
      const first = await search({ ...filters, limit: 7, page: 1 });
      const rows: Row[] = [...first.body.data];
      for (let p = 2; p <= first.body.meta.total_pages; p++)
        rows.push(...(await search({ ...filters, limit: 7, page: p })).body.data);
      expect(rows.length).toBe(first.body.meta.total);
      expect(rows.length).toBeGreaterThan(14);
      for (const r of rows) expect(r.contract_points).toBeGreaterThanOrEqual(100);
      const byNameThenId = (a: Row, b: Row) =>
        a.resort_name < b.resort_name ? -1 : a.resort_name > b.resort_name ? 1 : a.id - b.id;
      const expected = [...rows].sort((a, b) => (order === "asc" ? byNameThenId(a, b) : byNameThenId(b, a)));
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    },
  );

  it("pages: total_pages, the last page, and a page past the last", async () => {
    const first = await search({ limit: 50, page: 1 });
    expect(first.body.meta.total_pages).toBe(Math.ceil(ACTIVE / 50));
    const lastPage = first.body.meta.total_pages;
    const last = await search({ limit: 50, page: lastPage });
    expect(last.body.data).toHaveLength(ACTIVE - 50 * (lastPage - 1));
    const past = await search({ limit: 50, page: lastPage + 1 });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({
      total: ACTIVE,
      per_page: 50,
      current_page: lastPage + 1,
      total_pages: lastPage,
      total_is_capped: false,
    });
    const none = await search({ points: [1, 2] });
    expect(none.body.meta).toEqual({ total: 0, per_page: 60, current_page: 1, total_pages: 0, total_is_capped: false });
    // lastModified is when the marketplace's listings last changed, whatever the filters.
    expect(none.body.lastModified).toBe(first.body.lastModified);
  });

  it("includes the filter bounds when withFilters is true", async () => {
    const res = await search({ page: 1, withFilters: true });
    expect(res.body.filters.points).toHaveLength(2);
  });

  it.each([
    [{ points: [300, 100] }, "points", /inverted/],
    [{ pricePerPoint: ["cheap", 100] }, "pricePerPoint", /two numbers/],
    [{ price: 5 }, "price", /range/],
    [{ score: [0, 500] }, "score", /between 0 and 100/],
    [{ resort: "NOPE" }, "resort", /Unknown resort: NOPE/],
    [{ resort: { x: 1 } }, "resort", /resort code/],
    [{ brokers: [999999] }, "brokers", /Unknown broker id: 999999/],
    [{ brokers: ["x"] }, "brokers", /broker ids/],
    [{ useYears: ["Xyz"] }, "useYears", /Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec/],
    [{ limit: 500 }, "limit", /1 to 120/],
    [{ page: 0 }, "page", /1 to/],
    [{ page: 1.5 }, "page", /whole number/],
    [{ orderBy: { column: "id; drop table listings" } }, "orderBy", /resort, price, age, price_per_point, score/],
    [{ orderBy: { column: "price", order: "up" } }, "orderBy", /asc or desc/],
    [{ type: 2 }, "type", /[Rr]ental/], // type 1 is the rental search (tests/integration/rentals.test.ts)
  ])("rejects %j with a 400 naming the field", async (body, field, message) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]?.join(" ")).toMatch(message);
    expect(res.body.error).toMatch(message);
  });

  it("a search repeated after a write sees the write (statements are kept built, answers are not)", async () => {
    const body = { orderBy: { column: "price_per_point", order: "asc" }, page: 1 };
    const before = await search(body);
    const cheapest = before.body.data[0] as Row;
    await db
      .update(listings)
      .set({ pricePerPointCents: cheapest.price_per_point_cents + 900_00 })
      .where(eq(listings.id, cheapest.id));
    try {
      const after = await search(body);
      expect(after.body.data[0].id).not.toBe(cheapest.id);
      expect(after.body.data.map((r: Row) => r.id)).not.toContain(cheapest.id);
    } finally {
      await db
        .update(listings)
        .set({ pricePerPointCents: cheapest.price_per_point_cents })
        .where(eq(listings.id, cheapest.id));
    }
    expect((await search(body)).body.data[0].id).toBe(cheapest.id);
  });

  it("rejects bodies that are not a JSON object", async () => {
    for (const body of [[1, 2], "text", 42, null]) {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/JSON object/);
    }
    const broken = await callRoute(
      action as never,
      makeRequest("/api/dvc-broker-listings", { method: "POST", headers: { "content-type": "application/json" } }),
    );
    expect(broken.status).toBe(200); // an empty body is no filters
    const bad = new Request("http://localhost:3000/api/dvc-broker-listings", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    const res = await callRoute(action as never, bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/JSON/);
  });

  it("answers GET with 405", async () => {
    const res = await callRoute(getLoader as never, makeRequest("/api/dvc-broker-listings"));
    expect(res.status).toBe(405);
  });

  it("never answers 500 nor throws, whatever JSON arrives", async () => {
    const keys = fc.constantFrom(
      "points",
      "pricePerPoint",
      "price",
      "score",
      "pointPercentage",
      "resort",
      "brokers",
      "useYears",
      "limit",
      "page",
      "orderBy",
      "withFilters",
      "filters",
      "type",
      "column",
      "order",
    );
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.tuple(
        fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
        fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
      ),
      fc.record({
        column: fc.oneof(fc.string(), fc.constantFrom("price", "score", "resort")),
        order: fc.oneof(fc.string(), fc.constantFrom("asc", "desc")),
      }),
      fc.constantFrom("AKV", "Feb", "1e309", "-1", "NaN", "", "0x10", 2 ** 31, -(2 ** 63), 1e300),
    );
    const body = fc.oneof(
      fc.dictionary(fc.oneof(keys, fc.string()), value, { maxKeys: 6 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await search(b);
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) expect(typeof res.body.error).toBe("string");
        else expect(Array.isArray(res.body.data)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("GET /api/dvc-broker-resale-listings-filters", () => {
  it("answers the range of each filter key and the choices", async () => {
    const res = await callRoute(filtersLoader as never, makeRequest("/api/dvc-broker-resale-listings-filters"));
    expect(res.status).toBe(200);
    const b = res.body;
    const [pts] = await db
      .select({ lo: sql<number>`min(contract_points)`, hi: sql<number>`max(contract_points)` })
      .from(listings)
      .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false)));
    expect(b.points).toEqual([pts.lo, pts.hi]);
    for (const key of ["pricePerPoint", "price", "score", "pointPercentage"]) {
      expect(b[key]).toHaveLength(2);
      expect(b[key][0]).toBeLessThanOrEqual(b[key][1]);
    }
    expect(b.pricePerPoint[0]).toBeGreaterThanOrEqual(55);
    expect(b.pricePerPoint[1]).toBeLessThanOrEqual(270);
    expect(b.score[0]).toBeGreaterThanOrEqual(0);
    expect(b.score[1]).toBeLessThanOrEqual(100);
    expect(b.resorts.length).toBe(17);
    expect(b.resorts.find((r: { code: string }) => r.code === "AKV").count).toBeGreaterThan(0);
    // Every figure matches a plain query over the searchable listings.
    const searchable = and(eq(listings.listingStatusId, 3), eq(listings.isTest, false));
    const perResort = await db
      .select({ code: resorts.code, n: sql<number>`count(*)::int` })
      .from(listings)
      .innerJoin(resorts, eq(resorts.id, listings.resortId))
      .where(searchable)
      .groupBy(resorts.code);
    for (const r of b.resorts as { code: string; count: number }[]) {
      expect(r.count, r.code).toBe(perResort.find((p) => p.code === r.code)?.n ?? 0);
    }
    const [pct] = await db
      .select({ lo: sql<number>`min(point_percentage)`, hi: sql<number>`max(point_percentage)` })
      .from(listings)
      .where(searchable);
    expect(b.pointPercentage).toEqual([pct.lo, pct.hi]);
    const months = await db.selectDistinct({ m: listings.useMonth }).from(listings).where(searchable);
    const names = ["Feb", "Mar", "Apr", "Jun", "Aug", "Sep", "Oct", "Dec"];
    const monthNumbers = [2, 3, 4, 6, 8, 9, 10, 12];
    expect(b.useYears).toEqual(names.filter((_, i) => months.some((m) => m.m === monthNumbers[i])));
    expect(b.brokers.length).toBeGreaterThan(0);
    expect(b.useYears.length).toBeGreaterThan(0);
  });
});

describe("recomputeScores", () => {
  it("moves a resort's scores when its dues change, inside one transaction", async () => {
    const [blt] = await db.select().from(resorts).where(eq(resorts.code, "BLT"));
    const before = await db
      .select({ id: listings.id, score: listings.score })
      .from(listings)
      .where(and(eq(listings.resortId, blt.id), eq(listings.listingStatusId, 3)))
      .orderBy(listings.id);
    await db.update(resorts).set({ duesPerPointCents: 50_00 }).where(eq(resorts.id, blt.id));
    const { updated } = await recomputeScores(db, { resortId: blt.id });
    expect(updated).toBe(before.length);
    const after = await db
      .select({ id: listings.id, score: listings.score })
      .from(listings)
      .where(and(eq(listings.resortId, blt.id), eq(listings.listingStatusId, 3)))
      .orderBy(listings.id);
    expect(after.map((r) => r.score)).not.toEqual(before.map((r) => r.score));
    for (const r of after) expect(r.score).not.toBeNull();

    // a deactivated listing loses its score; an activated one gets one
    await db.update(listings).set({ listingStatusId: 9 }).where(eq(listings.id, after[0].id));
    await recomputeScores(db);
    const [gone] = await db.select().from(listings).where(eq(listings.id, after[0].id));
    expect(gone.score).toBeNull();
    const unscoredActive = await db
      .select({ resortDues: resorts.duesPerPointCents })
      .from(listings)
      .innerJoin(resorts, eq(resorts.id, listings.resortId))
      .where(and(eq(listings.listingStatusId, 3), eq(listings.isTest, false), isNull(listings.score)));
    // Only listings at resorts whose dues are not known go unscored (issue 27).
    expect(unscoredActive.filter((r) => r.resortDues !== null)).toEqual([]);
  });
});

describe("fractional bounds on whole-number columns", () => {
  it("rounds them inwards instead of failing (found by fast-check)", async () => {
    const res = await callRoute(
      action as never,
      makeRequest("/api/dvc-broker-listings", { json: { score: [5e-324, 99.5], points: [100.2, 200.9] } }),
    );
    expect(res.status).toBe(200);
    for (const row of res.body.data) {
      expect(row.score).toBeGreaterThanOrEqual(1);
      expect(row.score).toBeLessThanOrEqual(99);
      expect(row.contract_points).toBeGreaterThanOrEqual(101);
      expect(row.contract_points).toBeLessThanOrEqual(200);
    }
  });
});

describe("count cap", () => {
  it("stops counting at the cap and says the total is a lower bound", async () => {
    const { db } = await getServices();
    const parsed = parseResaleSearch({ limit: 60 });
    if (!parsed.success) throw new Error(parsed.error);
    const capped = await searchListings(db, parsed.data, { countCap: 100 });
    expect(capped.meta).toMatchObject({ total: 100, total_pages: 2, total_is_capped: true });
    expect(capped.data).toHaveLength(60);
    const exact = await searchListings(db, parsed.data);
    expect(exact.meta.total).toBeGreaterThan(100);
    expect(exact.meta.total_is_capped).toBe(false);
  });
});
