import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { pointData, pointSeasons, pointViews, resorts, rooms, seasonRanges } from "~/db/schema";
import { action as formAction } from "~/routes/admin/resource/form";
import { action as importAction } from "~/routes/admin/resource/import";
import { action as listAction } from "~/routes/admin/resource/list";
import { loader as rangesLoader } from "~/routes/admin/point-chart-ranges";
import { loader as calculatorLoader } from "~/routes/public/buying-vacation-point-calculator";
import { PointCalculatorResult } from "~/modules/resorts/ui/point-calculator";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 31 / decision 0073: the point charts' admin screens and the public calculator, on the seeded demo chart.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const BASE = "/admin/vacation-point-calculator";
const YEAR = new Date().getUTCFullYear();

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request);
}
const one = async <T>(rows: Promise<T[]>) => (await rows)[0] as T;
const resort = (code: string) => one(db.select().from(resorts).where(eq(resorts.code, code)));
const room = (slug: string) => one(db.select().from(rooms).where(eq(rooms.slug, slug)));
const view = (slug: string) => one(db.select().from(pointViews).where(eq(pointViews.slug, slug)));
const season = (slug: string) => one(db.select().from(pointSeasons).where(eq(pointSeasons.slug, slug)));
const calculator = (q: Record<string, string>) =>
  call(
    calculatorLoader,
    "/buying-vacation-point-calculator",
    `/buying-vacation-point-calculator?${new URLSearchParams(q)}`,
  );
const importCsv = (csv: string, intent: "check" | "import", cookie = adminCookie) =>
  call(importAction, `${BASE}/point-data/import`, `${BASE}/point-data/import`, {
    method: "POST",
    form: { intent, csv },
    cookie,
  });

describe("the seeded demo chart", () => {
  it("gives every resort but the interval entry ranges for this year and next, and points marked as demo", async () => {
    const all = await db.select().from(resorts);
    for (const r of all.filter((x) => !x.isInterval)) {
      const ranges = await db.select().from(seasonRanges).where(eq(seasonRanges.resortId, r.id));
      expect(
        ranges.some((x) => x.startDate === `${YEAR}-01-01`) && ranges.some((x) => x.endDate === `${YEAR + 1}-12-31`),
      ).toBe(true);
      const pts = await db.select().from(pointData).where(eq(pointData.resortId, r.id));
      expect(pts.length).toBeGreaterThan(0);
      expect(pts.every((p) => p.isDemo)).toBe(true);
    }
  });
});

describe("/buying-vacation-point-calculator", () => {
  const studio = { resort: "", room: "deluxe-studio", view: "standard" };

  it("prices a stay across a season boundary night by night, with comparisons and the contract to buy", async () => {
    const vgc = await resort("VGC");
    // The demo calendar: Adventure until September 30, Choice from October 1.
    const res = await calculator({
      ...studio,
      resort: vgc.slug,
      checkIn: `${YEAR + 1}-09-28`,
      checkOut: `${YEAR + 1}-10-03`,
    });
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r.nights.map((n: { seasonName: string }) => n.seasonName)).toEqual([
      "Adventure",
      "Adventure",
      "Adventure",
      "Choice",
      "Choice",
    ]);
    expect(r.total).toBe(r.nights.reduce((s: number, n: { points: number }) => s + n.points, 0));
    expect(r.contractSize % 25).toBe(0);
    expect(r.contractSize).toBeGreaterThanOrEqual(r.total);
    expect(r.demo).toBe(true);
    expect(r.otherViews.map((v: { viewSlug: string }) => v.viewSlug)).toEqual(["standard", "preferred"]);
    expect(r.otherResorts.length).toBeGreaterThan(10);

    // The page's text: the nights in a table, the total, the demo sentence and the listings link.
    const html = renderToStaticMarkup(
      createElement(MemoryRouter, null, createElement(PointCalculatorResult, { result: r })),
    );
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const n of r.nights as { date: string; weekday: string; seasonName: string; points: number }[]) {
      const day = new Date(`${n.date}T00:00:00Z`).toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      });
      expect(text).toMatch(new RegExp(`${day} ${n.weekday}( \\(weekend\\))? ${n.seasonName} ${n.points}`));
    }
    expect(text).toContain(`Total ${r.total}`);
    expect(text).toContain("Demo chart:");
    expect(html).toContain(`/listings?resort=VGC&amp;points=${r.listingsPoints.min}-${r.listingsPoints.max}`);
  });

  it("answers 400 with a sentence for bad stays and unknown resorts", async () => {
    const vgc = await resort("VGC");
    const cases: [Record<string, string>, RegExp][] = [
      [
        { ...studio, resort: vgc.slug, checkIn: `${YEAR}-10-05`, checkOut: `${YEAR}-10-01` },
        /must be after the check-in/,
      ],
      [{ ...studio, resort: vgc.slug, checkIn: `${YEAR}-10-01`, checkOut: `${YEAR}-11-15` }, /at most 30 nights/],
      [
        { ...studio, resort: vgc.slug, checkIn: `${YEAR + 2}-12-30`, checkOut: `${YEAR + 3}-01-02` },
        /no point chart for the night of/,
      ],
      [
        { ...studio, resort: "atlantis", checkIn: `${YEAR}-10-01`, checkOut: `${YEAR}-10-03` },
        /do not know that resort/,
      ],
      [
        { ...studio, resort: vgc.slug, room: "bungalow", checkIn: `${YEAR}-10-01`, checkOut: `${YEAR}-10-03` },
        /has no Bungalow/,
      ],
      [{ ...studio, resort: vgc.slug, checkIn: "2026-13-01", checkOut: `${YEAR}-10-03` }, /check-in/],
    ];
    for (const [q, message] of cases) {
      const res = await calculator(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(res.body.result).toBeNull();
    }
  });
});

