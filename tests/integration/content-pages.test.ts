import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { faqs, pageRelatedFaqs, pages, resourceRevisions, settings } from "~/db/schema";
import { CONTENT_PAGES_MARKER, seedContentPages } from "~/db/seed/content-pages-seed";
import { getPageContext } from "~/modules/content/pages.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { action as formAction, loader as formLoader } from "~/routes/admin/resource/form";
import { loader as listLoader } from "~/routes/admin/resource/list";
import { loader as allPagesLoader } from "~/routes/api/frontend-get-all-pages";
import { loader as headerBannerLoader } from "~/routes/api/frontend-get-header-banner";
import { loader as leftMenuLoader } from "~/routes/api/frontend-get-left-menu";
import { action as relatedFaqsAction } from "~/routes/api/frontend-get-related-faqs";
import { action as relatedPagesAction, loader as relatedPagesGet } from "~/routes/api/frontend-get-related-pages";
import { action as rightMenuAction } from "~/routes/api/frontend-get-right-menu";
import { loader as pageLoader } from "~/routes/public/content-page";
import { loader as robotsLoader } from "~/routes/public/robots";
import { loader as sitemapLoader } from "~/routes/public/sitemap";
import { buildListing } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// Issue 32 (decision 0078): content pages as data.
const services = await startTestServices();
const db = services.db;
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");

const PAGES = "/admin/frontend-pages";
const FAQS = "/admin/related-faqs";

type Fn = (args: any) => unknown;
function call(fn: Fn, pattern: string, path: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  const request = makeRequest(path, init);
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, params);
}
const create = (base: string, form: Record<string, string | string[]>, cookie = adminCookie) =>
  call(formAction, `${base}/create`, `${base}/create`, { method: "POST", form, cookie });
const edit = (base: string, id: number, form: Record<string, string | string[]>, cookie = adminCookie) =>
  call(formAction, `${base}/:id/edit`, `${base}/${id}/edit`, { method: "POST", form, cookie }, { id: String(id) });
const editForm = (base: string, id: number, cookie = adminCookie) =>
  call(formLoader, `${base}/:id/edit`, `${base}/${id}/edit`, { cookie }, { id: String(id) });

const visit = (path: string) => callRoute(pageLoader as never, makeRequest(path));
const post = (fn: Fn, path: string, json: unknown) =>
  callRoute(fn as never, makeRequest(path, { method: "POST", json }));
const pageRow = async (route: string) => (await db.select().from(pages).where(eq(pages.route, route)))[0];

function pageForm(over: Record<string, string | string[]> = {}) {
  return {
    route: "dvc-points-glossary",
    title: "DVC points glossary",
    heading: "A glossary of DVC terms",
    pageType: "buyer",
    description: "Use year, banking, borrowing, estoppel and the other words of a Disney Vacation Club resale.",
    body: "<p>The words you meet when you buy resale points.</p><h2>Use year</h2><p>The month points arrive.</p>",
    published: "on",
    ...over,
  };
}

