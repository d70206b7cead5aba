import { DomUtils, parseDocument } from "htmlparser2";
import type { ImportProblem, Importer, ImportRecord } from "./importers";

/**
 * The WordPress export (WXR 1.x: RSS 2.0 with the `wp:`, `content:`, `excerpt:` and `dc:` namespaces) as an importer
 * (decision 0071). Each `<item>` of the chosen post type is a record; attachments, menu items, other post types,
 * trashed posts and auto-drafts are listed as skipped. A declaration maps its fields to what an item holds.
 */
export type WxrItem = {
  title: string;
  /** The post's HTML (`content:encoded`), paragraphs made where WordPress would make them. */
  content: string;
  excerpt: string;
  /** `wp:post_name`. */
  slug: string;
  /** `wp:status`: publish, draft, pending, private, future. */
  status: string;
  /** The post's date as YYYY-MM-DD and as an ISO instant (from `wp:post_date_gmt`, else `pubDate`). */
  date: string;
  datetime: string;
  author: string;
  link: string;
  postType: string;
  /** Category and tag names. */
  categories: string[];
  tags: string[];
  /** `wp:postmeta` by key. */
  meta: Record<string, string>;
};

type Source = "title" | "content" | "excerpt" | "slug" | "status" | "date" | "datetime" | "author" | "link";

export type WxrOptions = {
  /** The `wp:post_type` imported (default "post"); every other type is skipped. */
  postType?: string;
  /** Each field's value: a part of the item, or a function of it (a status mapped onto the resource's values). */
  fields: Record<string, Source | ((item: WxrItem) => string)>;
  /** A field whose stored value marks the same post already imported (e.g. the slug): such items are skipped. */
  matchOn?: string;
};

/** An element of the parsed document (domhandler's, reached through htmlparser2, whose dependency it is). */
type Element = Parameters<Parameters<typeof DomUtils.findOne>[0]>[0];

const SKIPPED_STATUSES: Record<string, string> = {
  trash: "It is in WordPress's trash.",
  "auto-draft": "It is an automatic draft WordPress saved, never written by anyone.",
  inherit: "It is a revision or attachment of another post.",
};

export function wxrImporter(options: WxrOptions): Importer {
  const postType = options.postType ?? "post";
  return {
    format: "wxr",
    label: "WordPress export (WXR)",
    accept: ".xml,application/xml,text/xml",
    help:
      `A file from WordPress's Tools → Export. Each ${postType === "post" ? "post" : `“${postType}”`} becomes a row; ` +
      "attachments, menu items, other kinds of content, trashed posts and automatic drafts are listed as skipped" +
      (options.matchOn ? ", as are posts already here." : "."),
    read(text) {
      const problems: ImportProblem[] = [];
      const fail = (message: string) => ({ records: [], present: [], problems: [{ line: 1, column: "", message }] });
      if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<rss[\s>]/.test(text))
        return fail("This is not a WordPress export: the file must be the XML WordPress's Tools → Export gives.");
      const doc = parseDocument(text, { xmlMode: true, withStartIndices: true });
      const channel = DomUtils.findOne((e) => e.name === "channel", doc.children, true);
      if (!channel || !DomUtils.findOne((e) => e.name === "wp:wxr_version", channel.children, false))
        return fail("This is not a WordPress export: it has no channel with a wp:wxr_version.");
      const lineAt = lineCounter(text);
      const records: ImportRecord[] = [];
      for (const el of channel.children) {
        if (!DomUtils.isTag(el) || el.name !== "item") continue;
        const item = readItem(el);
        const record: ImportRecord = { line: lineAt(el.startIndex ?? 0), id: null, values: {} };
        for (const [field, source] of Object.entries(options.fields)) {
          record.values[field] = typeof source === "function" ? source(item) : item[source];
        }
        if (item.postType !== postType)
          record.skip = `It is ${item.postType === "attachment" ? "an attachment" : `a “${item.postType}”`}, not a ${postType}.`;
        else if (SKIPPED_STATUSES[item.status]) record.skip = SKIPPED_STATUSES[item.status];
        if (options.matchOn && record.values[options.matchOn])
          record.match = { field: options.matchOn, value: record.values[options.matchOn] };
        records.push(record);
      }
      if (!records.length) problems.push({ line: 1, column: "", message: "The export holds no items." });
      return { records, present: Object.keys(options.fields), problems };
    },
  };
}

function readItem(el: Element): WxrItem {
  const own = (name: string) => {
    const child = el.children.find((c): c is Element => DomUtils.isTag(c) && c.name === name);
    return child ? DomUtils.textContent(child).trim() : "";
  };
  const terms = (domain: string) =>
    el.children
      .filter((c): c is Element => DomUtils.isTag(c) && c.name === "category" && c.attribs.domain === domain)
      .map((c) => DomUtils.textContent(c).trim())
      .filter(Boolean);
  const meta: Record<string, string> = {};
  for (const m of el.children) {
    if (!DomUtils.isTag(m) || m.name !== "wp:postmeta") continue;
    const key = DomUtils.findOne((e) => e.name === "wp:meta_key", m.children, false);
    const value = DomUtils.findOne((e) => e.name === "wp:meta_value", m.children, false);
    if (key) meta[DomUtils.textContent(key).trim()] = value ? DomUtils.textContent(value) : "";
  }
  const when = instant(own("wp:post_date_gmt"), own("pubDate"));
  return {
    title: own("title"),
    content: paragraphs(own("content:encoded")),
    excerpt: own("excerpt:encoded"),
    slug: own("wp:post_name"),
    status: own("wp:status"),
    date: when ? when.slice(0, 10) : "",
    datetime: when ?? "",
    author: own("dc:creator"),
    link: own("link"),
    postType: own("wp:post_type") || "post",
    categories: terms("category"),
    tags: terms("post_tag"),
    meta,
  };
}

/** `wp:post_date_gmt` ("2024-03-01 14:05:00", "0000-00-00 00:00:00" for a draft) or the RSS pubDate, as ISO. */
function instant(gmt: string, pubDate: string): string | null {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(gmt) && !gmt.startsWith("0000")) {
    const d = new Date(`${gmt.replace(" ", "T")}Z`);
    if (!Number.isNaN(d.getTime())) return d.toISOString();
  }
  const d = pubDate ? new Date(pubDate) : null;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
}

/**
 * WordPress stores classic posts without paragraph tags and makes them when it shows the post: text split by blank
 * lines becomes paragraphs (single line breaks become <br>). Content that already has block tags (the block editor's)
 * is kept as it is; the engine sanitizes whatever arrives.
 */
export function paragraphs(html: string): string {
  const text = html.replace(/\r\n/g, "\n").trim();
  if (!text || /<(p|div|h[1-6]|ul|ol|table|blockquote|figure|pre)[\s>]/i.test(text)) return text;
  return text
    .split(/\n\s*\n/)
    .map((p) => `<p>${p.trim().replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function lineCounter(text: string) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return (index: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
