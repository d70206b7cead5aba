import { noteDatabaseFault } from "~/lib/db-faults.server";
import { logger } from "~/lib/logger.server";
import { discoveredRoutesInsertion, routerContextForRender } from "~/lib/render-routes.server";
import { CROSS_SITE_REFUSED_LOG, isCrossSiteActionRefusal } from "~/lib/security-headers";
import { getServices, registerAppParts } from "~/lib/runtime.server";
import { keepSharedReads } from "~/lib/shared-reads.server";
import { iconSymbolsInsertion } from "~/lib/icon-symbols.server";
import { pageNonce } from "~/lib/nonce.server";
import { spliced } from "~/lib/page-splices.server";
import { lowPriorityPreloadInsertions } from "~/lib/script-preloads.server";
import { IconsDrawn } from "~/components/ui/lucide-icon";
import { ServerRender } from "~/components/shell/cached-markup";
import { APP_PARTS } from "~/modules/app-parts.server";
import { Writable } from "node:stream";
import { contentSecurityPolicy, DEFAULT_REFERRER_POLICY, NonceContext } from "~/lib/security-headers";
import { getConfig } from "~/lib/config.server";
import { PIXEL_EVENT_ORIGIN, PIXEL_SCRIPT_ORIGIN, type SocialShell } from "~/modules/social/social";

import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream, renderToString } from "react-dom/server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The status as it stands when the shell is ready, as when the shell was streamed: an error in a boundary that
    // resolves later shows that boundary's fallback on a page answered as it began.
    let status = responseStatusCode;
    // The timer that aborts the rendering if it runs long, so it has time to flush down the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // A nonce per page for its inline scripts (issue 12): the CSP allows this site's files and these scripts only.
    // Left out in development, where Vite injects scripts of its own.
    const nonce = process.env.NODE_ENV === "production" ? pageNonce() : undefined;
    if (!responseHeaders.has("Referrer-Policy")) responseHeaders.set("Referrer-Policy", DEFAULT_REFERRER_POLICY);
    if (nonce) {
      responseHeaders.set(
        "Content-Security-Policy",
        contentSecurityPolicy(nonce, {
          https: new URL(request.url).protocol === "https:",
          imageOrigins: mapTileOrigins(),
          pixel: pixelOn(routerContext) ? { script: PIXEL_SCRIPT_ORIGIN, events: PIXEL_EVENT_ORIGIN } : undefined,
        }),
      );
    }
    // The icons the page draws: their symbols are written into it once it is rendered (decision 0111).
    const iconsDrawn = new Set<string>();
    const renderContext = routerContextForRender(routerContext, new URL(request.url).pathname);
    const app = (
      <NonceContext.Provider value={nonce}>
        <IconsDrawn.Provider value={iconsDrawn}>
          <ServerRender.Provider value={renderToString}>
            <ServerRouter context={renderContext} url={request.url} nonce={nonce} />
          </ServerRender.Provider>
        </IconsDrawn.Provider>
      </NonceContext.Provider>
    );
    // The whole document, answered in one piece (issue 12, mixed load): no page streams data in later (no loader
    // defers), and one buffer is compressed in one call where a stream of React's 2 KB chunks cost a compression
    // round trip each (a signed-in page served 93 req/s with Brotli against 168 uncompressed; decision 0039's addendum).
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // The script preloads asked for at low priority (decision 0112) and the icons' symbols written in (0111), in
        // one copy of the page.
        const rendered = Buffer.concat(chunks);
        const icons = iconSymbolsInsertion(rendered, iconsDrawn);
        // The routes of the page's links, in its manifest (decision 0116): hydration then renders the page once.
        const routes = discoveredRoutesInsertion(rendered, routerContext.manifest, renderContext.manifest.routes);
        const insertions = lowPriorityPreloadInsertions(rendered);
        for (const extra of [icons, routes]) if (extra) insertions.push(extra);
        const html = spliced(rendered, insertions);
        resolve(new Response(html, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // A Suspense boundary that is already complete goes into the HTML where it stands. React 19.2 otherwise sends
      // any complete boundary of more than 500 bytes found after the first 12.8 KB later in the stream, for a script
      // to move into place: invisible to a visitor without JavaScript (the listing question form).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
        status = responseStatusCode;
      },
      onAllReady() {
        pipe(collector);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // An error in the shell rejects, and handleDocumentRequest logs it; one inside a boundary is logged here.
        if (shellRendered) {
          logger.error(
            { err: error, reqId: request.headers.get("x-request-id") ?? undefined, url: request.url },
            "error while rendering a page",
          );
        }
      },
    });
  });
}

