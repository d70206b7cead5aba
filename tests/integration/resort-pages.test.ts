import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { resortDining, resorts } from "~/db/schema";
import { action as formAction } from "~/routes/admin/resource/form";
import ResortPage, { loader as overviewLoader } from "~/routes/public/resort";
import ResortDiningPage, { loader as diningLoader } from "~/routes/public/resort-dining";
import ResortMapPage, { loader as mapLoader } from "~/routes/public/resort-map";
import ResortRoomsPage, { loader as roomsLoader } from "~/routes/public/resort-rooms";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 31: /admin/resorts (and /admin/resorts/dates, /admin/resorts/dining) on the engine, and the resort page's tabs.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const resortByCode = async (code: string) => (await db.select().from(resorts).where(eq(resorts.code, code)))[0];
const allResorts = () => db.select().from(resorts);

/** A page as the server renders it, for its loader's data, below a visitor's shell. */
function render(Page: ComponentType<any>, loaderData: unknown) {
  const SHELL = {
    viewer: null,
    favoriteIds: [],
    compareIds: [],
    site: { phone: "(800) 555-0142", email: "hello@vacationpointsmarket.test" },
    // No pages-table row for this path (issue 32): the related pages are the ones its loader read.
    page: { own: null },
  };
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(Page, { loaderData, params: {}, matches: [] }) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { root: SHELL } } }));
}
async function tab(loader: Fn, Page: ComponentType<any>, slug: string, suffix = "") {
  const res = await callRoute(loader as never, makeRequest(`/resorts/${slug}${suffix}`), { resort: slug });
  return { status: res.status, html: res.status === 200 ? render(Page, res.body) : "" };
}

const RESORTS = "/admin/resorts";
const validResort = {
  name: "Test Lakeside Villas",
  code: "TLV",
  slug: "test-lakeside-villas",
  location: "Walt Disney World, FL",
  summary: "A test resort.",
  latitude: "28.39",
  longitude: "-81.56",
  opening_year: "2030",
  contract_end_year: "2080",
  extended_end_year: "",
  home_booking_months: "11",
  other_booking_months: "7",
  description: "<p>On the lake.</p>",
};
const create = (form: Record<string, string>) =>
  call(formAction, `${RESORTS}/create`, `${RESORTS}/create`, { method: "POST", form, cookie: adminCookie });
const edit = (id: number, form: Record<string, string>) =>
  call(
    formAction,
    `${RESORTS}/:id/edit`,
    `${RESORTS}/${id}/edit`,
    { method: "POST", form, cookie: adminCookie },
    {
      id: String(id),
    },
  );

