import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { disneyRetailPrices, resortDues, resorts, user } from "~/db/schema";
import { importResource, resolveResource } from "~/modules/admin/resource-engine.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { loader as duesLoader } from "~/routes/public/dvc-annual-dues";
import { loader as compareLoader } from "~/routes/public/dvc-compare-prices";
import { loader as expirationLoader } from "~/routes/public/dvc-expiration-date";
import { loader as retailLoader } from "~/routes/public/dvc-retail-prices";
import { loader as sitemapLoader } from "~/routes/public/sitemap";
import { buildListing } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 31: the dues history and direct prices (resource engine), and the four public pages built on them.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const resortByCode = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0];
const duesOf = async (resortId: number) =>
  db.select().from(resortDues).where(eq(resortDues.resortId, resortId)).orderBy(resortDues.year);
const create = (path: string, form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${path}/create`, `${path}/create`, { method: "POST", form, cookie });
const edit = (path: string, id: string | number, form: Record<string, string>) =>
  call(
    formAction,
    `${path}/:id/edit`,
    `${path}/${id}/edit`,
    { method: "POST", form, cookie: adminCookie },
    { id: String(id) },
  );
const HISTORY = "/admin/resorts/historical-dues";
const RETAIL = "/admin/resorts/disney-retail-prices";
const ANNUAL = "/admin/resorts/annual-dues";
const page = (loader: Fn, path: string) => callRoute(loader as never, makeRequest(path));

describe("the seeded history", () => {
  it("has DOMAIN.md's 2022 dues as published, later years as estimates, and the resort's figure as its latest row", async () => {
    const akv = await resortByCode("AKV");
    const rows = await duesOf(akv.id);
    expect(rows[0]).toMatchObject({ year: 2022, duesPerPointCents: 824, estimated: false });
    expect(rows.slice(1).every((r) => r.estimated)).toBe(true);
    const latest = rows[rows.length - 1];
    expect([latest.year, latest.duesPerPointCents]).toEqual([akv.duesYear, akv.duesPerPointCents]);
    const [retail] = await db.select().from(disneyRetailPrices).where(eq(disneyRetailPrices.resortId, akv.id));
    expect(retail).toMatchObject({ pricedOn: "2021-07-01", pricePerPointCents: 18_600 });
  });
});

describe(HISTORY, () => {
  it("lists for administrators only", async () => {
    const list = await call(listLoader, HISTORY, HISTORY, { cookie: adminCookie });
    expect(list.status).toBe(200);
    expect(list.body.rows.length).toBeGreaterThan(12);
    const buyer = await call(listLoader, HISTORY, HISTORY, { cookie: buyerCookie });
    expect(buyer.status).toBe(302);
  });

  it("refuses bad input and a second row for a year with a 400, writing nothing", async () => {
    const vgf = await resortByCode("VGF");
    const before = await duesOf(vgf.id);
    const bad = await create(HISTORY, { resort_id: String(vgf.id), year: "1999", dues_per_point: "abc", source: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? bad.body.errors ?? {})).toEqual(
      expect.arrayContaining(["year", "dues_per_point", "source"]),
    );
    const twice = await create(HISTORY, {
      resort_id: String(vgf.id),
      year: "2022",
      dues_per_point: "7.50",
      source: "x",
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toMatch(/already has dues for 2022/);
    expect(await duesOf(vgf.id)).toEqual(before);
    expect(await resortByCode("VGF")).toEqual(vgf);
  });

  it("a new latest year becomes the resort's current figure; an older year does not", async () => {
    const blt = await resortByCode("BLT");
    const next = (blt.duesYear ?? 2026) + 1;
    const res = await create(HISTORY, {
      resort_id: String(blt.id),
      year: String(next),
      dues_per_point: "8.61",
      source: "The resort's budget sent to owners",
    });
    expect(res.status).toBe(303);
    expect(await resortByCode("BLT")).toMatchObject({
      duesPerPointCents: 861,
      duesYear: next,
      duesSource: "The resort's budget sent to owners",
      duesEstimated: false,
    });
    // Correcting an old year leaves the current figure alone.
    const [old] = (await duesOf(blt.id)).filter((r) => r.year === 2022);
    expect(
      (
        await edit(HISTORY, old.id, {
          resort_id: String(blt.id),
          year: "2022",
          dues_per_point: "7.09",
          source: old.source,
        })
      ).status,
    ).toBe(303);
    expect((await resortByCode("BLT")).duesPerPointCents).toBe(861);
    // Moving the latest row to an older (free) year hands the current figure back to the year before.
    const [latest] = (await duesOf(blt.id)).filter((r) => r.year === next);
    await edit(HISTORY, latest.id, {
      resort_id: String(blt.id),
      year: "2019",
      dues_per_point: "8.61",
      source: "A correction",
    });
    expect((await resortByCode("BLT")).duesYear).toBe(blt.duesYear);
  });
});

describe(`${HISTORY} CSV import`, () => {
  it("checks every row in a dry run, writes nothing while one is refused, then imports and moves the current figure", async () => {
    const ssr = await resortByCode("SSR");
    const [actor] = await db.select().from(user).where(eq(user.email, "admin@example.com"));
    const resource = await resolveResource(HISTORY);
    const run = (text: string, dryRun: boolean) =>
      importResource(services, {
        actor: { ...actor, impersonatedBy: null } as never,
        input: { resource, text, dryRun },
      });
    const head = "resort_id,year,dues_per_point,source,estimated";
    const next = (ssr.duesYear ?? 2026) + 1;
    const before = await duesOf(ssr.id);
    const bad = await run(
      `${head}\n${ssr.id},${next},9.01,The resort's budget,false\n${ssr.id},1999,abc,,false\n`,
      true,
    );
    expect(bad.errors.map((e) => e.line)).toEqual([3, 3, 3]);
    expect(await duesOf(ssr.id)).toEqual(before);
    const good = `${head}\n${ssr.id},${next},9.01,The resort's budget,false\n`;
    expect(await run(good, true)).toMatchObject({ dryRun: true, created: 1, errors: [] });
    expect(await duesOf(ssr.id)).toEqual(before);
    expect(await run(good, false)).toMatchObject({ dryRun: false, created: 1 });
    expect(await resortByCode("SSR")).toMatchObject({ duesPerPointCents: 901, duesYear: next, duesEstimated: false });
  });
});

