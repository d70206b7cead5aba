import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, listings, marketMonthly, resortMembershipValues, sales, settings } from "~/db/schema";
import { keepSharedReads, stopSharedReads } from "~/lib/shared-reads.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { readMarket, refreshMarketMonthly } from "~/modules/market/market.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { action as rvcSettingsAction, loader as rvcSettingsLoader } from "~/routes/admin/resorts-rvc";
import { loader as seriesLoader } from "~/routes/public/market-series";
import { loader as marketLoader } from "~/routes/public/market";
import { loader as rvcLoader } from "~/routes/public/selling-rvc";
import { buildListing, buildOffer, resortByCode } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 31 (decision 0077): the monthly market table, its public series, the admin correction and the calculator.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}

/** A closed sale of a listing posted `postedAt`, agreed `agreedAt`, closed `closedAt` (a fixture resort-month in 2019). */
async function buildSale(o: {
  code: string;
  price: number;
  points: number;
  postedAt: Date;
  agreedAt: Date;
  closedAt: Date;
  rofr: "waived" | "exercised";
}) {
  const listing = await buildListing(db, {
    resortCode: o.code,
    pricePerPointCents: o.price + 500,
    points: o.points,
    status: LISTING_STATUS.sold,
  });
  await db.update(listings).set({ postedAt: o.postedAt }).where(eq(listings.id, listing.id));
  const offer = await buildOffer(db, { listing, status: "accepted", pricePerPointCents: o.price });
  const [agreement] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: listing.id,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing.resortId,
      useMonth: 2,
      points: o.points,
      pricePerPointCents: o.price,
      totalCents: o.price * o.points,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: offer.deedNames,
      status: o.rofr === "waived" ? "closed" : "rofr_exercised",
      createdAt: o.agreedAt,
    })
    .returning();
  const [sale] = await db
    .insert(sales)
    .values({
      agreementId: agreement.id,
      listingId: listing.id,
      resortId: listing.resortId,
      points: o.points,
      useMonth: 2,
      pricePerPointCents: o.price,
      daysToClose: 60,
      rofrResult: o.rofr,
      closedAt: o.closedAt,
    })
    .returning();
  return sale;
}

const d = (iso: string) => new Date(`${iso}T12:00:00Z`);
const tableSnapshot = () =>
  db
    .select({
      resortId: marketMonthly.resortId,
      month: marketMonthly.month,
      listed: marketMonthly.listedCount,
      asking: marketMonthly.askingMedianCents,
      sold: marketMonthly.soldCount,
      median: marketMonthly.soldMedianCents,
      days: marketMonthly.medianDaysOnMarket,
      waived: marketMonthly.rofrWaived,
      exercised: marketMonthly.rofrExercised,
      average: marketMonthly.averageCents,
      demo: marketMonthly.isDemo,
    })
    .from(marketMonthly)
    .orderBy(asc(marketMonthly.resortId), asc(marketMonthly.month));

describe("the monthly market table", () => {
  it("is computed from fixture sales (medians, ROFR, days on market) and the same after a second refresh", async () => {
    const hhi = await resortByCode(db, "HHI");
    await buildSale({
      code: "HHI",
      price: 7000,
      points: 100,
      postedAt: d("2019-03-01"),
      agreedAt: d("2019-03-21"),
      closedAt: d("2019-05-10"),
      rofr: "waived",
    });
    await buildSale({
      code: "HHI",
      price: 7400,
      points: 150,
      postedAt: d("2019-02-01"),
      agreedAt: d("2019-03-13"),
      closedAt: d("2019-05-20"),
      rofr: "waived",
    });
    await buildSale({
      code: "HHI",
      price: 8000,
      points: 200,
      postedAt: d("2019-01-01"),
      agreedAt: d("2019-03-02"),
      closedAt: d("2019-05-28"),
      rofr: "exercised",
    });
    await refreshMarketMonthly(db);
    const first = await tableSnapshot();
    await refreshMarketMonthly(db);
    expect(await tableSnapshot()).toEqual(first);

    const may = first.find((r) => r.resortId === hhi.id && r.month === "2019-05-01");
    // Prices $70, $74, $80: median $74; days on market 20, 40, 60: median 40; one of three bought back.
    expect(may).toMatchObject({ sold: 3, median: 7400, days: 40, waived: 2, exercised: 1, demo: false });
    const market = await readMarket(db, hhi.id);
    const m = market.months.find((x) => x.month === "2019-05-01");
    expect(m?.rofrExercisedRate).toBe(33.3);
    expect(m?.soldPoints).toBe(450);
    // Demo months stay; the seeded history has 24 months per resort.
    expect(first.filter((r) => r.resortId === hhi.id && r.demo).length).toBeGreaterThanOrEqual(20);
  });
});