describe("/admin/resorts", () => {
  it("refuses bad input with a 400 and field messages, writing nothing", async () => {
    const before = await allResorts();
    const cases: [Record<string, string>, Record<string, RegExp>][] = [
      [
        { ...validResort, code: "tl", slug: "Not A Slug", latitude: "95", longitude: "-81.5" },
        { code: /capital letters/, slug: /lower-case/, latitude: /from -90 to 90/ },
      ],
      [{ ...validResort, latitude: "28.4", longitude: "" }, { longitude: /both/ }],
      [{ ...validResort, other_booking_months: "12" }, { other_booking_months: /cannot be longer/ }],
      [
        { ...validResort, contract_end_year: "2080", extended_end_year: "2070" },
        { extended_end_year: /cannot be before/ },
      ],
      [
        { ...validResort, opening_year: "1900", name: "" },
        { opening_year: /1971/, name: /name/ },
      ],
    ];
    for (const [form, expected] of cases) {
      const res = await create(form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      const errors = res.body.fields as Record<string, string[]>;
      for (const [field, message] of Object.entries(expected)) {
        expect(errors[field]?.[0], `${field}: ${JSON.stringify(errors)}`).toMatch(message);
      }
    }
    // A code or address name another resort has is refused too.
    const taken = await create({ ...validResort, code: "AKV", slug: "animal-kingdom" });
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expect(taken.status).toBeLessThan(500);
    // A bad edit of a real resort writes nothing either.
    const akv = await resortByCode("AKV");
    const bad = await edit(akv.id, {
      ...validResort,
      name: akv.name,
      code: akv.code,
      slug: akv.slug,
      longitude: "-200",
    });
    expect(bad.status).toBe(400);
    expect(await allResorts()).toEqual(before);
  });

  it("creates a resort with its coordinates and edits it; the tabs show it", async () => {
    const res = await create(validResort);
    expect(res.status).toBe(303);
    const created = await resortByCode("TLV");
    expect(created).toMatchObject({
      slug: "test-lakeside-villas",
      latitude: 28.39,
      longitude: -81.56,
      openingYear: 2030,
      homeBookingMonths: 11,
      otherBookingMonths: 7,
      logoPath: "/logos/tlv.svg",
      isInterval: false,
    });
    const saved = await edit(created.id, { ...validResort, latitude: "28.3712", longitude: "-81.5523" });
    expect(saved.status).toBe(303);
    expect(await resortByCode("TLV")).toMatchObject({ latitude: 28.3712, longitude: -81.5523 });
    const map = await tab(mapLoader, ResortMapPage, "test-lakeside-villas", "/map");
    expect(map.status).toBe(200);
    expect(map.html).toContain("28.3712° N, 81.5523° W");
    expect(map.html).toContain("https://www.openstreetmap.org/?mlat=28.3712&amp;mlon=-81.5523");
  });

  it("/admin/resorts/dining adds a restaurant the dining tab lists; a bad kind is a 400", async () => {
    const akv = await resortByCode("AKV");
    const path = "/admin/resorts/dining/create";
    const post = (form: Record<string, string>) =>
      call(formAction, path, path, { method: "POST", form, cookie: adminCookie });
    const count = (await db.select().from(resortDining)).length;
    const bad = await post({ resort_id: String(akv.id), name: "Test Grill", kind: "buffet" });
    expect(bad.status).toBe(400);
    expect((await db.select().from(resortDining)).length).toBe(count);
    const ok = await post({
      resort_id: String(akv.id),
      name: "Test Grill",
      kind: "quick-service",
      description: "A test.",
    });
    expect(ok.status).toBe(303);
    const dining = await tab(diningLoader, ResortDiningPage, "animal-kingdom", "/dining");
    expect(dining.status).toBe(200);
    expect(dining.html).toContain("Test Grill");
    expect(dining.html).toContain("Sanaa");
    expect(dining.html).toMatch(/<h3[^>]*>Quick service<\/h3>/);
  });

  it("/admin/resorts/dates refuses an extended year before the end year and writes nothing", async () => {
    const blt = await resortByCode("BLT");
    const path = `/admin/resorts/dates/${blt.slug}/edit`;
    const res = await call(
      formAction,
      "/admin/resorts/dates/:id/edit",
      path,
      { method: "POST", form: { contract_end_year: "2060", extended_end_year: "2050" }, cookie: adminCookie },
      { id: blt.slug },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.extended_end_year[0]).toMatch(/cannot be before/);
    expect(await resortByCode("BLT")).toEqual(blt);
  });
});

describe("the resort page's tabs", () => {
  it("the overview keeps its facts and adds the price trend and the points form", async () => {
    const page = await tab(overviewLoader, ResortPage, "animal-kingdom");
    expect(page.status).toBe(200);
    expect(page.html).toContain('aria-current="page"');
    expect(page.html).toMatch(/<a[^>]*aria-current="page"[^>]*>Overview<\/a>/);
    expect(page.html).toContain("January 31, 2057");
    expect(page.html).toContain("Price per point, last 12 months");
    expect(page.html).toContain('action="/buying-vacation-point-calculator"');
    for (const name of ["resort", "room", "checkIn", "checkOut"]) expect(page.html).toContain(`name="${name}"`);
    expect(page.html).toContain('value="animal-kingdom"');
    expect(page.html).not.toContain("Tell us the week and room");
    // For sale now: the way to all of them in the search, its link made on the server.
    expect(page.html).toMatch(
      /<a [^>]*href="\/listings\?resort=AKV"[^>]*>(See all \d+ AKV listings|See it in the search)<\/a>/,
    );
    // The related pages its loader read, by path, in the page's order, with each page's heading from the pages table.
    const related = page.html.slice(page.html.indexOf('id="related-pages"'));
    expect([...related.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/resorts",
      "/dvc-annual-dues",
      "/resale-restrictions",
      "/how-dvc-works",
    ]);
    expect(related).toContain("DVC annual dues");
  });

  it("the rooms tab lists room types with a link to the point calculator", async () => {
    const page = await tab(roomsLoader, ResortRoomsPage, "saratoga-springs", "/rooms");
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<a[^>]*aria-current="page"[^>]*>Rooms<\/a>/);
    expect(page.html).toContain("Treehouse Villa");
    expect(page.html).toContain("Sleeps 9");
    expect(page.html).toContain(
      'href="/buying-vacation-point-calculator?resort=saratoga-springs&amp;room=treehouse-villa"',
    );
  });

  it("the map tab draws the resort among its neighbours, with its coordinates", async () => {
    const page = await tab(mapLoader, ResortMapPage, "boardwalk-villas", "/map");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<svg");
    expect(page.html).toContain("28.3677° N, 81.5557° W");
    expect(page.html).toContain("Beach Club Villas (BCV)");
    expect(page.html).not.toContain("Aulani (AUL)");
  });

  it("an unknown resort is a 404 on every tab; the interval-resorts page has no tabs", async () => {
    for (const [loader, suffix] of [
      [overviewLoader, ""],
      [roomsLoader, "/rooms"],
      [diningLoader, "/dining"],
      [mapLoader, "/map"],
    ] as const) {
      const res = await callRoute(loader as never, makeRequest(`/resorts/no-such-resort${suffix}`), {
        resort: "no-such-resort",
      });
      expect(res.status, suffix).toBe(404);
    }
    for (const [loader, suffix] of [
      [roomsLoader, "/rooms"],
      [mapLoader, "/map"],
    ] as const) {
      const res = await callRoute(loader as never, makeRequest(`/resorts/interval-resorts${suffix}`), {
        resort: "interval-resorts",
      });
      expect(res.status).toBe(404);
    }
    const interval = await callRoute(overviewLoader as never, makeRequest("/resorts/interval-resorts"), {
      resort: "interval-resorts",
    });
    expect(interval.status).toBe(200);
  });
});