describe(`${ANNUAL} keeps the history`, () => {
  it("saving the current figure writes that year's history row", async () => {
    const ccv = await resortByCode("CCV");
    const form = {
      dues_per_point: "9.01",
      dues_year: String(ccv.duesYear),
      dues_source: "The resort's budget sent to owners",
      contract_end_year: String(ccv.contractEndYear),
      end_year_source: ccv.endYearSource ?? "",
    };
    const res = await edit(ANNUAL, ccv.slug, form);
    expect(res.status).toBe(303);
    const [row] = await db
      .select()
      .from(resortDues)
      .where(and(eq(resortDues.resortId, ccv.id), eq(resortDues.year, ccv.duesYear ?? 0)));
    expect(row).toMatchObject({
      duesPerPointCents: 901,
      estimated: false,
      source: "The resort's budget sent to owners",
    });
    // A year before the latest on record is refused: the current figure is the latest year's.
    const older = await edit(ANNUAL, ccv.slug, { ...form, dues_year: "2023" });
    expect(older.status).toBe(400);
    expect((await resortByCode("CCV")).duesYear).toBe(ccv.duesYear);
  });
});

describe(RETAIL, () => {
  it("adds a dated price (history kept) and refuses bad input and a repeated date with a 400", async () => {
    const riv = await resortByCode("RIV");
    const count = async () =>
      (await db.select().from(disneyRetailPrices).where(eq(disneyRetailPrices.resortId, riv.id))).length;
    const before = await count();
    const bad = await create(RETAIL, {
      resort_id: String(riv.id),
      priced_on: "2021-13-45",
      price_per_point: "0",
      source: "",
    });
    expect(bad.status).toBe(400);
    const same = await create(RETAIL, {
      resort_id: String(riv.id),
      priced_on: "2021-07-01",
      price_per_point: "210",
      source: "x",
    });
    expect(same.status).toBe(400);
    expect(await count()).toBe(before);
    const ok = await create(RETAIL, {
      resort_id: String(riv.id),
      priced_on: "2026-01-15",
      price_per_point: "265",
      source: "Disney's price sheet, January 2026",
    });
    expect(ok.status).toBe(303);
    expect(await count()).toBe(before + 1);
    const retail = await page(retailLoader, "/dvc-retail-prices");
    const r = retail.body.resorts.find((x: { code: string }) => x.code === "RIV");
    expect(r.retail.map((p: { pricedOn: string }) => p.pricedOn)).toEqual(["2021-07-01", "2026-01-15"]);
  });
});