describe("the monthly refresh's method, in the database", () => {
  it("takes half-up medians and the average of listings and sales, leaves out test and unapproved listings", async () => {
    const blt = await resortByCode(db, "BLT");
    const listedOn = async (iso: string, price: number, over: { isTest?: boolean; approved?: boolean } = {}) => {
      const l = await buildListing(db, { resortCode: "BLT", pricePerPointCents: price, ...over });
      await db
        .update(listings)
        .set({ postedAt: d(iso) })
        .where(eq(listings.id, l.id));
    };
    // March 2018: three listings (a test one and one never approved left out) and four sales.
    await listedOn("2018-03-05", 12000);
    await listedOn("2018-03-06", 13000);
    await listedOn("2018-03-07", 12500);
    await listedOn("2018-03-08", 99000, { isTest: true });
    await listedOn("2018-03-09", 50000, { approved: false });
    const sale = (price: number, postedAt: string, agreedAt: string, closedAt: string, more = {}) =>
      buildSale({
        code: "BLT",
        price,
        points: 150,
        postedAt: d(postedAt),
        agreedAt: d(agreedAt),
        closedAt: d(closedAt),
        rofr: "waived",
        ...more,
      });
    await sale(11500, "2018-01-20", "2018-03-01", "2018-03-20"); // 40 days
    await sale(11800, "2018-02-09", "2018-03-01", "2018-03-21", { rofr: "exercised", points: 100 }); // 20 days
    await sale(11000, "2017-12-01", "2018-03-01", "2018-03-22"); // 90 days
    const orphan = await sale(12000, "2018-02-01", "2018-03-01", "2018-03-23"); // its listing is gone: no days
    await db.update(sales).set({ listingId: 0 }).where(eq(sales.id, orphan.id));
    // April 2018: two listings whose median is a half cent; one sale agreed before its listing's posting date.
    await listedOn("2018-04-05", 10001);
    await listedOn("2018-04-06", 10002);
    await sale(9000, "2018-05-02", "2018-04-28", "2018-04-30");

    await refreshMarketMonthly(db);
    const rows = await tableSnapshot();
    const month = (m: string) => rows.find((r) => r.resortId === blt.id && r.month === m);
    expect(month("2018-03-01")).toMatchObject({
      listed: 3,
      asking: 12500, // 120, 125, 130
      sold: 4,
      median: 11650, // (115 + 118) / 2
      days: 40, // 20, 40, 90: the sale without its listing left out
      waived: 3,
      exercised: 1,
      average: 11971, // (120 + 130 + 125 + 115 + 118 + 110 + 120) / 7 = 119.714
      demo: false,
    });
    const [march] = await readMarket(db, blt.id).then((m) => m.months.filter((x) => x.month === "2018-03-01"));
    expect(march.soldPoints).toBe(550);
    // (100.01 + 100.02) / 2 = 100.015: half up to 10002 cents; (100.01 + 100.02 + 90) / 3 = 96.677.
    expect(month("2018-04-01")).toMatchObject({ listed: 2, asking: 10002, sold: 1, median: 9000, days: 0 });
    expect(month("2018-04-01")?.average).toBe(9668);
    // A month of listings alone has no sold figures.
    expect(month("2018-01-01")).toMatchObject({ listed: 1, asking: 12000, sold: 0, median: null, days: null });
  });

  it("keeps demo months with listings alone and corrected rows, replaces a demo month with sales, drops stale rows", async () => {
    const vgf = await resortByCode(db, "VGF");
    const row = (month: string, over: Partial<typeof marketMonthly.$inferInsert>) =>
      db.insert(marketMonthly).values({ resortId: vgf.id, month, listedCount: 9, averageCents: 5000, ...over });
    await row("2017-06-01", { isDemo: false }); // ours, nothing left in it: goes
    await row("2017-07-01", { isDemo: false, correctedAverageCents: 5100, correctionNote: "typed twice" }); // stays
    await row("2017-08-01", { isDemo: true }); // demo, one listing of ours: stays demo
    await row("2017-09-01", { isDemo: true }); // demo, one sale of ours: becomes ours
    const listing = await buildListing(db, { resortCode: "VGF", pricePerPointCents: 20000 });
    await db
      .update(listings)
      .set({ postedAt: d("2017-08-15") })
      .where(eq(listings.id, listing.id));
    await buildSale({
      code: "VGF",
      price: 18000,
      points: 200,
      postedAt: d("2017-08-01"),
      agreedAt: d("2017-08-20"),
      closedAt: d("2017-09-10"),
      rofr: "waived",
    });

    const { removed } = await refreshMarketMonthly(db);
    expect(removed).toBeGreaterThanOrEqual(1);
    const rows = (await tableSnapshot()).filter((r) => r.resortId === vgf.id && r.month < "2017-10-01");
    expect(rows.map((r) => [r.month, r.demo, r.listed])).toEqual([
      ["2017-07-01", false, 9],
      ["2017-08-01", true, 9],
      ["2017-09-01", false, 0],
    ]);
    expect(rows[2]).toMatchObject({ sold: 1, median: 18000, days: 19, average: 18000 });
  });
});

