/**
 * React Router behind a proxy (issue 29): the express adapter of @react-router/express, except that the URL of every
 * request is built from the site's public origin (BETTER_AUTH_URL) rather than from the connection's scheme and the
 * `Host` header. Behind nginx with TLS ended there, the process sees `http` and whatever `Host` nginx sends (`$host`
 * drops the port), so React Router's own check of a form's `Origin` against the request URL refused every POST (400),
 * sign-in included. The public origin is what people type, what better-auth checks, what mail links name: one truth.
 * A request to a process's own address (a health check, `curl 127.0.0.1:3001`) is read as a request to the site.
 *
 * Express only (no `~` imports), so server.ts can load this file as it is.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createRequestHandler as createReactRouterHandler,
  createStaticHandler,
  href,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";

/** The Fetch API request React Router gets for an express request, at `publicOrigin` (`https://www.example.com`). */
export function publicRequest(req: ExpressRequest, res: ExpressResponse, publicOrigin: string): Request {
  const url = new URL(req.originalUrl, publicOrigin);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const v of values) headers.append(key, v);
    else headers.set(key, values);
  }
  const controller = new AbortController();
  let done = false;
  res.on("finish", () => {
    done = true;
  });
  res.on("close", () => {
    if (!done) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * A path with a run of slashes (`/listings//`, `//`, `/\\x`) is sent, its query kept, to the same path with single
 * slashes (301) before anything else reads it: `new URL("//x", origin)` takes `x` for a host (`//` answered 500,
 * `//listings` the home page), and React Router's two matchers read such paths differently (decision 0102). A
 * backslash counts as a slash, as browsers read it, so the answer never names another host. (A request for an
 * absolute URL, as to a proxy, is left to the rest.)
 */
export function collapseSlashes(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const url = req.originalUrl;
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.startsWith("/") || !/[\\/]{2,}/.test(path)) return next();
  res.redirect(301, path.replace(/[\\/]{2,}/g, "/") + (q < 0 ? "" : url.slice(q)));
}

/** The express handler for React Router, with every request at `publicOrigin`. */
export function createPublicRequestHandler({
  build,
  publicOrigin,
  mode,
}: {
  build: ServerBuild;
  publicOrigin: string;
  mode?: string;
}) {
  const handle = createReactRouterHandler(withPatternMatching(build), mode);
  const origin = new URL(publicOrigin).origin;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      await send(res, await handle(publicRequest(req, res, origin)));
    } catch (error) {
      next(error);
    }
  };
}

/** React Router's flag for its route-pattern matcher, with the matcher loaded (it must be, before the flag is used). */
function patternMatching() {
  unstable_preloadRoutePattern();
  return { unstable_routePatternMatching: true } as const;
}

/**
 * The build as React Router's server should see it: matching paths with its route-pattern matcher rather than its
 * default one (decision 0102). The default tries the site's ~510 routes one after another, about 1-2 ms a match, and
 * a page is matched three times (the request, the document's data, the browser's partial manifest); the
 * route-pattern matcher finds the route in 15-40 µs. The flag must stay on the server: the browser's router reads the
 * `future` flags from the page (JSON), and would need the matcher's code too. So the flag is left out of the JSON;
 * the browser keeps its default matcher over the few routes of its partial manifest. `npm test` checks that both
 * matchers pick the same route for every route of the site (app/routes.test.ts).
 */
export function withPatternMatching(build: ServerBuild): ServerBuild {
  const future = { ...build.future, ...patternMatching() };
  Object.defineProperty(future, "toJSON", { value: () => build.future, enumerable: false });
  // The framework's build types its flags as none; the static handler it makes from them reads this one.
  return { ...build, future: future as unknown as ServerBuild["future"] };
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type TreeRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: TreeRoute[] };

/**
 * The id of the route a path lands on (`routes/public/listings`), for the request metrics: the deepest match of the
 * build's routes, the client-side navigation's `.data` suffix removed; "unmatched" for a path no route takes.
 */
export function createRouteMatcher(routes: Record<string, ManifestRoute | undefined>) {
  const match = createManifestMatcher(routes);
  const memo = new Map<string, string>();
  return (pathname: string) => {
    const path = pathname === "/_root.data" ? href("/") : pathname.replace(/\.data$/, "");
    const known = memo.get(path);
    if (known) return known;
    const matches = match(path);
    const id = matches?.at(-1)?.route.id ?? "unmatched";
    if (memo.size < 10_000) memo.set(path, id);
    return id;
  };
}

/**
 * The routes a path matches (root first), or null, as React Router's server matches them (the route-pattern matcher,
 * decision 0102), from the build's flat manifest routes.
 */
export function createManifestMatcher(routes: Record<string, ManifestRoute | undefined>) {
  const byParent = new Map<string | undefined, TreeRoute[]>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
    byParent.set(r.parentId, list);
  }
  const attach = (list: TreeRoute[]): TreeRoute[] =>
    list.map((r) => {
      const children = byParent.get(r.id);
      return children ? { ...r, children: attach(children) } : r;
    });
  const tree = attach(byParent.get(undefined) ?? []);
  return createStaticHandler(tree as RouteObject[], { future: patternMatching() }).match;
}
