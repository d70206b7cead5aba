import { lazy, Suspense } from "react";

/**
 * The error and not-found page, out of every page's first JavaScript (issue 34): a page that fails is rare, so in the
 * browser its code is fetched only when one is shown, and until it arrives React keeps the server's HTML (a page
 * served as an error hydrates inside this boundary). The server has the module before any render (a top-level await
 * in the server build only), as lazy-voices.tsx does for the footer.
 */
const server = import.meta.env.SSR ? await import("./error-page") : undefined;
const ErrorPageChunk = server?.ErrorPage ?? lazy(() => import("./error-page").then((m) => ({ default: m.ErrorPage })));

export function LazyErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorPageChunk error={error} />
    </Suspense>
  );
}
