import type { EntryContext } from "react-router";
import type { Insertion } from "./page-splices.server";
import { createManifestMatcher } from "./public-request.server";

type Manifest = EntryContext["manifest"];

/**
 * The router context a page is rendered with, holding only the routes that page can use (issue 34).
 *
 * React Router's `ServerRouter` turns every route of the manifest (516 here) into route objects, and then into a
 * static router's data routes, on every render: 0.6-0.7 ms of a signed-in page's CPU in a profile of 2,000 requests.
 * A rendered page uses only the routes it matched. The one other reader is the partial manifest the page sends for
 * lazy route discovery, which adds the routes matched by each parent path of the URL (`/listing-info` for
 * `/listing-info/12`). This keeps exactly those routes, so the page, its hydration data and its manifest are the same
 * as with all of them (compared byte for byte on a dozen kinds of page, signed in and out, and a 404, decision 0106).
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

const matchers = new WeakMap<Manifest["routes"], ReturnType<typeof createManifestMatcher>>();

/** The server's own matcher (decision 0102: 15-40 µs a path), made once per build. */
function parentMatcherFor(manifest: Manifest): (path: string) => string[] {
  const match = matchers.get(manifest.routes) ?? createManifestMatcher(manifest.routes);
  matchers.set(manifest.routes, match);
  return (path) => (match(path) ?? []).map((m) => m.route.id);
}

const DISCOVER = Buffer.from(' data-discover="true"');
const MANIFEST_SCRIPT = Buffer.from("window.__reactRouterManifest = ");
const MANIFEST_ROUTES = Buffer.from('"routes": {');
/** The `href` or `action` of a tag, when it is a path from this site's root (what React Router discovers). */
const TAG_PATH = /\s(?:href|action)="(\/(?![/\\])[^"?#]*)/;

/**
 * The paths of the links and forms React Router will discover once the page has hydrated: each tag of the rendered
 * page that carries `data-discover`, its `href` or `action` without the query or fragment.
 */
export function discoverablePaths(html: Buffer): Set<string> {
  const paths = new Set<string>();
  for (let at = html.indexOf(DISCOVER); at >= 0; at = html.indexOf(DISCOVER, at + DISCOVER.length)) {
    // React writes `<` and `>` inside an attribute as `&lt;` and `&gt;`: the tag is between the nearest of each.
    const tag = html.toString("utf8", html.lastIndexOf(0x3c, at), html.indexOf(0x3e, at));
    const path = TAG_PATH.exec(tag)?.[1];
    if (path) paths.add(path.includes("&") ? path.replaceAll("&amp;", "&") : path);
  }
  return paths;
}

/** Each path with every ancestor path (`/a/b` gives `/a` and `/a/b`), as React Router asks its manifest for them. */
function withAncestors(paths: Iterable<string>): Set<string> {
  const all = new Set<string>();
  for (const path of paths) {
    for (let i = 1; i < path.length; i++) if (path[i] === "/") all.add(path.slice(0, i));
    all.add(path);
  }
  return all;
}

const PATH_CACHE_LIMIT = 20_000;
const routeIdCaches = new WeakMap<Manifest["routes"], Map<string, string[]>>();
const entryCaches = new WeakMap<Manifest["routes"], Map<string, string>>();

/**
 * A route's manifest entry as the page sends it, made once per build: without `imports` (the chunks React Router
 * preloads only for a `<Link prefetch>`, which this site does not use; a navigation imports the module, and the module
 * its chunks) and without an empty `css`. Half the bytes of the whole entry.
 */
function sentEntry(manifest: Manifest, id: string): string | undefined {
  let cache = entryCaches.get(manifest.routes);
  if (!cache) {
    cache = new Map();
    entryCaches.set(manifest.routes, cache);
  }
  let entry = cache.get(id);
  if (entry === undefined) {
    const route = manifest.routes[id];
    if (!route) return undefined;
    const { imports: _imports, css, ...rest } = route;
    entry = `${JSON.stringify(id)}:${JSON.stringify(css?.length ? { ...rest, css } : rest)},`;
    cache.set(id, entry);
  }
  return entry;
}

/** The route ids a path matches, remembered per build (a page repeats most of its links' paths: menus, cards). */
function routeIdsOf(manifest: Manifest, path: string): string[] {
  let cache = routeIdCaches.get(manifest.routes);
  if (!cache) {
    cache = new Map();
    routeIdCaches.set(manifest.routes, cache);
  }
  let ids = cache.get(path);
  if (!ids) {
    ids = parentMatcherFor(manifest)(path);
    if (cache.size >= PATH_CACHE_LIMIT) cache.clear();
    cache.set(path, ids);
  }
  return ids;
}

/**
 * The routes the page's links and forms lead to, written into the manifest the page sends (decision 0116).
 *
 * Once hydrated, React Router asks `/__manifest` for the routes of every link and form on the page it does not know,
 * and patches each into its route tree. Every patch sets the router's state anew, and React then renders the whole
 * page again and commits it: on `/listings` that was a quarter to a third of the page's JavaScript on a phone, and the
 * long task after load that Lighthouse counted in the blocking time. Sent with the page, the routes are known when it
 * hydrates: the same question to `/__manifest` finds nothing new, and nothing is rendered again. Only the routes'
 * manifest entries are added, slimmed (`sentEntry`); the modules load when a link is followed, as before. `sent` is
 * what the page's manifest already holds (`routerContextForRender`), `full` the build's.
 */
export function discoveredRoutesInsertion(html: Buffer, full: Manifest, sent: Manifest["routes"]): Insertion | null {
  const script = html.indexOf(MANIFEST_SCRIPT);
  const routes = script < 0 ? -1 : html.indexOf(MANIFEST_ROUTES, script);
  if (routes < 0) return null;
  const known = new Set(Object.keys(sent));
  let entries = "";
  for (const path of withAncestors(discoverablePaths(html))) {
    for (const id of routeIdsOf(full, path)) {
      if (known.has(id)) continue;
      known.add(id);
      entries += sentEntry(full, id) ?? "";
    }
  }
  return entries ? { at: routes + MANIFEST_ROUTES.length, bytes: Buffer.from(entries) } : null;
}