describe("the seeded pages", () => {
  it("renders a moved page at its old address with its old heading and the data of its embeds", async () => {
    const about = await visit("/about-us");
    expect(about.status).toBe(200);
    expect(about.body.page.heading).toBe("About Vacation Points Market");
    expect(about.body.page.title).toBe("About us");
    expect(about.body.page.body).toContain('<div data-embed="contact-details"></div>');
    expect(about.body.page.embeds["contact-details"].phone).toBe("(800) 555-0142");
    expect(about.body.page.relatedPages.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining(["/how-dvc-works", "/selling-fees-associated", "/resale-restrictions", "/privacy-policy"]),
    );
    const how = await visit("/how-dvc-works");
    expect(how.body.page.heading).toBe("How DVC works");
    expect(how.body.page.body).toContain('<h2 id="closing">');
    expect(how.body.page.body).toContain("<table>");
    const resale = await visit("/resale-restrictions");
    expect(resale.body.page.embeds["resale-rules-table"]).toHaveLength(3);
  });

  it("serves the pages written for issue 32 with their embeds' data: the FAQ list, the commission, the brokers", async () => {
    const faqPage = await visit("/faqs");
    expect(faqPage.status).toBe(200);
    const groups = faqPage.body.page.embeds["faq-list"] as { audience: string; faqs: { question: string }[] }[];
    expect(groups.map((g) => g.audience)).toEqual(["buyer", "seller"]);
    expect(groups[0].faqs.length).toBeGreaterThanOrEqual(15);
    expect(groups[1].faqs.length).toBeGreaterThanOrEqual(15);
    // A question taken off the site leaves the list.
    const [first] = await db.select().from(faqs).where(eq(faqs.question, groups[0].faqs[0].question));
    await db.update(faqs).set({ published: false }).where(eq(faqs.id, first.id));
    const again = (await visit("/faqs")).body.page.embeds["faq-list"] as { faqs: { question: string }[] }[];
    expect(again[0].faqs.map((f) => f.question)).not.toContain(first.question);
    await db.update(faqs).set({ published: true }).where(eq(faqs.id, first.id));
    const brokers = await visit("/compare-brokers");
    expect(brokers.status).toBe(200);
    expect(brokers.body.page.embeds).toHaveProperty("broker-comparison");
    expect(brokers.body.page.embeds).toHaveProperty("commission-table");
    const contact = await visit("/contact-us");
    expect(contact.body.page.embeds["contact-details"].email).toBeTruthy();
  });

  it("answers 404 with the not-found page for an unknown address and for a path that cannot be a page", async () => {
    for (const path of ["/no-such-page", "/about-us/extra/more/levels/deep", "/About%20Us", "/..%2Fetc"]) {
      const res = await visit(path);
      expect(res.status, path).toBe(404);
      expect(res.body.page, path).toBeNull();
    }
  });

  it("seeds each page once, a later seed file's pages at the next start, and never a page an administrator deleted", async () => {
    const before = await db.select({ id: pages.id }).from(pages);
    await seedContentPages(db);
    expect(await db.select({ id: pages.id }).from(pages)).toHaveLength(before.length);

    const later = {
      route: "dvc-villa-waitlist",
      title: "DVC waitlist",
      heading: "The DVC waitlist",
      description: "How the waitlist works when a DVC villa is not available at the eleven or seven month window.",
      pageType: "buyer" as const,
      body: "<p>When no villa is free, join the waitlist.</p><script>alert(1)</script>",
      relatedRoutes: ["how-dvc-works"],
    };
    await seedContentPages(db, {
      pages: [later],
      faqs: [
        {
          audience: "buyer",
          question: "Can I waitlist a villa?",
          answer: "<p>Yes.</p>",
          relatedRoutes: ["dvc-villa-waitlist"],
        },
      ],
    });
    const row = await pageRow("dvc-villa-waitlist");
    expect(row.body).toBe("<p>When no villa is free, join the waitlist.</p>");
    const page = await visit("/dvc-villa-waitlist");
    expect(page.body.page.relatedPages.map((p: { path: string }) => p.path)).toEqual(["/how-dvc-works"]);
    expect(page.body.page.relatedFaqs.map((f: { question: string }) => f.question)).toEqual([
      "Can I waitlist a villa?",
    ]);

    await db.delete(pages).where(eq(pages.id, row.id));
    await seedContentPages(db, { pages: [later], faqs: [] });
    expect(await pageRow("dvc-villa-waitlist")).toBeUndefined();
    const [marker] = await db.select().from(settings).where(eq(settings.key, CONTENT_PAGES_MARKER));
    expect((marker.value as { pages: string[] }).pages).toContain("dvc-villa-waitlist");
  });
});

