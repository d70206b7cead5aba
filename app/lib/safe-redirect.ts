/**
 * The one check for every `redirectTo` / `returnTo` (and Referer path) the product follows: only a path of this site
 * comes back, so a crafted link cannot send a signed-in person to another site. See docs/decisions/0038-auth-hardening.md.
 */

/** A placeholder origin to resolve paths against: a path that resolves to another origin is not this site's. */
const SITE = "http://same-site.invalid";
const MAX_LENGTH = 2000;
/** Control characters (browsers drop tabs and newlines, so `/\t/host` becomes `//host`) and backslashes (`/\host`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/** True when a browser could read this as another host: `//host`, `/\host`, or a control character or backslash. */
function looksForeign(path: string) {
  return !path.startsWith("/") || path.startsWith("//") || UNSAFE.test(path);
}

/**
 * A same-site path (`/path?query#hash`) for `to`, or null when it is not one: anything that is not a string starting
 * with a single `/`, absolute URLs (`https://...`, `javascript:`), protocol-relative paths (`//host`, `/\host`),
 * control characters and backslashes, and the same tricks percent-encoded in the path (`/%2F%2Fhost`, `/%09/host`).
 * The path is then resolved against an origin and must stay on it (`/.//host` does not).
 */
export function safeRedirectPath(to: unknown): string | null {
  if (typeof to !== "string" || to.length > MAX_LENGTH || looksForeign(to)) return null;
  // The path part, decoded twice over: an encoded `//`, backslash or control character is refused as well.
  let path = to.split(/[?#]/, 1)[0];
  for (let i = 0; i < 2; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    if (looksForeign(decoded)) return null;
    path = decoded;
  }
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return looksForeign(resolved) ? null : resolved;
}

/** `to` when it is a same-site path (see safeRedirectPath), else `fallback`. */
export function safeRedirect(to: unknown, fallback: string): string {
  return safeRedirectPath(to) ?? fallback;
}
