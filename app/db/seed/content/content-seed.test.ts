import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "~/lib/rich-text.server";
import { embedsIn, isEmbedName } from "~/modules/content/embeds";
import { isPageRoute } from "~/modules/content/pages.server";
import { listRoutes, routeOfPath } from "../../../../scripts/routes";
import { SEED_FAQS, SEED_PAGES } from "./index";

// Issue 32 (decision 0078): the seeded pages and FAQs are what a save at /admin/frontend-pages would store.
const ROUTES = listRoutes();
const seededPaths = new Set(SEED_PAGES.map((p) => `/${p.route}`));
const texts = [
  ...SEED_PAGES.map((p) => ({ name: p.route, html: p.body })),
  ...SEED_FAQS.map((f) => ({ name: f.question, html: f.answer })),
];

describe("the seeded content", () => {
  it("has one page per route, each route a page address, each description unique", () => {
    const routes = SEED_PAGES.map((p) => p.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const r of routes) expect(isPageRoute(r), r).toBe(true);
    const descriptions = SEED_PAGES.map((p) => p.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(new Set(SEED_FAQS.map((f) => f.question)).size).toBe(SEED_FAQS.length);
  });

  it("keeps its bodies as the allow-list stores them (nothing is lost when saved)", () => {
    for (const t of texts) expect(sanitizeRichText(t.html), t.name).toBe(t.html);
  });

  it("places only registered embeds", () => {
    for (const t of texts) for (const e of embedsIn(t.html)) expect(isEmbedName(e), `${t.name}: ${e}`).toBe(true);
  });

  it("links only to the product's routes or seeded pages", () => {
    for (const t of texts) {
      for (const m of t.html.matchAll(/href="(\/[^"#?]*)/g)) {
        const path = m[1];
        const route = routeOfPath(ROUTES, path);
        const ok = seededPaths.has(path) || (route !== null && route.id !== "not-found");
        expect(ok, `${t.name} links to ${path}`).toBe(true);
      }
    }
  });

  it("relates pages and FAQs only to seeded pages", () => {
    const routes = new Set(SEED_PAGES.map((p) => p.route));
    for (const p of SEED_PAGES)
      for (const r of p.relatedRoutes ?? []) expect(routes.has(r), `${p.route} -> ${r}`).toBe(true);
    for (const f of SEED_FAQS)
      for (const r of f.relatedRoutes ?? []) expect(routes.has(r), `${f.question} -> ${r}`).toBe(true);
  });
});