describe("/market and its series", () => {
  it("serves each series as CSV and JSON with the same numbers as the page", async () => {
    const page = await call(marketLoader, "/market", "/market?resort=AKV");
    expect(page.status).toBe(200);
    const months = page.body.data.months as { month: string; soldMedianCents: number | null; rofrWaived: number }[];
    expect(months.length).toBeGreaterThan(0);
    const csv = await call(seriesLoader, "/market/:file", "/market/prices.csv?resort=AKV", {}, { file: "prices.csv" });
    const json = await call(
      seriesLoader,
      "/market/:file",
      "/market/prices.json?resort=AKV",
      {},
      { file: "prices.json" },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body).trim().split("\n");
    const cols = lines[0].split(",");
    const fromCsv = lines.slice(1).map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
    const fromJson = (json.body.rows as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? "" : String(v)])),
    );
    expect(fromCsv).toEqual(fromJson);
    expect(fromJson.map((r) => r.sold_median_usd)).toEqual(
      months.map((m) => (m.soldMedianCents === null ? "" : String(m.soldMedianCents / 100))),
    );
    expect(json.body.demo).toBe(true);
  });
  it("shows the last 24 months, on the page and in the downloads, reading no older month", async () => {
    const akv = await resortByCode(db, "AKV");
    await db
      .insert(marketMonthly)
      .values({ resortId: akv.id, month: "2019-06-01", listedCount: 2, askingMedianCents: 9_900 });
    expect((await readMarket(db, akv.id)).months.map((m) => m.month)).toContain("2019-06-01");
    expect((await readMarket(db, akv.id, "2019-07-01")).months.map((m) => m.month)).not.toContain("2019-06-01");
    const page = await call(marketLoader, "/market", "/market?resort=AKV");
    const months = (page.body.data.months as { month: string }[]).map((m) => m.month);
    expect(months).toHaveLength(24);
    expect(months).not.toContain("2019-06-01");
    const json = await call(
      seriesLoader,
      "/market/:file",
      "/market/prices.json?resort=AKV",
      {},
      {
        file: "prices.json",
      },
    );
    expect((json.body.rows as { month: string }[]).map((r) => r.month)).toEqual(months.map((m) => m.slice(0, 7)));
  });
  it("is kept in the web process until the next write, as the shell's reads (decision 0098)", async () => {
    const akv = await resortByCode(db, "AKV");
    const month = "2026-11-01";
    const soldOf = async () => {
      const page = await call(marketLoader, "/market", "/market?resort=AKV");
      return (page.body.data.months as { month: string; soldMedianCents: number | null }[]).find(
        (m) => m.month === month,
      )?.soldMedianCents;
    };
    const before = await soldOf();
    keepSharedReads({ changes: services.changes, maxAgeMs: 60_000 });
    try {
      expect(await soldOf()).toBe(before);
      await db
        .update(marketMonthly)
        .set({ soldMedianCents: 12_345 })
        .where(sql`${marketMonthly.resortId} = ${akv.id} and ${marketMonthly.month} = ${month}`);
      expect(await soldOf()).toBe(before);
      // A write anywhere (a form posted, a job run) moves the change feed; the next request reads the table again.
      services.changes.changed();
      expect(await soldOf()).toBe(12_345);
      // A made-up resort keeps nothing: it is refused as before.
      expect((await call(marketLoader, "/market", "/market?resort=ZZZ")).status).toBe(400);
    } finally {
      stopSharedReads();
    }
  });
  it("refuses an unknown resort (400) and an unknown series (404)", async () => {
    expect((await call(marketLoader, "/market", "/market?resort=NOPE")).status).toBe(400);
    expect(
      (await call(seriesLoader, "/market/:file", "/market/rofr.csv?resort=NOPE", {}, { file: "rofr.csv" })).status,
    ).toBe(400);
    expect((await call(seriesLoader, "/market/:file", "/market/nope.csv", {}, { file: "nope.csv" })).status).toBe(404);
  });
});

