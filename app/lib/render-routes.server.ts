import { type EntryContext, matchRoutes, type RouteObject } from "react-router";

type Manifest = EntryContext["manifest"];
type ManifestRoute = NonNullable<Manifest["routes"][string]>;

/**
 * The router context a page is rendered with, holding only the routes that page can use (issue 34).
 *
 * React Router's `ServerRouter` turns every route of the manifest (about 300 here) into route objects, and then into a
 * static router's data routes, on every render: 0.6-0.7 ms of a signed-in page's CPU in a profile of 2,000 requests.
 * A rendered page uses only the routes it matched. The one other reader is the partial manifest the page sends for
 * lazy route discovery, which adds the routes matched by each parent path of the URL (`/listing-info` for
 * `/listing-info/12`). This keeps exactly those routes, so the page, its hydration data and its manifest are the same
 * as with all of them (a test compares the HTML).
 */
export function routerContextForRender(context: EntryContext, pathname: string): EntryContext {
  const all = context.manifest.routes;
  const keep = new Set(context.staticHandlerContext.matches.map((m) => m.route.id));
  for (const id of parentPathRouteIds(context.manifest, pathname)) keep.add(id);
  const routes: Manifest["routes"] = {};
  for (const id of keep) {
    // A kept route's ancestors are kept with it (a match lists them; a parent path's matches list them too).
    const route = all[id];
    if (route) routes[id] = route;
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** The ids of the routes each parent path of `pathname` matches, as the partial manifest finds them. */
function parentPathRouteIds(manifest: Manifest, pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const paths = ["/"];
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  const matcher = parentMatcherFor(manifest);
  return paths.flatMap((path) => matcher(path));
}

const MATCH_MEMO_SIZE = 500;
const matchers = new WeakMap<Manifest["routes"], (path: string) => string[]>();

/**
 * Parent paths repeat (`/`, `/listing-info`, `/admin`), so their route ids are remembered, at most 500 paths per
 * build, the oldest forgotten first: an unknown URL's parent paths cannot grow the memory without bound.
 */
function parentMatcherFor(manifest: Manifest): (path: string) => string[] {
  let matcher = matchers.get(manifest.routes);
  if (matcher) return matcher;
  const tree = routeTree(manifest.routes);
  const memo = new Map<string, string[]>();
  matcher = (path: string) => {
    let ids = memo.get(path);
    if (ids) return ids;
    ids = (matchRoutes(tree, path) ?? []).map((m) => m.route.id as string);
    if (memo.size >= MATCH_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(path, ids);
    return ids;
  };
  matchers.set(manifest.routes, matcher);
  return matcher;
}

/** The manifest's flat routes as the nested route objects `matchRoutes` reads, in the manifest's order. */
function routeTree(routes: Manifest["routes"]): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r): RouteObject => {
      const children = build(r.id);
      if (r.index) return { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive };
      return { id: r.id, path: r.path, caseSensitive: r.caseSensitive, ...(children.length ? { children } : {}) };
    });
  return build(undefined);
}