describe("/admin/frontend-pages", () => {
  it("creates a page whose body keeps pictures and tables and never a script, and shows it at its address", async () => {
    const made = await create(
      PAGES,
      pageForm({
        body:
          '<p>Intro.</p><script>document.cookie</script><img src="/media/library/0123456789abcdef.webp" alt="A villa" onerror="x()">' +
          '<table><caption>Terms</caption><tbody><tr><th scope="row">UY</th><td onclick="y()">Use year</td></tr></tbody></table>' +
          '<p><a href="javascript:alert(1)">bad</a></p><div data-embed="contact-details"><script>z()</script></div>',
      }),
    );
    expect(made.status).toBe(303);
    const row = await pageRow("dvc-points-glossary");
    expect(row.body).not.toMatch(/script|onerror|onclick|javascript:|document\.cookie/);
    expect(row.body).toContain('<img src="/media/library/0123456789abcdef.webp" alt="A villa" />');
    expect(row.body).toContain('<table><caption>Terms</caption><tbody><tr><th scope="row">UY</th><td>Use year</td>');
    expect(row.body).toContain('<div data-embed="contact-details"></div>');
    const page = await visit("/dvc-points-glossary");
    expect(page.status).toBe(200);
    expect(page.body.page.heading).toBe("A glossary of DVC terms");
    expect(page.body.page.embeds["contact-details"].email).toBe("hello@vacationpointsmarket.test");
  });

  it("edits a page's heading and keeps the earlier version; a draft is not shown", async () => {
    const row = await pageRow("about-us");
    const form = await editForm(PAGES, row.id);
    expect(form.status).toBe(200);
    const values = form.body.values;
    const saved = await edit(PAGES, row.id, {
      route: values.route,
      title: values.title,
      heading: "About our brokerage",
      pageType: values.pageType,
      description: values.description,
      body: values.body,
      published: "on",
      relatedPageIds: values.relatedPageIds,
    });
    expect(saved.status).toBe(303);
    expect((await visit("/about-us")).body.page.heading).toBe("About our brokerage");
    // The embed survived the round trip through the form.
    expect((await pageRow("about-us")).body).toContain('<div data-embed="contact-details"></div>');
    const kept = await db
      .select()
      .from(resourceRevisions)
      .where(eq(resourceRevisions.rowKey, String(row.id)));
    const earlier = kept.find((r) => r.values.heading === "About Vacation Points Market");
    expect(earlier?.resource).toContain("frontend-pages");

    const draft = await edit(PAGES, row.id, { ...pageFormOf(values), heading: "About our brokerage" });
    expect(draft.status).toBe(303);
    expect((await visit("/about-us")).status).toBe(404);
    await edit(PAGES, row.id, { ...pageFormOf(values), published: "on" });
    expect((await visit("/about-us")).status).toBe(200);
  });

  it("refuses an unknown embed, a taken address, a bad address and a page related to itself, writing nothing", async () => {
    const before = await db.select({ id: pages.id }).from(pages);
    const embed = await create(
      PAGES,
      pageForm({ route: "x-one", body: '<p>a</p><div data-embed="no-such-thing"></div>' }),
    );
    expect(embed.status).toBe(422);
    expect(embed.body.fields.body[0]).toContain("No component is called no-such-thing");
    const taken = await create(PAGES, pageForm({ route: "about-us" }));
    expect(taken.status).toBe(400);
    expect(taken.body.fields.route[0]).toBe("Another page already has the address /about-us.");
    const bad = await create(PAGES, pageForm({ route: "Über uns!" }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.route[0]).toContain("lower-case words joined by hyphens");
    expect(await db.select({ id: pages.id }).from(pages)).toHaveLength(before.length);
    const terms = await pageRow("terms-and-conditions");
    const self = await edit(PAGES, terms.id, {
      ...pageForm({ route: "terms-and-conditions" }),
      relatedPageIds: [String(terms.id)],
    });
    expect(self.status).toBe(422);
    expect((await pageRow("terms-and-conditions")).heading).toBe("Terms and conditions");
  });

  it("lists each page with its address and its related pages' titles", async () => {
    const res = await call(listLoader, PAGES, `${PAGES}?q=harpta`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r: { cells: { route: string } }) => r.cells.route === "/harpta");
    expect(row.cells.related).toBe(
      "Disney Vacation Club resorts, FIRPTA withholding when selling a DVC contract, Fees of selling a DVC contract, How DVC works: use years, banking, booking and closing",
    );
  });

  it("is for administrators: a writer may not read or change the pages (SPEC section 6)", async () => {
    const list = await call(listLoader, PAGES, PAGES, { cookie: writerCookie });
    expect([302, 403]).toContain(list.status);
    const made = await create(PAGES, pageForm({ route: "writer-page" }), writerCookie);
    expect([302, 403]).toContain(made.status);
    expect(await pageRow("writer-page")).toBeUndefined();
  });

  it("shows a page's featured listings that are for sale when it asks for them", async () => {
    const active = await buildListing(db, { status: LISTING_STATUS.active });
    const row = await pageRow("dvc-points-glossary");
    const form = await editForm(PAGES, row.id);
    const saved = await edit(PAGES, row.id, {
      ...pageFormOf(form.body.values),
      published: "on",
      showFeaturedListings: "on",
      featuredListingIds: [String(active.id)],
    });
    expect(saved.status).toBe(303);
    const page = await visit("/dvc-points-glossary");
    expect(page.body.page.featuredListings.map((l: { id: number }) => l.id)).toEqual([active.id]);
  });
});

