/**
 * The headers of an agreement's PDF (the contract, a stored file). An attachment by default; with `?inline=1` (the
 * in-page viewer fetches it so) the same file inline. Either way: the PDF content type, nosniff, and a CSP with
 * `sandbox` and nothing allowed, so a file opened directly in a tab can never run a script as this site.
 */
export function agreementPdfHeaders(request: Request, fileName: string, extra: Record<string, string> = {}) {
  return {
    "content-type": "application/pdf",
    "content-disposition": `${wantsInline(request) ? "inline" : "attachment"}; filename="${fileName}"`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, no-store",
    ...extra,
  };
}

/** `?inline=1`: the viewer's query flag. */
export const wantsInline = (request: Request) => new URL(request.url).searchParams.get("inline") === "1";

/** A file's address with the viewer's flag. */
export const inlinePdfUrl = (path: string) => `${path}${path.includes("?") ? "&" : "?"}inline=1`;