describe("/admin/avg-prices", () => {
  it("sets a correction the public series use and say so, refuses one without a reason, and clears it", async () => {
    const akv = await resortByCode(db, "AKV");
    const [row] = await db
      .select()
      .from(marketMonthly)
      .where(eq(marketMonthly.resortId, akv.id))
      .orderBy(sql`${marketMonthly.month} desc`)
      .limit(1);
    const path = `/admin/avg-prices/${row.id}/edit`;
    const post = (form: Record<string, string>) =>
      call(
        formAction,
        "/admin/avg-prices/:id/edit",
        path,
        { method: "POST", form, cookie: adminCookie },
        { id: String(row.id) },
      );
    const series = async () => {
      const json = await call(
        seriesLoader,
        "/market/:file",
        "/market/prices.json?resort=AKV",
        {},
        { file: "prices.json" },
      );
      return (json.body.rows as { month: string; average_usd: number; average_corrected: boolean }[]).at(-1);
    };

    const bad = await post({ corrected_average: "150", correction_note: "" });
    expect(bad.status).toBe(400);
    expect(
      (await db.select().from(marketMonthly).where(eq(marketMonthly.id, row.id)))[0].correctedAverageCents,
    ).toBeNull();

    expect((await post({ corrected_average: "150", correction_note: "One sale typed at $1,500" })).status).toBe(303);
    expect(await series()).toMatchObject({ average_usd: 150, average_corrected: true });
    await refreshMarketMonthly(db); // the nightly refresh keeps the correction
    expect(await series()).toMatchObject({ average_usd: 150, average_corrected: true });

    expect((await post({ corrected_average: "", correction_note: "" })).status).toBe(303);
    const cleared = (await db.select().from(marketMonthly).where(eq(marketMonthly.id, row.id)))[0];
    expect([cleared.correctedAverageCents, cleared.correctionNote]).toEqual([null, null]);
    expect(await series()).toMatchObject({ average_usd: (row.averageCents ?? 0) / 100, average_corrected: false });
  });
});

