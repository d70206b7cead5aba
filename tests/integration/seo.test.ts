import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seoEntries } from "~/db/schema";
import { getShellData } from "~/modules/content/shell.server";
import { getSitemapEntries } from "~/modules/content/sitemap.server";
import { getSeoShell } from "~/modules/seo/seo.server";
import { action as formAction } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { action as defaultsAction, loader as defaultsLoader } from "~/routes/admin/seo-defaults";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/** Issue 32, /admin/seo (decision 0085): entries per address, their checks, who may edit them, what pages read. */
const services = await startTestServices();
const db = services.db;
const writerCookie = await sessionCookieFor(services, "writer@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const SEO = "/admin/seo";

type Fn = (args: never) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}) {
  const request = makeRequest(path, init);
  return callRoute(
    ((a: object) => (fn as (x: object) => unknown)({ ...a, pattern, url: new URL(request.url) })) as never,
    request,
    {},
  );
}
const create = (form: Record<string, string>, cookie = writerCookie) =>
  call(formAction, `${SEO}/create`, `${SEO}/create`, { method: "POST", form, cookie });
const entry = async (path: string) => (await db.select().from(seoEntries).where(eq(seoEntries.path, path)))[0];

describe("/admin/seo", () => {
  it("a writer adds an entry; the address is normalised and the page's shell carries it", async () => {
    const res = await create({
      path: "  /DVC-Checklist/?utm=x ",
      title: "The resale buyer's checklist",
      description: "Twelve checks before you offer on a resale DVC contract, from dues to the ROFR.",
      canonical: "",
      noindex: "",
    });
    expect(res.status).toBe(303);
    const row = await entry("/dvc-checklist");
    expect(row).toMatchObject({ title: "The resale buyer's checklist", canonical: null, noindex: false });
    const shell = await getSeoShell(db, { pathname: "/dvc-checklist/", origin: "https://example.test" });
    expect(shell.entry?.title).toBe("The resale buyer's checklist");
    expect(shell.origin).toBe("https://example.test");
    expect((await getSeoShell(db, { pathname: "/about-us", origin: "https://example.test" })).entry).toBeNull();
    // A client-side navigation's request (`<path>.data`) gets the same page's entry through the shell.
    const shellData = await getShellData(makeRequest("/dvc-checklist.data?_routes=root"));
    expect(shellData.seo.entry?.title).toBe("The resale buyer's checklist");
    expect(shellData.page.own?.path).toBe("/dvc-checklist");
  });

  it("refuses an admin or API address, a second entry for one address and a canonical that is not https (400, nothing written)", async () => {
    const before = (await db.select().from(seoEntries)).length;
    const admin = await create({ path: "/admin/users", title: "Users" });
    expect(admin.status).toBe(400);
    expect(admin.body.fields.path[0]).toMatch(/public page's address/);
    const api = await create({ path: "/api/dvc/search/x", title: "Search" });
    expect(api.status).toBe(400);
    const twice = await create({ path: "/dvc-checklist", title: "Again" });
    expect(twice.status).toBe(400);
    expect(twice.body.fields.path[0]).toBe("There is already an entry for /dvc-checklist: edit that one.");
    const http = await create({ path: "/harpta", canonical: "http://elsewhere.test/harpta" });
    expect(http.status).toBe(400);
    expect(http.body.fields.canonical[0]).toMatch(/https:\/\//);
    const short = await create({ path: "/harpta", description: "Too short." });
    expect(short.status).toBe(400);
    expect((await db.select().from(seoEntries)).length).toBe(before);
  });

  it("is refused to a member (sent away, nothing written), and lists the entries to a writer", async () => {
    const refused = await call(formAction, `${SEO}/create`, `${SEO}/create`, {
      method: "POST",
      form: { path: "/harpta", title: "HARPTA" },
      cookie: buyerCookie,
    });
    expect([302, 403]).toContain(refused.status);
    expect(await entry("/harpta")).toBeUndefined();
    const list = await call(listLoader, SEO, SEO, { cookie: writerCookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain("/dvc-checklist");
  });

  it("an address marked not indexed leaves the sitemap", async () => {
    expect((await getSitemapEntries(db)).map((e) => e.path)).toContain("/city-records");
    expect((await create({ path: "/city-records", noindex: "on" })).status).toBe(303);
    expect((await getSitemapEntries(db)).map((e) => e.path)).not.toContain("/city-records");
    const shell = await getSeoShell(db, { pathname: "/city-records", origin: "https://example.test" });
    expect(shell.entry).toMatchObject({ noindex: true, title: null });
  });
});

describe("/admin/seo/defaults", () => {
  it("a writer sets the default preview picture, which every page's shell then carries", async () => {
    const read = await call(defaultsLoader, "/admin/seo/defaults", "/admin/seo/defaults", { cookie: writerCookie });
    expect(read.status).toBe(200);
    const saved = await call(defaultsAction, "/admin/seo/defaults", "/admin/seo/defaults", {
      method: "POST",
      form: { default_image: "/media/library/preview-test.webp" },
      cookie: writerCookie,
    });
    expect(saved.status).toBe(303);
    const shell = await getSeoShell(db, { pathname: "/harpta", origin: "https://example.test" });
    expect(shell.defaultImage).toBe("/media/library/preview-test.webp");
    const refused = await call(defaultsAction, "/admin/seo/defaults", "/admin/seo/defaults", {
      method: "POST",
      form: { default_image: "" },
      cookie: buyerCookie,
    });
    expect([302, 403]).toContain(refused.status);
    expect((await getSeoShell(db, { pathname: "/", origin: "https://example.test" })).defaultImage).toBe(
      "/media/library/preview-test.webp",
    );
  });
});