describe("point data admin", () => {
  it("creates a row; bad input is a 400 that writes nothing; a buyer is sent away", async () => {
    const [cfw, cabin, std, premier] = await Promise.all([
      resort("CFW"),
      room("cabin"),
      view("standard"),
      season("premier"),
    ]);
    const form = {
      resort_id: String(cfw.id),
      room_id: String(cabin.id),
      view_id: String(std.id),
      season_id: String(premier.id),
      chart_year: String(YEAR + 2),
      weekday_points: "40",
      weekend_points: "52",
    };
    const where = and(eq(pointData.resortId, cfw.id), eq(pointData.chartYear, YEAR + 2));
    const bad = await call(formAction, `${BASE}/point-data/create`, `${BASE}/point-data/create`, {
      method: "POST",
      form: { ...form, weekend_points: "0" },
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Friday-Saturday points per night");
    expect(await db.select().from(pointData).where(where)).toHaveLength(0);
    const refused = await call(formAction, `${BASE}/point-data/create`, `${BASE}/point-data/create`, {
      method: "POST",
      form,
      cookie: buyerCookie,
    });
    expect(refused.status).toBe(302); // the admin area sends a buyer away
    expect(await db.select().from(pointData).where(where)).toHaveLength(0);
    const ok = await call(formAction, `${BASE}/point-data/create`, `${BASE}/point-data/create`, {
      method: "POST",
      form,
      cookie: adminCookie,
    });
    expect(ok.status).toBe(303);
    expect(await db.select().from(pointData).where(where)).toMatchObject([
      { weekdayPoints: 40, weekendPoints: 52, isDemo: false },
    ]);
  });

  it("imports CSV naming rows by name: a dry run lists each row, a bad row refuses the file, then the import writes", async () => {
    const header = "Resort,Room type,View,Season,Chart year,Sunday-Thursday,Friday-Saturday";
    const good = [
      `Aulani,Deluxe Studio,Standard,Adventure,${YEAR + 3},11,15`,
      `Aulani,Deluxe Studio,Standard,Premier,${YEAR + 3},21,28`,
    ];
    const bad = [
      ...good,
      `Atlantis,Deluxe Studio,Standard,Adventure,${YEAR + 3},11,15`,
      `Aulani,Deluxe Studio,Standard,Magic,${YEAR + 3},abc,20`,
    ];
    const aul = await resort("AUL");
    const stored = () =>
      db
        .select()
        .from(pointData)
        .where(and(eq(pointData.resortId, aul.id), eq(pointData.chartYear, YEAR + 3)));
    for (const intent of ["check", "import"] as const) {
      const res = await importCsv([header, ...bad].join("\n"), intent);
      expect(res.status).toBe(400);
      const items = res.body.report.items as { line: number; action: string }[];
      expect(items.map((i) => i.action)).toEqual(["create", "create", "refuse", "refuse"]);
      expect(res.body.report.errors.map((e: { line: number; column: string }) => [e.line, e.column])).toEqual([
        [4, "Resort"],
        [5, "Sunday-Thursday"],
      ]);
      expect(await stored()).toHaveLength(0);
    }
    const dry = await importCsv([header, ...good].join("\n"), "check");
    expect(dry.status).toBe(200);
    expect(dry.body.report).toMatchObject({ dryRun: true, created: 2, errors: [] });
    expect(await stored()).toHaveLength(0);
    const done = await importCsv([header, ...good].join("\n"), "import");
    expect(done.status).toBe(200);
    expect((await stored()).map((p) => p.weekdayPoints).sort()).toEqual([11, 21]);

    // The same combinations again, without ids: the import updates the stored rows instead of adding twins.
    const again = await importCsv(`${header}\n${good[0].replace(",11,15", ",12,16")}`, "import");
    expect(again.body.report).toMatchObject({ created: 0, updated: 1, errors: [] });
    expect((await stored()).map((p) => p.weekdayPoints).sort()).toEqual([12, 21]);
    // A row the chart already has, value for value, is skipped.
    const same = await importCsv(`${header}\n${good[1]}`, "check");
    expect(same.body.report).toMatchObject({ created: 0, updated: 0, skipped: 1, errors: [] });
    expect(same.body.report.items[0]).toMatchObject({
      action: "skip",
      reason: expect.stringContaining("Already here"),
    });
  });
});

describe("season ranges: copy a year to the next", () => {
  const copy = (form: Record<string, string>, cookie = adminCookie) =>
    call(listAction, `${BASE}/season-ranges`, `${BASE}/season-ranges`, {
      method: "POST",
      form: { intent: "copy-year", ...form },
      cookie,
    });

  it("copies one resort's year to the next, refuses a year already there (409) and bad input (400)", async () => {
    const hhi = await resort("HHI");
    const of = (year: number) =>
      db
        .select()
        .from(seasonRanges)
        .where(and(eq(seasonRanges.resortId, hhi.id), eq(seasonRanges.startDate, `${year}-01-01`)));
    expect(await of(YEAR + 2)).toHaveLength(0);
    const done = await copy({ year: String(YEAR + 1), resort_id: String(hhi.id) });
    expect(done.status).toBe(303);
    const copied = await db.select().from(seasonRanges).where(eq(seasonRanges.resortId, hhi.id));
    const next = copied.filter((r) => r.startDate.startsWith(String(YEAR + 2)));
    const source = copied.filter((r) => r.startDate.startsWith(String(YEAR + 1)));
    expect(next.length).toBe(source.length);
    expect(next.map((r) => r.startDate.slice(5))).toEqual(source.map((r) => r.startDate.slice(5)));
    const again = await copy({ year: String(YEAR + 1), resort_id: String(hhi.id) });
    expect(again.status).toBe(409);
    expect((await db.select().from(seasonRanges).where(eq(seasonRanges.resortId, hhi.id))).length).toBe(copied.length);
    const bad = await copy({ year: "twenty", resort_id: "" });
    expect(bad.status).toBe(400);
    const none = await copy({ year: "2001", resort_id: "" });
    expect(none.status).toBe(400);
    expect((await copy({ year: String(YEAR), resort_id: "" }, buyerCookie)).status).toBe(302);
  });
});

describe("the SPEC's ranges address", () => {
  it("sends an administrator to season ranges with the query kept, and a buyer away", async () => {
    const sent = await callRoute(
      rangesLoader as never,
      makeRequest(`${BASE}/ranges?resort=VGC`, { cookie: adminCookie }),
    );
    expect(sent.status).toBe(301);
    expect(sent.location).toBe(`${BASE}/season-ranges?resort=VGC`);
    const buyer = await callRoute(rangesLoader as never, makeRequest(`${BASE}/ranges`, { cookie: buyerCookie }));
    expect(buyer.status).toBe(302);
    expect(buyer.location).toBe("/");
  });
});
