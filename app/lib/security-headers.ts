import { createContext, useContext } from "react";

/**
 * The security headers of issue 12 (finding 5) and issue 28. Every answer: nosniff, a referrer policy, a permissions
 * policy, no framing, and HSTS when the site is served over https (server.ts). Every HTML page: a Content-Security-Policy whose scripts must come from
 * this site or carry the page's nonce (entry.server.tsx makes one per request and gives it to React Router's inline
 * scripts through `NonceContext`). Styles may be inline (style attributes cannot carry a nonce); images may be data:
 * or blob: URLs (the drawn signature, the PDF viewer's canvas export); nothing may frame the site.
 */
export function contentSecurityPolicy(
  nonce: string,
  opts: { https: boolean; imageOrigins?: string[]; pixel?: { script: string; events: string } },
) {
  // The map tab's tile server (MAP_TILE_URL) is the one other place images may come from; and, on a page that loads
  // the Meta Pixel (a pixel id is set and the visitor accepted, decision 0086), its script's origin and the origin
  // it sends its events to (an image and a beacon).
  const images = ["'self'", "data:", "blob:", ...(opts.imageOrigins ?? []), ...(opts.pixel ? [opts.pixel.events] : [])];
  const scripts = ["'self'", `'nonce-${nonce}'`, ...(opts.pixel ? [opts.pixel.script] : [])];
  const connect = ["'self'", ...(opts.pixel ? [opts.pixel.events] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** A page's referrer policy unless its route sets its own (`/reset-password`: none, its link holds a token). */
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";

/**
 * The browser features no page of the product uses, switched off for the site and anything it would embed (issue
 * 28): camera, microphone, location, payment, USB and the like. On every answer.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** The headers every answer carries (static files, JSON and pages); pages also get the CSP. */
export function baseSecurityHeaders(opts: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(opts.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The parts of a Node answer (`http.ServerResponse`, Express's) the middleware below touches. */
type NodeAnswer = {
  setHeader(name: string, value: string): unknown;
  hasHeader(name: string): boolean;
  writeHead: (...args: never[]) => unknown;
};

/**
 * Express middleware (server.ts): `baseSecurityHeaders` on every answer, and the default referrer policy on every
 * answer that has not set its own (issue 28: JSON calls and static files too, not only pages). The referrer policy is
 * added as the headers are written, so a page's own (`/reset-password`: no-referrer) is the only one it sends.
 */
export function securityHeadersMiddleware(opts: { https: boolean }) {
  const headers = Object.entries(baseSecurityHeaders(opts));
  return (_req: unknown, res: NodeAnswer, next: () => void) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    const writeHead = res.writeHead;
    res.writeHead = ((...args: never[]) => {
      if (!res.hasHeader("Referrer-Policy")) res.setHeader("Referrer-Policy", DEFAULT_REFERRER_POLICY);
      return writeHead.apply(res, args);
    }) as NodeAnswer["writeHead"];
    next();
  };
}

/** The page's CSP nonce while rendering on the server; undefined in the browser (it is not needed there). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}

/** The log line of a refused cross-site post (a warning, without a stack trace). */
export const CROSS_SITE_REFUSED_LOG = "cross-site request refused";

/** React Router's error for a page action posted with another site's Origin (its CSRF check). */
export function isCrossSiteActionRefusal(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return (
    message.includes("origin does not match `origin` header") || message.includes("`origin` header is not a valid URL")
  );
}
