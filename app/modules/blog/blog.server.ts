import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { richTextPlainText, sanitizeRichText } from "~/lib/rich-text.server";
import { SITE_NAME } from "~/modules/content/page-meta";
import {
  selectFeedPosts,
  selectHelpPage,
  selectHelpPages,
  selectPublishedPost,
  selectPublishedPosts,
  selectRelatedPosts,
  selectStatusCounts,
  selectTopicCounts,
  selectWorkspacePosts,
} from "./blog.queries.server";
import { canPublish, readingMinutes } from "./blog-status";
import { readSettingsSection } from "~/modules/admin/settings.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type PostCard = {
  title: string;
  slug: string;
  excerpt: string;
  coverImage: string | null;
  coverAlt: string | null;
  publishedAt: string;
  topic: { name: string; slug: string };
  author: string | null;
};

type CardRow = Awaited<ReturnType<typeof selectPublishedPosts>>["rows"][number];
function card(r: CardRow): PostCard {
  return {
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    coverImage: r.coverImage,
    coverAlt: r.coverAlt,
    publishedAt: (r.publishedAt ?? r.updatedAt).toISOString(),
    topic: { name: r.topicName, slug: r.topicSlug },
    author: r.authorName ?? null,
  };
}

/** /blogs's query: `topic` (a topic's slug), `q` (words searched in title, summary and text), `page`. */
export function readBlogQuery(params: URLSearchParams) {
  const topic = (params.get("topic") ?? "").trim().toLowerCase();
  // Control characters (a NUL byte) are no text a person searches for, and PostgreSQL refuses a NUL in text.
  const q = (params.get("q") ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, 100);
  const rawPage = params.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  return { topic: SLUG.test(topic) ? topic : null, q: q || null, page };
}

/** The blog's list (/blogs): a page of published posts, newest first, with the topics and their counts. */
export async function listPublishedPosts(
  deps: { db: Db },
  input: { topic: string | null; q: string | null; page: number },
) {
  const topics = await selectTopicCounts(deps.db);
  const topic = input.topic ? (topics.find((t) => t.slug === input.topic) ?? null) : null;
  if (input.topic && !topic) throw new AppError("NOT_FOUND", "There is no such topic on the blog.");
  // Posts a page: /admin/tweaks "Blog and good deal meter" (decision 0088).
  const perPage = (await readSettingsSection(deps.db, TWEAKS, "deal-meter")).blogPostsPerPage;
  const { rows, total } = await selectPublishedPosts(deps.db, {
    topicSlug: topic?.slug ?? null,
    q: input.q,
    limit: perPage,
    offset: (input.page - 1) * perPage,
  });
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return { posts: rows.map(card), total, page: input.page, totalPages, topics, topic };
}

