import type { EntryContext } from "react-router";
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
