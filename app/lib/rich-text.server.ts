import sanitizeHtml from "sanitize-html";
import { EXTERNAL_LINK_REL, isExternalHref, isSafeHref } from "./rich-text";

export { isSafeHref };

/**
 * Rich text (decision 0028): the one allow-list every stored or shown piece of admin-written HTML goes through.
 * Allowed: paragraphs, headings h2-h4, bold, italic, links (http, https, mailto or relative), bullet and numbered
 * lists, blockquotes and line breaks. No attribute survives but a link's `href` (and the `rel` set here on an
 * external link). Everything else is dropped: a disallowed element's tags go and its text stays, except the
 * elements whose content is code or markup (script, style, svg, iframe...), which go whole.
 */

const ALLOWED_TAGS = ["p", "h2", "h3", "h4", "strong", "em", "a", "ul", "ol", "li", "blockquote", "br"];

/** Elements dropped with everything inside them. */
const DROPPED_WHOLE = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "title",
  "noscript",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "head",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WHOLE,
  parseStyleAttributes: false,
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      // A link whose target is refused keeps its text and loses its target (an <a> without href is plain text).
      // Renaming it instead (to a tag that is then dropped) confuses sanitize-html's closing of the next link.
      if (!isSafeHref(href)) return { tagName: "a", attribs: {} };
      const kept: sanitizeHtml.Attributes = { href: href.trim() };
      if (isExternalHref(href)) kept.rel = EXTERNAL_LINK_REL;
      return { tagName: "a", attribs: kept };
    },
  },
};

/** The allow-listed HTML of `html`; "" when nothing readable is left (an empty editor's "<p></p>"). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  const clean = sanitizeHtml(html, OPTIONS)
    // Empty paragraphs at either end (the editor keeps one after a list or quote that ends the text) say nothing.
    .replace(/^(?:\s*<p>(?:\s|<br \/>)*<\/p>)+|(?:<p>(?:\s|<br \/>)*<\/p>\s*)+$/g, "")
    .trim();
  return richTextPlainText(clean) === "" ? "" : clean;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * The text a reader sees, blocks and line breaks as single spaces, runs of whitespace collapsed (for lists, search,
 * emptiness and length checks). Script and style contents are never counted as text.
 */
export function richTextPlainText(html: string | null | undefined): string {
  if (!html) return "";
  // A break between blocks so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|div)\s*>|<br\s*\/?>/gi, "$& ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WHOLE });
  return text
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower];
      const code = lower.startsWith("#x")
        ? Number.parseInt(lower.slice(2), 16)
        : lower.startsWith("#")
          ? Number(lower.slice(1))
          : Number.NaN;
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** How many characters a reader sees (code points, whitespace collapsed): the length a rich text limit counts. */
export function richTextLength(html: string | null | undefined): number {
  return [...richTextPlainText(html)].length;
}