describe("the public pages", () => {
  it("/dvc-annual-dues: every year labelled, and the calculator year by year to the contract's end", async () => {
    const plain = await page(duesLoader, "/dvc-annual-dues");
    expect(plain.status).toBe(200);
    expect(plain.body.years).toContain(2022);
    const okw = plain.body.history.find((r: { code: string }) => r.code === "OKW");
    expect(okw.dues[0]).toMatchObject({ year: 2022, perPointCents: 881, estimated: false });
    expect(plain.body.calc).toBeNull();

    const okwRow = await resortByCode("OKW");
    const res = await page(duesLoader, "/dvc-annual-dues?resort=okw&points=100&growth=4&month=5");
    expect(res.status).toBe(200);
    const calc = res.body.calc;
    const year = new Date().getUTCFullYear();
    expect(calc.years[0].year).toBe(year);
    expect(calc.years.at(-1).year).toBe((okwRow.contractEndYear ?? 0) - 1);
    expect(calc.totalCents).toBe(calc.years.reduce((s: number, y: { totalCents: number }) => s + y.totalCents, 0));
    expect(calc.proration.monthsLeft).toBe(7);

    const bad = await page(duesLoader, "/dvc-annual-dues?resort=ZZZ&points=abc&growth=99");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["growth", "points", "resort"]);
    expect(bad.body.calc).toBeNull();
  });

  it("/dvc-compare-prices: medians from our own listings, and the total cost resale against direct", async () => {
    const akv = await resortByCode("AKV");
    await buildListing(db, { resortCode: "AKV", pricePerPointCents: 12_000 });
    const res = await page(compareLoader, "/dvc-compare-prices?resort=AKV&points=150&price=118&growth=4");
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r: { code: string }) => r.code === "AKV");
    expect(row.asking.count).toBeGreaterThan(0);
    expect(row.direct).toMatchObject({ perPointCents: 18_600, pricedOn: "2021-07-01" });
    // The staff's reference value (/admin/resorts/membership-values, seeded from DOMAIN.md's July 2021 prices).
    expect(row.reference).toMatchObject({ valuePerPointCents: 11_800, asOf: "2021-07-01" });
    const calc = res.body.calc;
    expect(calc.resale.purchaseCents).toBe(150 * 11_800);
    expect(calc.direct.purchaseCents).toBe(150 * 18_600);
    // The resale buyer's closing costs: the title company's fees plus Florida's deed stamps on $17,700
    // ($0.70 for each of 177 hundreds: $123.90), counted in the resale total and taken off the saving.
    const stamps = calc.closing.buyer.lines.find((l: { key: string }) => l.key === "deed-stamps");
    expect(stamps.amountCents).toBe(12_390);
    expect(calc.closing.buyer.totalCents).toBeGreaterThan(12_390);
    expect(calc.resale.closingCents).toBe(calc.closing.buyer.totalCents);
    expect(calc.resale.totalCents).toBe(150 * 11_800 + calc.resale.duesCents + calc.closing.buyer.totalCents);
    expect(calc.savingCents).toBe(150 * (18_600 - 11_800) - calc.closing.buyer.totalCents);
    expect(calc.endYear).toBe(akv.contractEndYear);
    const bad = await page(compareLoader, "/dvc-compare-prices?resort=AKV&points=0&price=-3");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["points", "price"]);
  });

  it("/dvc-expiration-date: years left and the yearly cost per point, sorted cheapest first", async () => {
    const res = await page(expirationLoader, "/dvc-expiration-date");
    expect(res.status).toBe(200);
    const rows = res.body.rows as {
      code: string;
      yearsLeft: number;
      annualised: number | null;
      extendedEndYear: number | null;
    }[];
    const priced = rows.filter((r) => r.annualised !== null).map((r) => r.annualised as number);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(rows.find((r) => r.code === "OKW")?.extendedEndYear).toBe(2057);
    const year = new Date().getUTCFullYear();
    const akv = await resortByCode("AKV");
    expect(rows.find((r) => r.code === "AKV")?.yearsLeft).toBe((akv.contractEndYear ?? 0) - year);
  });

  it("lists the pages in the sitemap", async () => {
    const res = await callRoute(sitemapLoader as never, makeRequest("/sitemap.xml"));
    const xml = String(res.body);
    for (const path of ["/dvc-retail-prices", "/dvc-compare-prices", "/dvc-expiration-date", "/dvc-annual-dues"]) {
      expect(xml).toContain(path);
    }
  });
});
