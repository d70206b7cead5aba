import { createContext, useContext } from "react";

/**
 * The security headers of issue 12 (finding 5). Every answer: nosniff, a referrer policy, no framing, and HSTS when
 * the site is served over https (server.ts). Every HTML page: a Content-Security-Policy whose scripts must come from
 * this site or carry the page's nonce (entry.server.tsx makes one per request and gives it to React Router's inline
 * scripts through `NonceContext`). Styles may be inline (style attributes cannot carry a nonce); images may be data:
 * or blob: URLs (the drawn signature, the PDF viewer's canvas export); nothing may frame the site.
 */
export function contentSecurityPolicy(nonce: string, opts: { https: boolean }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
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

/** The headers every answer carries (static files included); pages also get the referrer policy and the CSP. */
export function baseSecurityHeaders(opts: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The page's CSP nonce while rendering on the server; undefined in the browser (it is not needed there). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
