/**
 * Rich text (decision 0028), the part both sides use: which link targets are kept. The sanitizer itself is
 * server-only (`rich-text.server.ts`), so sanitize-html never reaches a browser bundle.
 */

/** The rel of a link to another site: no window.opener, no referrer. */
export const EXTERNAL_LINK_REL = "noopener noreferrer";

/**
 * A link target the allow-list keeps: http(s) and mailto, or a relative address ("/faq", "#fees", "?q=x", "faq").
 * A protocol-relative address ("//host") and any other scheme (javascript:, data:, vbscript:...) are refused, as is
 * anything with a control character or whitespace (how "java\tscript:" hides its scheme).
 */
export function isSafeHref(raw: string): boolean {
  const href = raw.trim();
  if (href === "" || href.length > 2048) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(href)) return false;
  if (/^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(href)) return true;
  if (href.startsWith("//") || href.startsWith("/\\") || href.startsWith("\\")) return false;
  // A scheme is the letters before the first colon, when that colon comes before any / ? #.
  return !/^[^/?#]*:/.test(href);
}

/** A link to another site (it gets EXTERNAL_LINK_REL). */
export const isExternalHref = (href: string) => /^https?:\/\//i.test(href.trim());