/** One published post (/blogs/:slug) with its reading time and up to three posts of the same topic. */
export async function getPublishedPost(deps: { db: Db }, input: { slug: string }) {
  const row = SLUG.test(input.slug) ? await selectPublishedPost(deps.db, input.slug) : null;
  if (!row) throw new AppError("NOT_FOUND", "There is no such post on the blog.");
  const html = sanitizeRichText(row.body);
  const words = richTextPlainText(html).split(/\s+/).filter(Boolean).length;
  const related = await selectRelatedPosts(deps.db, { topicId: row.topicId, not: row.id, limit: 3 });
  return {
    post: { ...card(row), html, minutes: readingMinutes(words), updatedAt: row.updatedAt.toISOString() },
    related: related.map(card),
  };
}

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** The blog's RSS 2.0 feed (/blogs/rss.xml): the 20 newest published posts, their summary and full text. */
export async function blogFeed(deps: { db: Db }, input: { origin: string }) {
  const rows = await selectFeedPosts(deps.db, 20);
  const url = (path: string) => new URL(path, input.origin).toString();
  const blog = url(href("/blogs"));
  const items = rows.map((r) => {
    const link = url(href("/blogs/:slug", { slug: r.slug }));
    const when = (r.publishedAt ?? r.updatedAt).toUTCString();
    return [
      "    <item>",
      `      <title>${xml(r.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      `      <pubDate>${when}</pubDate>`,
      r.authorName ? `      <dc:creator>${xml(r.authorName)}</dc:creator>` : "",
      `      <category>${xml(r.topicName)}</category>`,
      `      <description>${xml(r.excerpt)}</description>`,
      `      <content:encoded>${xml(sanitizeRichText(r.body))}</content:encoded>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const built = (rows[0]?.publishedAt ?? new Date(0)).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${xml(`${SITE_NAME} blog`)}</title>
    <link>${xml(blog)}</link>
    <description>Guides to buying and selling Disney Vacation Club points on the resale market: use years, banking, ROFR, closing and dues.</description>
    <language>en-us</language>
    <lastBuildDate>${built}</lastBuildDate>
    <atom:link href="${xml(url(href("/blogs/rss.xml")))}" rel="self" type="application/rss+xml"/>
${items.join("\n")}
  </channel>
</rss>
`;
}

export type HelpCategory = {
  name: string;
  slug: string;
  description: string | null;
  pages: { title: string; slug: string; summary: string }[];
};

/** The help centre (/help): the published support pages under their categories, in the order set in the admin. */
export async function getHelpCentre(deps: { db: Db }): Promise<HelpCategory[]> {
  const rows = await selectHelpPages(deps.db);
  const out: HelpCategory[] = [];
  for (const r of rows) {
    let cat = out.find((c) => c.slug === r.categorySlug);
    if (!cat) {
      cat = { name: r.categoryName, slug: r.categorySlug, description: r.categoryDescription, pages: [] };
      out.push(cat);
    }
    cat.pages.push({ title: r.title, slug: r.slug, summary: r.summary });
  }
  return out;
}

/** One help article (/help/:slug) and the other articles of its category. */
export async function getHelpPage(deps: { db: Db }, input: { slug: string }) {
  const row = SLUG.test(input.slug) ? await selectHelpPage(deps.db, input.slug) : null;
  if (!row) throw new AppError("NOT_FOUND", "There is no such help article.");
  const all = await selectHelpPages(deps.db);
  return {
    page: {
      title: row.title,
      slug: row.slug,
      summary: row.summary,
      html: sanitizeRichText(row.body),
      updatedAt: row.updatedAt.toISOString(),
      category: { name: row.categoryName, slug: row.categorySlug },
    },
    siblings: all
      .filter((p) => p.categoryId === row.categoryId && p.id !== row.id)
      .map((p) => ({ title: p.title, slug: p.slug })),
  };
}

export type WorkspacePost = {
  id: number;
  title: string;
  status: string;
  author: string | null;
  scheduledFor: string | null;
  updatedAt: string;
};

/**
 * The writers' workspace (/admin/posts): the viewer's own drafts, what waits for review, what is scheduled, and the
 * count of posts in each state. A publisher sees everyone's drafts too; a writer their own.
 */
export async function getWritersWorkspace(deps: { db: Db }, args: { actor: Viewer }) {
  const publisher = canPublish(args.actor);
  const mine = publisher ? undefined : args.actor.id;
  const toPost = (r: Awaited<ReturnType<typeof selectWorkspacePosts>>[number]): WorkspacePost => ({
    id: r.id,
    title: r.title,
    status: r.status,
    author: r.authorName ?? null,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  });
  const [drafts, review, scheduled, counts] = await Promise.all([
    selectWorkspacePosts(deps.db, { statuses: ["draft"], authorId: mine, limit: 20 }),
    selectWorkspacePosts(deps.db, { statuses: ["review"], authorId: mine, limit: 20 }),
    selectWorkspacePosts(deps.db, { statuses: ["scheduled"], limit: 20 }),
    selectStatusCounts(deps.db),
  ]);
  const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  return {
    publisher,
    counts: { draft: n("draft"), review: n("review"), scheduled: n("scheduled"), published: n("published") },
    drafts: drafts.map(toPost),
    review: review.map(toPost),
    scheduled: scheduled.map(toPost),
  };
}
