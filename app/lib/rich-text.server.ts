import sanitizeHtml from "sanitize-html";
import { EXTERNAL_LINK_REL, isExternalHref, isSafeHref } from "./rich-text";

export { isSafeHref };

/**
 * Rich text (decision 0028): the one allow-list every stored or shown piece of admin-written HTML goes through.
 * Allowed: paragraphs, headings h2-h4, bold, italic, links (http, https, mailto or relative), bullet and numbered
 * lists, blockquotes, line breaks, pictures (`src` one of our media files or https, `alt`, numeric `width` and
 * `height`) and tables (caption, thead, tbody, tr, th with span and scope, td with span). No other attribute survives
 * (a link's `href`, and the `rel` set here on an external link). Everything else is dropped: a disallowed element's tags go and its text stays, except the
 * elements whose content is code or markup (script, style, svg, iframe...), which go whole.
 */

const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "br",
  // Pictures from the media library (or any https address) and tables (decision 0067).
  "img",
  "table",
  "caption",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

/** The name of an embed: lower-case words joined by hyphens ("firpta-calculator"). */
export const EMBED_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+){0,6}$/;
/** An anchor a heading may carry (/how-dvc-works#closing): lower-case words joined by hyphens. */
const HEADING_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+){0,8}$/;

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
  allowedAttributes: {
    a: ["href", "rel"],
    h2: ["id"],
    h3: ["id"],
    img: ["src", "alt", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WHOLE,
  parseStyleAttributes: false,
  // A picture whose address was refused goes whole (an <img> without src shows nothing but a broken frame).
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  transformTags: {
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const kept: sanitizeHtml.Attributes = {};
      if (isSafeImageSrc(attribs.src ?? "")) kept.src = (attribs.src ?? "").trim();
      const alt = (attribs.alt ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
      // Always an alt: "" says the picture is decoration, which is better than none.
      kept.alt = alt;
      for (const side of ["width", "height"] as const) {
        const v = attribs[side]?.trim() ?? "";
        if (/^\d{1,4}$/.test(v) && Number(v) > 0) kept[side] = String(Number(v));
      }
      return { tagName: "img", attribs: kept };
    },
    th: (_tag, attribs): sanitizeHtml.Tag => ({ tagName: "th", attribs: cellAttributes(attribs, true) }),
    td: (_tag, attribs): sanitizeHtml.Tag => ({ tagName: "td", attribs: cellAttributes(attribs, false) }),
    h2: (_tag, attribs): sanitizeHtml.Tag => ({ tagName: "h2", attribs: headingId(attribs) }),
    h3: (_tag, attribs): sanitizeHtml.Tag => ({ tagName: "h3", attribs: headingId(attribs) }),
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

/**
 * A picture address rich text keeps: one of our own media files (`/media/<folder>/<name>.webp`, the media library's
 * or an admin image's) or an https address. Everything else (http:, data:, javascript:, protocol-relative, another
 * path of this site) is refused, and the picture with it.
 */
export function isSafeImageSrc(raw: string): boolean {
  const src = raw.trim();
  if (/^\/media\/[a-z0-9-]{1,40}\/[a-f0-9]{16}(-(?:75|50|25))?\.webp$/.test(src)) return true;
  return isSafeHref(src) && /^https:\/\/[^/\\]/i.test(src);
}

/**
 * Issue 32 (decision 0078): `<div data-embed="name"></div>` places a registered component in a page. Before the
 * allow-list runs, each such div (whatever it held goes with it) becomes a marked paragraph, which becomes the empty
 * div again afterwards; any other div loses its tags and keeps its text. The mark is a private-use character, removed
 * from the input first, so it cannot be forged.
 */
const MARK = "\uE000";
const EMBED_MARK = new RegExp(`<p>${MARK}embed:([a-z0-9-]+)${MARK}</p>`, "g");
function markEmbeds(html: string): string {
  return html
    .replaceAll(MARK, "")
    .replace(/<div\b[^>]*?\sdata-embed\s*=\s*["']([^"']*)["'][^>]*>[\s\S]*?<\/div\s*>/gi, (whole, name: string) =>
      EMBED_NAME.test(name.trim()) ? `<p>${MARK}embed:${name.trim()}${MARK}</p>` : whole,
    );
}

/** A heading's anchor, when it is a plain slug. */
function headingId(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const id = (attribs.id ?? "").trim();
  return HEADING_ID.test(id) ? { id } : {};
}

/** A table cell's spans (1-100) and a header's scope; nothing else. */
function cellAttributes(attribs: sanitizeHtml.Attributes, header: boolean): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const span of ["colspan", "rowspan"] as const) {
    const v = attribs[span]?.trim() ?? "";
    if (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100) kept[span] = String(Number(v));
  }
  if (header && ["col", "row", "colgroup", "rowgroup"].includes(attribs.scope ?? "")) kept.scope = attribs.scope;
  return kept;
}

/** The allow-listed HTML of `html`; "" when nothing readable is left (an empty editor's "<p></p>"). */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  const clean = sanitizeHtml(markEmbeds(html), OPTIONS)
    .replace(EMBED_MARK, '<div data-embed="$1"></div>')
    // Empty paragraphs at either end (the editor keeps one after a list or quote that ends the text) say nothing.
    .replace(/^(?:\s*<p>(?:\s|<br \/>)*<\/p>)+|(?:<p>(?:\s|<br \/>)*<\/p>\s*)+$/g, "")
    .trim();
  // A picture alone is content too.
  return richTextPlainText(clean) === "" && !/<img\s|<div data-embed=/.test(clean) ? "" : clean;
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

/** True when a stored body is rich text (it begins with a block the allow-list keeps), not plain text. */
export function looksLikeRichText(body: string): boolean {
  return /^\s*<(p|h[2-4]|ul|ol|blockquote|img|table|div data-embed)[\s>/]/i.test(body);
}

const escapeHtml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Plain text written before a field became rich text, as rich text: paragraphs split by blank lines, a run of
 * "- " lines a bullet list, everything escaped (never markup). Rich text is returned as it is.
 */
export function plainTextToRichText(body: string): string {
  if (looksLikeRichText(body)) return body;
  return plainTextBlocks(body)
    .map((b) =>
      b.kind === "ul"
        ? `<ul>${b.items.map((i) => `<li><p>${escapeHtml(i)}</p></li>`).join("")}</ul>`
        : `<p>${escapeHtml(b.text)}</p>`,
    )
    .join("");
}

/** Plain text's blocks: paragraphs split by blank lines (lines joined by a space), a run of "- " lines a list. */
export function plainTextBlocks(body: string): ({ kind: "p"; text: string } | { kind: "ul"; items: string[] })[] {
  const blocks: ({ kind: "p"; text: string } | { kind: "ul"; items: string[] })[] = [];
  for (const chunk of body.replace(/\r\n/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith("- "))) blocks.push({ kind: "ul", items: lines.map((l) => l.slice(2)) });
    else blocks.push({ kind: "p", text: lines.join(" ") });
  }
  return blocks;
}
