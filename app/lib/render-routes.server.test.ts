import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { spliced } from "./page-splices.server";
import { discoverablePaths, discoveredRoutesInsertion, routerContextForRender } from "./render-routes.server";

type Route = { id: string; parentId?: string; path?: string; index?: boolean };

const ROUTES: Route[] = [
  { id: "root", path: "" },
  { id: "routes/home", parentId: "root", index: true },
  { id: "routes/listings", parentId: "root", path: "listings" },
  { id: "routes/listing-info", parentId: "root", path: "listing-info" },
  { id: "routes/listing-info.index", parentId: "routes/listing-info", index: true },
  { id: "routes/listing-info.$id", parentId: "routes/listing-info", path: ":id" },
  { id: "routes/admin", parentId: "root", path: "admin" },
  { id: "routes/admin.users", parentId: "routes/admin", path: "users" },
  { id: "routes/$", parentId: "root", path: "*" },
];

function contextFor(matchedIds: string[]): EntryContext {
  const routes = Object.fromEntries(
    ROUTES.map((r) => [
      r.id,
      { ...r, hasLoader: true, hasAction: false, module: `/${r.id}.js`, imports: [`/chunk-${r.id}.js`], css: [] },
    ]),
  );
  return {
    manifest: { routes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    staticHandlerContext: { matches: matchedIds.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

describe("routerContextForRender", () => {
  it("keeps the matched routes and those each parent path matches, and nothing else", () => {
    const full = contextFor(["root", "routes/listing-info", "routes/listing-info.$id"]);
    const ctx = routerContextForRender(full, "/listing-info/12");
    // `/` matches the home page; `/listing-info` its index route (the partial manifest sends both).
    expect(Object.keys(ctx.manifest.routes).sort()).toEqual([
      "root",
      "routes/home",
      "routes/listing-info",
      "routes/listing-info.$id",
      "routes/listing-info.index",
    ]);
    expect(ctx.manifest.routes["routes/listing-info.$id"]).toBe(full.manifest.routes["routes/listing-info.$id"]);
    // The rest of the context is the same, and the original manifest is left whole.
    expect(ctx.staticHandlerContext).toBe(full.staticHandlerContext);
    expect(ctx.manifest.entry).toBe(full.manifest.entry);
    expect(Object.keys(full.manifest.routes)).toHaveLength(ROUTES.length);
  });

  it("matches a parent path as React Router does: a layout route matches its own path", () => {
    const ctx = routerContextForRender(contextFor(["root", "routes/admin", "routes/admin.users"]), "/admin/users");
    expect(Object.keys(ctx.manifest.routes).sort()).toEqual([
      "root",
      "routes/admin",
      "routes/admin.users",
      "routes/home",
    ]);
  });

  it("adds the catch-all when it is what a parent path matches", () => {
    const ctx = routerContextForRender(contextFor(["root", "routes/$"]), "/no-such/page");
    expect(Object.keys(ctx.manifest.routes).sort()).toEqual(["root", "routes/$", "routes/home"]);
  });

  it("keeps only the root's matches on the home page", () => {
    const ctx = routerContextForRender(contextFor(["root", "routes/home"]), "/");
    expect(Object.keys(ctx.manifest.routes).sort()).toEqual(["root", "routes/home"]);
  });
});

/** A page as React Router writes it: its links and forms, then the manifest script of the routes it was sent with. */
function page(body: string, sentIds: string[], manifest = contextFor([]).manifest) {
  const routes = Object.fromEntries(sentIds.map((id) => [id, manifest.routes[id]]));
  const script = `window.__reactRouterManifest = ${JSON.stringify({ entry: manifest.entry, routes, version: "1" }, null, 2)};`;
  return Buffer.from(
    `<!DOCTYPE html><html><body>${body}<script type="module">${script}\nwindow.x = 1;</script></body></html>`,
  );
}

/** The manifest's routes as the browser reads them from a page. */
function sentRoutes(html: Buffer): EntryContext["manifest"]["routes"] {
  const text = html.toString();
  const json = /window.__reactRouterManifest = ([\s\S]*?);\n/.exec(text)?.[1];
  return JSON.parse(json ?? "null").routes;
}

describe("discoverablePaths (decision 0116)", () => {
  it("reads the path of each link and form React Router will discover, wherever the attribute stands", () => {
    const html = Buffer.from(
      [
        '<a class="x" href="/listing-info/12?from=home#facts" data-discover="true">12</a>',
        '<form data-discover="true" action="/api/newsletter" method="post"></form>',
        '<a href="/search?q=a&amp;b" target="_blank" data-discover="true">s</a>',
        '<a href="/r&amp;d" data-discover="true" title="a &gt; b">r</a>',
        '<a href="/resorts/caf%C3%A9" data-discover="true">é</a>',
        '<a href="/listings">not discovered</a>',
        '<a href="//elsewhere.example/x" data-discover="true">away</a>',
        '<a href="/\\elsewhere" data-discover="true">away</a>',
        '<a href="https://example.com/y" data-discover="true">away</a>',
      ].join(""),
    );
    expect([...discoverablePaths(html)]).toEqual([
      "/listing-info/12",
      "/api/newsletter",
      "/search",
      "/r&d",
      "/resorts/caf%C3%A9",
    ]);
  });
});

describe("discoveredRoutesInsertion (decision 0116)", () => {
  const { manifest } = contextFor([]);

  it("adds the routes of the page's links, their parent paths' too, to the manifest it sends, without their chunks", () => {
    const html = page('<a href="/listing-info/12" data-discover="true">12</a>', ["root", "routes/home"]);
    const insertion = discoveredRoutesInsertion(html, manifest, sentRoutes(html));
    expect(insertion).not.toBeNull();
    const routes = sentRoutes(spliced(html as Buffer<ArrayBuffer>, insertion ? [insertion] : []));
    // `/listing-info` matches the layout and its index; `/listing-info/12` the layout and the detail.
    expect(Object.keys(routes).sort()).toEqual([
      "root",
      "routes/home",
      "routes/listing-info",
      "routes/listing-info.$id",
      "routes/listing-info.index",
    ]);
    const added = routes["routes/listing-info.$id"];
    expect(added).toEqual({
      id: "routes/listing-info.$id",
      parentId: "routes/listing-info",
      path: ":id",
      hasLoader: true,
      hasAction: false,
      module: "/routes/listing-info.$id.js",
    });
    // The routes the page was sent with are as React Router wrote them, chunks included.
    expect(routes.root?.imports).toEqual(["/chunk-root.js"]);
  });

  it("adds nothing the page already has, and nothing for a page whose links it knows", () => {
    const html = page('<a href="/" data-discover="true">Home</a><a href="/listings" data-discover="true">All</a>', [
      "root",
      "routes/home",
      "routes/listings",
    ]);
    expect(discoveredRoutesInsertion(html, manifest, sentRoutes(html))).toBeNull();
  });

  it("adds the catch-all for a link no other route matches, once however many links lead there", () => {
    const html = page(
      '<a href="/no-such/page" data-discover="true">a</a><a href="/no-such/other" data-discover="true">b</a>',
      ["root", "routes/home"],
    );
    const insertion = discoveredRoutesInsertion(html, manifest, sentRoutes(html));
    expect(insertion?.bytes.toString().match(/"routes\/\$"/g)).toHaveLength(2); // the key and its `id`
    const routes = sentRoutes(spliced(html as Buffer<ArrayBuffer>, insertion ? [insertion] : []));
    expect(Object.keys(routes).sort()).toEqual(["root", "routes/$", "routes/home"]);
  });

  it("leaves a page without a manifest script alone", () => {
    const html = Buffer.from('<a href="/listings" data-discover="true">All</a>');
    expect(discoveredRoutesInsertion(html, manifest, {})).toBeNull();
  });
});
