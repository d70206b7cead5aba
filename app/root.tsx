import { useEffect, useState } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "react-router";
import { Toaster, toast } from "~/components/ui/toast";
import { CROSS_SITE_REFUSED_LOG, useNonce } from "~/lib/security-headers";
import { takeFlash } from "~/lib/flash.server";
import { databaseFaultMiddleware } from "~/lib/db-faults.server";
import { QUERY_NUL_MESSAGE, queryHasNul } from "~/lib/fields";
import { logger } from "~/lib/logger.server";
import { isCrossSiteRequest, siteOrigins } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { sessionCookieMiddleware } from "~/auth/session.server";
import { LazyErrorPage as ErrorPage } from "~/components/errors/lazy-error-page";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { IconSymbols } from "~/components/ui/lucide-icon";
import { SavedListingToggleForm } from "~/modules/listings/ui/saved-listing-form";
import { getShellData } from "~/modules/content/shell.server";
import { getSocialShell } from "~/modules/social/social.server";
import { ConsentPrompt, SocialHead, SocialPixel } from "~/components/shell/social-tags";
import { samePlace } from "~/lib/action.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

/**
 * First, the request's database scope: a read whose connection PostgreSQL drops is retried once (GET and HEAD), and a
 * connection failure answers 503 with Retry-After instead of 500 (decision 0041, app/lib/db-faults.server.ts).
 * Then every state-changing request (any method but GET and HEAD) from another site's page is refused before any
 * action runs: a forged form post or fetch cannot ride on a visitor's session cookie (issue 4 "Security").
 */
export const middleware: Route.MiddlewareFunction[] = [
  ...databaseFaultMiddleware,
  // The cookie better-auth writes when it extends a session (decision 0115).
  sessionCookieMiddleware,
  async ({ request }, next) => {
    // A NUL byte in the query string is a 400 with a message, never a 500 from a loader (issue 28).
    if (queryHasNul(new URL(request.url))) throw Response.json({ error: QUERY_NUL_MESSAGE }, { status: 400 });
    // A marketing mail's one-click unsubscribe (RFC 8058) is POSTed by mail programs from anywhere; its signed token
    // is the whole authority (no cookie is read), so this one path is exempt (decision 0087).
    if (request.method !== "GET" && request.method !== "HEAD" && !isOneClickUnsubscribe(request)) {
      const { config } = await getServices();
      if (isCrossSiteRequest(request, siteOrigins(request, config.authUrl))) {
        logger.warn({ url: request.url, origin: request.headers.get("origin") }, CROSS_SITE_REFUSED_LOG);
        throw Response.json({ error: "Cross-site request refused." }, { status: 403 });
      }
    }
    return next();
  },
];

function isOneClickUnsubscribe(request: Request) {
  return request.method === "POST" && /^\/unsubscribe\/[^/]+$/.test(new URL(request.url).pathname);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const [shell, { flash, headers }, social] = await Promise.all([
    getShellData(request),
    takeFlash(request),
    // Issue 33: the Facebook tags, the cookie prompt and the pixel (decision 0086).
    getSocialShell(db, {
      pathname: new URL(samePlace(request), request.url).pathname,
      search: new URL(samePlace(request), request.url).search,
      cookie: request.headers.get("cookie"),
    }),
  ]);
  return data({ ...shell, flash, social }, { headers });
}

export function meta() {
  return [
    { title: "Vacation Points Market: buy and sell Disney Vacation Club resale contracts" },
    {
      name: "description",
      content:
        "A resale marketplace for Disney Vacation Club points contracts: compare listings, understand dues and resale restrictions, and close safely through escrow.",
    },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const social = useRouteLoaderData<typeof loader>("root")?.social;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the one stylesheet (render-blocking) ahead of the script preloads. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {social ? <SocialHead social={social} /> : null}
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <NavigationProgress />
        {social ? <ConsentPrompt social={social} /> : null}
        {children}
        <IconSymbols />
        <SavedListingToggleForm />
        <Toaster />
        {social ? <SocialPixel social={social} nonce={nonce} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  // Until JavaScript runs (or when it never does) the message shows as a banner; then as a toast.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (flash) toast[flash.kind](flash.message);
  }, [flash]);
  return (
    <>
      {flash && !hydrated ? (
        <p
          role="status"
          data-flash-banner
          className={`px-4 py-2 text-center text-sm font-medium ${flash.kind === "error" ? "bg-red-100 text-red-900" : "bg-emerald-100 text-emerald-900"}`}
        >
          {flash.message}
        </p>
      ) : null}
      <Outlet />
    </>
  );
}

export function useShellData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Never shows a stack trace to a visitor; the server log keeps the details. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main">
      <ErrorPage error={error} />
    </main>
  );
}
