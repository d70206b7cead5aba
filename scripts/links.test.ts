/**
 * ARCHITECTURE rule 12: links to the product's own pages are built with React Router's typed `href()`, so a page
 * renamed in app/routes.ts fails the type check instead of leaving a dead link. This test catches the hand-written
 * path that slips past the type check: a literal "/..." (or `/...`) that is one of the product's routes, given to a
 * link, a form, a redirect, a fetch, a link field of a data list or a path constant.
 *
 * A path that is no route (better-auth's own endpoints, a page the SPEC names that is not built yet and whose
 * navigation entry is hidden) is not flagged; once its route exists, its literal is.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are source text with template literals in it
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listRoutes, routeOfPath } from "./routes";

/** Where a hand-written path would be a link. */
const LINK_PATTERNS = [
  /\b(?:to|href|action|path)=(?:["']|\{\s*`)(\/[^"'`]*)/g,
  /\b(?:redirect|redirectDocument|replace|navigate|postJson|getJson|fetch|load|submit)(?:<[^>]*>)?\(\s*["'`](\/[^"'`]*)/g,
  /\b(?:to|href|fixHref|redirectTo|action|link):\s*["'`](\/[^"'`]*)/g,
  /\bnew URL\(\s*["'`](\/[^"'`]*)/g,
  /\bconst [A-Z][A-Z_]* = ["'`](\/[^"'`]*)/g,
  /(?:\breturn|\?\?|\?) ["'`](\/[^"'`]*)/g,
];

/** Files that build paths from data, which `href()` cannot type, each the one place for its kind of path. */
const BUILDS_FROM_DATA = [
  // The admin resource engine's screens: one set of routes per registry line (app/modules/admin/resource-routes.ts).
  "app/modules/admin/resource-paths.ts",
  // An uploaded photo's stored path (served by /profile-photos/:file or /media/...), not a page.
  "app/modules/profile/profile.schema.ts",
];

/**
 * Seeded page bodies (issue 32, decision 0078): HTML that becomes stored rich text, edited at /admin/frontend-pages,
 * where `href()` cannot follow. `app/db/seed/content/content-seed.test.ts` checks that each of their links is a route
 * or a seeded page.
 */
const SEEDED_CONTENT = "app/db/seed/content/";

/**
 * Files being rewritten on the faceted-search branch (issue 9) while the links were moved to `href()`; their links
 * move there. The lead empties this list when the branches meet.
 */
const REWRITTEN_ELSEWHERE: string[] = [];

const ROUTES = listRoutes();

/** Whether a written path ("/listing-info/${id}#x") is one of the product's routes (the 404 page's splat is not). */
function isOwnPage(written: string) {
  const concrete = written.split(/[?#]/)[0].replace(/\$\{[^}]*\}/g, "x") || "/";
  const route = routeOfPath(ROUTES, concrete);
  return route !== null && route.id !== "not-found";
}

/** Every hand-written page path in a source text, as `line:column: path`. */
function handWrittenLinks(source: string): string[] {
  const found = new Set<string>();
  source.split("\n").forEach((line, i) => {
    if (/^\s*(?:\*|\/\/|\/\*)/.test(line)) return; // a comment names paths, it does not link
    for (const pattern of LINK_PATTERNS) {
      for (const m of line.matchAll(pattern)) {
        const p = m[1];
        if (isOwnPage(p)) found.add(`${i + 1}:${(m.index ?? 0) + m[0].length - p.length}: ${p}`);
      }
    }
  });
  return [...found];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("links to the product's pages go through href()", () => {
  it("finds the hand-written links it is meant to catch", () => {
    const bad = [
      '<Link to="/listings">',
      "<Link to={`/listing-info/${id}`}>",
      '<Form method="post" action="/logout">',
      'throw redirect("/sign-in");',
      "return redirect(`/sign-up/new?role=${role}`);",
      'navigate("/compare");',
      'await postJson("/update-email", body);',
      '{ label: "Admin", href: "/admin" }',
      '{ label: "Settings", href: "/profile#preferences" }',
      "new URL(`/listing-info/${id}`, origin)",
      'const INVENTORY = "/v2/profile/inventory-for-sale";',
      'return next ?? "/dashboard";',
      'if (viewer.role === "admin") return "/admin/dashboard";',
    ];
    for (const line of bad) expect(handWrittenLinks(line), line).toHaveLength(1);
  });

  it("lets href(), assets, paths that are no page, comments and query-only links pass", () => {
    const good = [
      '<Link to={href("/listings")}>',
      '<Link to={`${href("/profile")}#preferences`}>',
      'throw redirect(href("/sign-in"));',
      '<link rel="icon" href="/favicon.svg" />',
      '{ href: "/admin/not-a-page-yet", available: false }',
      'const SIGN_IN = "/sign-in/email";',
      " * POST /logout ends the session",
      'if (url.pathname.startsWith("/api/")) return true;',
      '<Link to="?page=2">',
    ];
    for (const line of good) expect(handWrittenLinks(line), line).toEqual([]);
  });

  it("app/ has none", () => {
    const offenders = sourceFiles("app")
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => f !== "app/routes.ts" && !BUILDS_FROM_DATA.includes(f) && !REWRITTEN_ELSEWHERE.includes(f))
      .filter((f) => !f.startsWith(SEEDED_CONTENT))
      .flatMap((f) => handWrittenLinks(readFileSync(f, "utf8")).map((hit) => `${f}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