describe("/admin/resorts/membership-values and /admin/resorts/rvc", () => {
  it("list the seeded reference values and show the calculator's settings to an administrator", async () => {
    const values = await call(listLoader, "/admin/resorts/membership-values", "/admin/resorts/membership-values", {
      cookie: adminCookie,
    });
    expect(values.status).toBe(200);
    const rows = values.body.rows as { cells: Record<string, unknown> }[];
    expect(rows.find((r) => r.cells.code === "AKV")?.cells).toMatchObject({ value: 11800 });
    const avg = await call(listLoader, "/admin/avg-prices", "/admin/avg-prices", { cookie: adminCookie });
    expect(avg.status).toBe(200);
    expect(
      (await call(rvcSettingsLoader, "/admin/resorts/rvc", "/admin/resorts/rvc", { cookie: adminCookie })).status,
    ).toBe(200);
    expect((await call(rvcSettingsLoader, "/admin/resorts/rvc", "/admin/resorts/rvc")).status).toBe(302);
  });
  it("refuse bad input with 400 and write nothing", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(resortMembershipValues);
    const created = await call(
      formAction,
      "/admin/resorts/membership-values/create",
      "/admin/resorts/membership-values/create",
      {
        method: "POST",
        form: { resort_id: "", value_per_point: "-3", as_of: "yesterday", source: "" },
        cookie: adminCookie,
      },
    );
    expect(created.status).toBe(400);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(resortMembershipValues)).toEqual(before);

    const saved = await call(rvcSettingsAction, "/admin/resorts/rvc", "/admin/resorts/rvc", {
      method: "POST",
      form: {
        section: "appraisal",
        sales_months: "999",
        min_sales: "5",
        reference_margin: "8",
        small_contract_premium: "10",
      },
      cookie: adminCookie,
    });
    expect(saved.status).toBe(400);
    expect(await db.select().from(settings).where(eq(settings.key, "rvc_settings"))).toEqual([]);
  });
});

describe("/selling/rvc", () => {
  it("values a contract with the listings' appraisal, its method and a link to list at that price", async () => {
    const akv = await resortByCode(db, "AKV");
    const res = await call(
      rvcLoader,
      "/selling/rvc",
      `/selling/rvc?resort=${akv.id}&points=150&useMonth=2&banked=0&current=150&next=150`,
    );
    expect(res.status).toBe(200);
    const a = res.body.answer;
    expect(a.estimateCents).toBeGreaterThan(0);
    expect(a.lowCents).toBeLessThanOrEqual(a.estimateCents);
    expect(a.highCents).toBeGreaterThanOrEqual(a.estimateCents);
    expect(a.steps.join(" ")).toMatch(/Listings|Closed sales|Reference/);
    expect(a.listHref).toContain(`resortId=${akv.id}`);
    expect(a.listHref).toContain(`pricePerPoint=${(a.estimateCents / 100).toFixed(2)}`);
  });
  it("answers 400 with each field's message on bad input", async () => {
    const res = await call(
      rvcLoader,
      "/selling/rvc",
      "/selling/rvc?resort=abc&points=10&useMonth=5&banked=-1&current=9999&next=",
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ["banked", "current", "next", "points", "resort", "useMonth"].sort(),
    );
    expect(res.body.answer).toBeNull();
    const unknown = await call(
      rvcLoader,
      "/selling/rvc",
      "/selling/rvc?resort=99999&points=150&useMonth=2&banked=0&current=150&next=150",
    );
    expect(unknown.status).toBe(400);
  });
});
