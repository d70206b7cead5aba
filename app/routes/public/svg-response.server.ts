import { etagMatches } from "~/lib/http-delivery.server";

/**
 * A generated picture as SVG: nosniff and a sandboxing CSP (the drawing has no script and loads nothing, and this
 * keeps it so even when opened on its own), its ETag, and 304 when the browser has it.
 */
export function svgResponse(request: Request, art: { svg: string; etag: string }, cacheControl: string) {
  const headers = {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": cacheControl,
    etag: art.etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  };
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, art.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(art.svg, { headers });
}
