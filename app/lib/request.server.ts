/**
 * Facts about an incoming request that the browser cannot forge. See docs/decisions/0013-tool-menu-and-share.md.
 */

/**
 * server.ts sets this header on every request to the visitor's address, replacing whatever a client sent under that
 * name: the TCP connection's address, or, for a connection from a proxy listed in TRUSTED_PROXIES, the address that
 * proxy reports in X-Forwarded-For (app/lib/proxy-address.server.ts). Anyone else's X-Forwarded-For is never read.
 */
export const CLIENT_ADDRESS_HEADER = "x-vpm-client-address";

/**
 * The visitor's address for per-visitor limits: the connection's address as server.ts recorded it.
 * IPv4-mapped IPv6 becomes plain IPv4; an IPv6 address is cut to its /64 (one household or device gets a /64).
 * "unknown" when the request did not come through server.ts (the development server), so all such requests share one limit.
 */
export function clientAddress(request: Request): string {
  const raw = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim().toLowerCase() ?? "";
  if (!raw) return "unknown";
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(raw);
  if (mapped) return mapped[1];
  if (!raw.includes(":")) return raw;
  const [head, tail = ""] = raw.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = raw.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The origins this site answers on: the request's own and the configured public one (BETTER_AUTH_URL). */
export function siteOrigins(request: Request, publicUrl: string): string[] {
  return [...new Set([new URL(request.url).origin, new URL(publicUrl).origin])];
}

/**
 * True when a browser sent this request from another site (a cross-site form post or fetch): its Origin is not one
 * of ours, or, without an Origin header, Sec-Fetch-Site says it did not come from our origin.
 * A request with neither header did not come from a browser page, so it cannot ride on a visitor's browser.
 */
export function isCrossSiteRequest(request: Request, origins: string[]): boolean {
  const origin = request.headers.get("origin");
  if (origin) return !origins.includes(origin);
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}