/** The form fields of a page's edit values (unpublished unless `published` is added). */
function pageFormOf(values: Record<string, unknown>): Record<string, string | string[]> {
  return {
    route: String(values.route),
    title: String(values.title),
    heading: String(values.heading),
    pageType: String(values.pageType),
    description: String(values.description),
    body: String(values.body),
    relatedPageIds: (values.relatedPageIds as string[]) ?? [],
  };
}

describe("/admin/related-faqs", () => {
  it("creates a question shown beside the pages it names, sanitised", async () => {
    const fees = await pageRow("selling-fees-associated");
    const made = await create(FAQS, {
      question: "Who pays the estoppel fee?",
      answer: "<p>The seller, about $150.</p><script>alert(1)</script>",
      audience: "seller",
      published: "on",
      pageIds: [String(fees.id)],
    });
    expect(made.status).toBe(303);
    const [faq] = await db.select().from(faqs).where(eq(faqs.question, "Who pays the estoppel fee?"));
    expect(faq.answer).toBe("<p>The seller, about $150.</p>");
    expect(await db.select().from(pageRelatedFaqs).where(eq(pageRelatedFaqs.faqId, faq.id))).toHaveLength(1);
    const page = await visit("/selling-fees-associated");
    expect(page.body.page.relatedFaqs.map((f: { question: string }) => f.question)).toContain(
      "Who pays the estoppel fee?",
    );
  });
});

