import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages } from "~/db/schema";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { loader as pageLoader } from "~/routes/public/content-page";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Issue 33: landing pages, content pages of type "landing" with a hero and a call to action. */
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");

const BASE = "/admin/landing-pages";
type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const create = (form: Record<string, string>, cookie = adminCookie) =>
  call(formAction, `${BASE}/create`, `${BASE}/create`, { method: "POST", form, cookie });
const list = (base = BASE) => call(listLoader, base, base, { cookie: adminCookie });
const visit = (path: string) => callRoute(pageLoader as never, makeRequest(path));
const row = async (route: string) => (await db.select().from(pages).where(eq(pages.route, route)))[0];

function landingForm(over: Record<string, string> = {}) {
  return {
    route: "buy-resale-points",
    title: "Buy resale DVC points",
    heading: "Buy Disney Vacation Club points for less",
    description:
      "Resale DVC contracts cost less per point than buying from Disney; compare every listing's facts here.",
    heroText: "Compare resale contracts by resort, use year and price per point.",
    ctaLabel: "See the listings",
    ctaHref: "/listings",
    body: "<p>Resale points cost less than points bought from the developer.</p><h2>Why resale</h2><p>Price.</p>",
    published: "on",
    ...over,
  };
}

describe("/admin/landing-pages", () => {
  it("serves the seeded landing page at its address with its hero and call to action", async () => {
    const res = await visit("/sell-your-dvc-contract");
    expect(res.status).toBe(200);
    expect(res.body.page.pageType).toBe("landing");
    expect(res.body.page.hero).toEqual({
      text: expect.stringContaining("You see your net before you accept any offer"),
      ctaLabel: "List your contract",
      ctaHref: "/sign-up/new?role=seller",
    });
    // Another type of page has no hero.
    expect((await visit("/about-us")).body.page.hero).toBeNull();
  });

  it("adds a landing page: always of type landing, listed here and under front-end pages, live at its address", async () => {
    const res = await create(landingForm());
    expect(res.status).toBe(303);
    const saved = await row("buy-resale-points");
    expect(saved).toMatchObject({ pageType: "landing", ctaLabel: "See the listings", ctaHref: "/listings" });
    const here = await list();
    expect(here.body.rows.map((r: { cells: { route: string } }) => r.cells.route)).toEqual(
      expect.arrayContaining(["/buy-resale-points", "/sell-your-dvc-contract"]),
    );
    expect(here.body.rows.map((r: { cells: { route: string } }) => r.cells.route)).not.toContain("/about-us");
    const all = await call(listLoader, "/admin/frontend-pages", "/admin/frontend-pages?q=buy-resale-points", {
      cookie: adminCookie,
    });
    expect(all.body.rows).toHaveLength(1);
    const page = await visit("/buy-resale-points");
    expect(page.body.page.hero.ctaLabel).toBe("See the listings");
  });

  it("refuses a landing page without its button, or with a button to an unsafe address, and writes nothing", async () => {
    const noButton = await create(landingForm({ route: "no-button", ctaLabel: "", ctaHref: "" }));
    expect(noButton.status).toBe(422);
    expect(JSON.stringify(noButton.body)).toContain("A landing page needs its button's words");
    for (const href of ["javascript:alert(1)", "//evil.example/x", "http://plain.example", "listings"]) {
      const bad = await create(landingForm({ route: "bad-button", ctaHref: href }));
      expect(bad.status, href).toBe(400);
      expect(JSON.stringify(bad.body)).toContain("Enter where the button leads");
    }
    expect(await row("no-button")).toBeUndefined();
    expect(await row("bad-button")).toBeUndefined();
    const external = await create(landingForm({ route: "partner-offer", ctaHref: "https://partner.example/offer" }));
    expect(external.status).toBe(303);
  });

  it("lets only those who may edit pages add one", async () => {
    const res = await create(landingForm({ route: "buyer-tries" }), buyerCookie);
    expect(res.status).toBe(302);
    expect(await row("buyer-tries")).toBeUndefined();
  });
});
