import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { routerContextForRender } from "./render-routes.server";

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
    ROUTES.map((r) => [r.id, { ...r, hasLoader: true, hasAction: false, module: `/${r.id}.js` }]),
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