describe("the SPEC's front end content calls", () => {
  it("get-all-pages answers { pages } in the SPEC's fields, published pages only", async () => {
    const res = await callRoute(allPagesLoader as never, makeRequest("/api/frontend/get-all-pages"));
    expect(res.status).toBe(200);
    const about = res.body.pages.find((p: { route: string }) => p.route === "how-dvc-works");
    expect(about).toEqual({
      id: expect.any(Number),
      route: "how-dvc-works",
      url: "/how-dvc-works",
      title: "How DVC works: use years, banking, booking and closing",
      page_heading: "How DVC works",
      description: expect.stringContaining("use years"),
      image_1: null,
      page_type: "buyer",
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("get-left-menu answers { menu } with the header's menus, get-right-menu { right_side_menu_items }", async () => {
    const left = await callRoute(leftMenuLoader as never, makeRequest("/api/frontend/get-left-menu"));
    expect(Object.keys(left.body.menu)).toEqual(["buyers", "sellers", "quick_facts"]);
    expect(left.body.menu.buyers.items[0]).toEqual({
      label: expect.any(String),
      href: expect.stringMatching(/^\//),
      description: expect.anything(),
      children: expect.any(Array),
    });
    const right = await post(rightMenuAction, "/api/frontend/get-right-menu", { page_route: "about-us" });
    expect(right.status).toBe(200);
    expect(right.body.right_side_menu_items.map((g: { label: string }) => g.label)).toEqual([
      "Buying",
      "Selling",
      "Rental",
      "Company",
      "Accreditations",
    ]);
  });

  it("get-header-banner answers { headerBanner } (null when none is live)", async () => {
    const res = await callRoute(headerBannerLoader as never, makeRequest("/api/frontend/get-header-banner"));
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("headerBanner");
  });

  it("tells the shell which pages are flagged for the header banner (show_header_banner)", async () => {
    const about = await pageRow("about-us");
    await db.update(pages).set({ showHeaderBanner: true }).where(eq(pages.id, about.id));
    expect((await getPageContext(db, "/about-us")).own?.showHeaderBanner).toBe(true);
    expect((await getPageContext(db, "/privacy-policy")).own?.showHeaderBanner).toBe(false);
    expect((await getPageContext(db, "/listings")).own).toBeNull();
    await db.update(pages).set({ showHeaderBanner: false }).where(eq(pages.id, about.id));
  });

  it("get-related-pages and get-related-faqs answer by page_route; bad or unknown routes are refused", async () => {
    const related = await post(relatedPagesAction, "/api/frontend/get-related-pages", { page_route: "/harpta" });
    expect(related.status).toBe(200);
    expect(related.body.related_pages.map((p: { route: string }) => p.route).sort()).toEqual(
      ["dvc-firpta", "how-dvc-works", "resorts", "selling-fees-associated"].sort(),
    );
    expect(related.body.related_pages[0]).toEqual({
      route: expect.any(String),
      url: expect.stringMatching(/^\//),
      title: expect.any(String),
      page_heading: expect.any(String),
      description: expect.any(String),
    });
    const faqsRes = await post(relatedFaqsAction, "/api/frontend/get-related-faqs", {
      page_route: "selling-fees-associated",
    });
    // The SPEC's shape; the seeded sellers' questions are related to this page too.
    expect(faqsRes.body.related_faqs).toContainEqual({
      id: expect.any(Number),
      title: "Who pays the estoppel fee?",
      description: "<p>The seller, about $150.</p>",
      audience: "seller",
    });
    for (const f of faqsRes.body.related_faqs)
      expect(Object.keys(f).sort()).toEqual(["audience", "description", "id", "title"]);
    const unknown = await post(relatedPagesAction, "/api/frontend/get-related-pages", { page_route: "no-such-page" });
    expect(unknown.status).toBe(404);
    const bad = await post(relatedFaqsAction, "/api/frontend/get-related-faqs", { page_route: "<script>" });
    expect(bad.status).toBe(400);
    const missing = await post(relatedFaqsAction, "/api/frontend/get-related-faqs", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain("page_route");
    const get = await callRoute(relatedPagesGet as never, makeRequest("/api/frontend/get-related-pages"));
    expect(get.status).toBe(405);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the published pages, the resorts and the listings for sale with lastmod, and no draft", async () => {
    const listing = await buildListing(db, { status: LISTING_STATUS.active });
    const withdrawn = await buildListing(db, { status: LISTING_STATUS.deactivated });
    const terms = await pageRow("terms-and-conditions");
    await db.update(pages).set({ published: false }).where(eq(pages.id, terms.id));
    const res = await callRoute(sitemapLoader as never, makeRequest("/sitemap.xml"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = String(res.body);
    expect(xml).toMatch(/<loc>http:\/\/localhost:3000\/how-dvc-works<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/);
    expect(xml).toContain("<loc>http://localhost:3000/dvc-firpta</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/resorts/animal-kingdom</loc>");
    expect(xml).toContain(`<loc>http://localhost:3000/listing-info/${listing.id}</loc><lastmod>`);
    expect(xml).not.toContain(`/listing-info/${withdrawn.id}<`);
    expect(xml).not.toContain("/terms-and-conditions<");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    // The blog and the help centre (decision 0080), and the pages written for issue 32.
    expect(xml).toContain("<loc>http://localhost:3000/blogs</loc><lastmod>");
    expect(xml).toContain("<loc>http://localhost:3000/help</loc><lastmod>");
    expect(xml).toContain("<loc>http://localhost:3000/dvc-checklist</loc>");
    await db.update(pages).set({ published: true }).where(eq(pages.id, terms.id));

    const robots = await callRoute(robotsLoader as never, makeRequest("/robots.txt"));
    expect(String(robots.body)).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(String(robots.body)).toContain("Disallow: /admin/");
  });
});