/**
 * Start-up, called by server.ts before it listens: configuration, database, migrations,
 * seed, jobs. Kept here so the server build carries it (ARCHITECTURE section 7). The web process keeps the shell's
 * site-wide reads while the change feed stands still (decision 0098); tests that call loaders never start it.
 */
export async function startup() {
  const services = await getServices();
  keepSharedReads({ changes: services.changes, maxAgeMs: services.config.pageCacheSeconds * 1000 });
  return services;
}
// server.ts turns readiness off (/api/ready answers 503) when it begins to drain on SIGTERM (decision 0046).
export { beginDraining } from "~/lib/lifecycle.server";
// Issue 32: server.ts counts each public page served (cached or rendered) per path per day (decision 0081).
export { countServedPageView, flushPageViews } from "~/modules/voices/page-views.server";

// The composition root: the modules' jobs and start-up parts, for the services getServices() starts.
registerAppParts(APP_PARTS);

export function handleError(error: unknown, { request }: { request: Request }) {
  // A connection to PostgreSQL that failed under a loader or an action: the root middleware answers 503 (0041).
  noteDatabaseFault(error);
  if (request.signal.aborted) return;
  // A refusal (a 4xx: no action for a POST, a form from another origin) is the visitor's, not a fault: one info line,
  // no stack (issue 29). Every line carries the request id server.ts gave the request (X-Request-Id).
  const line = { reqId: request.headers.get("x-request-id") ?? undefined, method: request.method, url: request.url };
  // React Router's own refusal of a form posted from another site (400): a warning with where it came from (issue 28).
  if (isCrossSiteActionRefusal(error)) {
    logger.warn({ ...line, origin: request.headers.get("origin") }, CROSS_SITE_REFUSED_LOG);
    return;
  }
  const refusal = refusedStatus(error);
  if (refusal) {
    logger.info({ ...line, status: refusal, reason: refusalReason(error) }, "request refused");
    return;
  }
  logger.error({ ...line, err: error }, "unhandled error while serving a request");
}

/** The 4xx status an error stands for: a route error response, or React Router's own Origin check (400). */
function refusedStatus(error: unknown): number | undefined {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return error.status;
  if (error instanceof Error && /origin.+does not match|not a valid URL\. Aborting the action/i.test(error.message)) {
    return 400;
  }
  return undefined;
}

function refusalReason(error: unknown) {
  if (isRouteErrorResponse(error)) return (error as { error?: Error }).error?.message ?? error.statusText;
  return error instanceof Error ? error.message : String(error);
}

/** The tile server's origin, which the CSP lets images come from (none when MAP_TILE_URL=off). */
function mapTileOrigins(): string[] {
  const tiles = getConfig().mapTiles;
  return tiles ? [tiles.origin] : [];
}

// Issue 33: server.ts's gate for automated visitors (counts user agents, answers a blocked one 403; decision 0086).
export { createBotMiddleware } from "~/modules/bots/bot-gate.server";

/** True when the page loads the Meta Pixel (the root loader's `social.pixelId`: set, and the visitor accepted). */
function pixelOn(context: EntryContext): boolean {
  const root = context.staticHandlerContext.loaderData?.root as { social?: SocialShell } | undefined;
  return Boolean(root?.social?.pixelId);
}
