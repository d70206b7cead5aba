import { eq, isNotNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { z } from "zod";
import { blogPosts, blogTopics, user } from "~/db/schema";
import { easternWallTime } from "~/lib/eastern-time";
import { AppError } from "~/lib/errors";
import { optionalText, text } from "~/lib/fields";
import { richTextLength } from "~/lib/rich-text.server";
import { slugOf } from "~/lib/slug";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { resourcePaths } from "~/modules/admin/resource-paths";
import { wxrImporter, type WxrItem } from "~/modules/admin/wxr";
import { canPublish, POST_STATUSES, PUBLISHER_STATUSES } from "./blog-status";

const TOPICS: Relation = { table: blogTopics, value: blogTopics.id, label: blogTopics.name };
/** Authors: the staff (administrators, writers, senior writers). */
const AUTHORS: Relation = { table: user, value: user.id, label: user.name, where: () => isNotNull(user.staffRole) };

export const BlogPostSchema = z.object({
  title: text({ label: "The title", min: 4, max: 140, required: "Enter the post's title." }),
  slug: optionalText({ label: "The address part", max: 80, empty: null }).refine(
    (v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    "The address part is lowercase letters, digits and dashes, like “how-rofr-works”.",
  ),
  excerpt: text({
    label: "The summary",
    min: 20,
    max: 300,
    multiline: true,
    required: "Write a one- or two-sentence summary (shown in the list and the feed).",
    tooShort: "Write a summary of at least 20 characters.",
  }),
  body: z
    .string({ error: "Write the post." })
    .min(1, "Write the post.")
    .max(200_000, "The post is too long.")
    .refine((v) => richTextLength(v) >= 100, "Write at least 100 characters of text.")
    .refine((v) => richTextLength(v) <= 60_000, "The post is at most 60,000 characters of text."),
  coverAlt: optionalText({ label: "The cover's alt text", max: 200, empty: null }),
  topic_id: z.number({ error: "Choose the post's topic." }).int().positive("Choose the post's topic."),
  author_id: z.string().max(100).nullable(),
  status: z.enum(["draft", "review", "scheduled", "published"], { error: "Choose the post's status." }),
  scheduledFor: z.date().nullable(),
  publishedAt: z.date().nullable(),
});

/** WordPress's status to ours: publish -> published, future -> scheduled, pending -> in review, the rest drafts. */
const WXR_STATUS: Record<string, string> = { publish: "published", future: "scheduled", pending: "review" };
const wallTime = (iso: string) => (iso ? easternWallTime(iso) : "");

/** The status as the form names it ("In review"). */
const STATUS_LABEL = sql<string>`case ${blogPosts.status} ${sql.join(
  POST_STATUSES.map((s) => sql`when ${s.value} then ${s.label}`),
  sql` `,
)} else ${blogPosts.status} end`;

function forbid(message: string): never {
  throw new AppError("FORBIDDEN", message, { status: [message] });
}
function refuse(field: string, message: string): never {
  throw new AppError("BAD_INPUT", message, { [field]: [message] });
}

/**
 * /admin/blogs, /admin/blogs/create, /admin/blogs/import (SPEC section 2; decision 0080): the blog's posts. Writers
 * draft and send a post to review; senior writers and administrators publish, schedule (the engine's schedule,
 * decision 0068) and unpublish. That rule is `prepare`'s, so every way in (the form, a restore, an import, a row
 * action) meets it. Every save keeps the version it replaces (decision 0069).
 */
export default defineResource({
  noun: "post",
  title: "Blog posts",
  description:
    "The posts of the blog at /blogs. Writers write drafts and send them for review; senior writers and administrators publish them, schedule them (a date and time in Eastern time) or take them down. Every save keeps the version before it, on the post's page.",
  caption: "Blog posts, newest first",
  searchLabel: "Search posts by title, summary or text",
  emptyText: "No posts yet.",
  table: blogPosts,
  id: blogPosts.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: BlogPostSchema,
  joins: [
    { table: blogTopics, on: () => eq(blogTopics.id, blogPosts.topicId) },
    { table: user, on: () => eq(user.id, blogPosts.authorId) },
  ],
  columns: [
    { key: "title", label: "Title", value: blogPosts.title, primary: true, searchable: true, wrap: true, priority: 1 },
    {
      key: "status",
      label: "Status",
      value: STATUS_LABEL,
      sortable: true,
      priority: 1,
      filter: { kind: "select", tabs: true, options: [...POST_STATUSES], match: blogPosts.status },
    },
    { key: "statusValue", label: "Status value", value: blogPosts.status, hidden: true },
    { key: "id", label: "Id", value: blogPosts.id, hidden: true },
    {
      key: "topic",
      label: "Topic",
      value: blogTopics.name,
      sortable: true,
      priority: 2,
      filter: { kind: "relation", relation: TOPICS },
    },
    { key: "author", label: "Author", value: user.name, sortable: true, priority: 3 },
    {
      key: "publishedAt",
      label: "Published (Eastern)",
      value: blogPosts.publishedAt,
      format: "datetime",
      sortable: true,
      priority: 2,
    },
    {
      key: "scheduledFor",
      label: "Scheduled for",
      value: blogPosts.scheduledFor,
      format: "datetime",
      optional: true,
    },
    { key: "updatedAt", label: "Updated", value: blogPosts.updatedAt, format: "datetime", sortable: true, priority: 4 },
    { key: "excerpt", label: "Summary", value: blogPosts.excerpt, searchable: true, hidden: true },
    { key: "body", label: "Text", value: blogPosts.body, searchable: true, hidden: true },
    { key: "slug", label: "Address part", value: blogPosts.slug, hidden: true },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text" },
    {
      name: "slug",
      label: "Address part",
      kind: "text",
      help: "The post's address is /blogs/<this>. Left empty, it is made from the title. Changing it breaks old links.",
    },
    {
      name: "excerpt",
      label: "Summary",
      kind: "textarea",
      rows: 3,
      help: "One or two sentences, shown in the blog's list, in search results and in the feed.",
    },
    {
      name: "body",
      label: "Text",
      kind: "richtext",
      help: "Headings, lists, links, tables and pictures from the media library (the picture buttons above the text).",
    },
    {
      name: "coverImage",
      label: "Cover picture",
      kind: "image",
      imageFolder: "blog",
      imageMaxSide: 1600,
      help: "Choose one from the media library or upload one (PNG, JPEG or WebP). Shown at the top of the post.",
    },
    { name: "coverAlt", label: "Cover alt text", kind: "text", help: "What the cover shows, for screen readers." },
    { name: "topic_id", label: "Topic", kind: "relation", column: blogPosts.topicId, relation: TOPICS },
    {
      name: "author_id",
      label: "Author",
      kind: "relation",
      column: blogPosts.authorId,
      relation: AUTHORS,
      help: "Left empty, the author is whoever creates the post.",
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      options: [...POST_STATUSES],
      default: "draft",
      help: "Writers save drafts and send posts to review. Senior writers and administrators publish or schedule them.",
    },
    {
      name: "scheduledFor",
      label: "Publish at",
      kind: "datetime",
      help: "With “Scheduled”: when the post goes live (Eastern time).",
    },
    {
      name: "publishedAt",
      label: "Published at",
      kind: "datetime",
      help: "Set when the post is published; change it only to keep an imported post's original date.",
    },
  ],
  csvFields: ["title", "slug", "excerpt", "body", "coverAlt", "topic_id", "status", "publishedAt"],
  importers: [
    wxrImporter({
      fields: {
        title: "title",
        slug: "slug",
        body: "content",
        excerpt: (item: WxrItem) => item.excerpt || excerptOf(item.content),
        topic_id: (item: WxrItem) => item.categories[0] ?? "",
        status: (item: WxrItem) => WXR_STATUS[item.status] ?? "draft",
        publishedAt: (item: WxrItem) => (item.status === "publish" ? wallTime(item.datetime) : ""),
        scheduledFor: (item: WxrItem) => (item.status === "future" ? wallTime(item.datetime) : ""),
      },
      matchOn: "slug",
    }),
  ],
  importKey: ["slug"],
  defaultSort: { key: "updatedAt", dir: "desc" },
  titleOf: (row) => String(row.title ?? ""),
  revisions: true,
  schedule: [
    {
      at: blogPosts.scheduledFor,
      state: blogPosts.status,
      from: ["scheduled"],
      to: "published",
      done: "was published",
    },
  ],
  prepare: (cols, { existing, actor }) => {
    const all = { ...(existing ?? {}), ...cols };
    const status = String(all.status);
    const before = existing ? String(existing.status) : null;
    const publisher = canPublish(actor);
    if (!publisher) {
      if (before && PUBLISHER_STATUSES.includes(before))
        forbid(
          "This post is published or scheduled: only a senior writer or an administrator can change it or take it down.",
        );
      if (PUBLISHER_STATUSES.includes(status))
        forbid("Only a senior writer or an administrator can publish or schedule a post. Send it for review instead.");
    }
    const out: Record<string, unknown> = { ...cols, updatedAt: new Date() };
    if (!all.slug) out.slug = slugOf(String(all.title ?? ""), "post", 80);
    if (!existing && !all.authorId) out.authorId = actor?.id ?? null;
    if (status === "scheduled") {
      const at = all.scheduledFor;
      if (!(at instanceof Date)) refuse("scheduledFor", "Enter when the post is published (Eastern time).");
      if (at <= new Date()) {
        // A time already past: published at once, dated now.
        out.status = "published";
        out.publishedAt = new Date();
      } else out.publishedAt = at;
    } else if (status === "published") {
      if (!(all.publishedAt instanceof Date) || before !== "published") out.publishedAt = all.publishedAt ?? new Date();
      if (before === "scheduled" && all.scheduledFor instanceof Date && all.scheduledFor > new Date())
        out.publishedAt = new Date();
    }
    return out;
  },
  rowActions: [
    {
      intent: "publish",
      label: "Publish now",
      accessibleLabel: (row) => `Publish now: “${String(row.title)}”`,
      done: "published",
      keepsRevision: true,
      when: (row, { actor }) => canPublish(actor) && row.statusValue !== "published",
      run: async ({ tx, actor, id }) => {
        if (!canPublish(actor)) forbid("Only a senior writer or an administrator can publish a post.");
        await tx
          .update(blogPosts)
          .set({ status: "published", publishedAt: new Date(), updatedAt: new Date() })
          .where(eq(blogPosts.id, Number(id)));
      },
    },
    {
      intent: "unpublish",
      label: "Unpublish",
      accessibleLabel: (row) => `Unpublish “${String(row.title)}” (back to draft)`,
      done: "taken down (back to draft)",
      keepsRevision: true,
      when: (row, { actor }) =>
        canPublish(actor) && (row.statusValue === "published" || row.statusValue === "scheduled"),
      run: async ({ tx, actor, id }) => {
        if (!canPublish(actor)) forbid("Only a senior writer or an administrator can take a post down.");
        await tx
          .update(blogPosts)
          .set({ status: "draft", scheduledFor: null, updatedAt: new Date() })
          .where(eq(blogPosts.id, Number(id)));
      },
    },
  ],
  detail: {
    columns: [
      { key: "title", label: "Title", value: blogPosts.title },
      { key: "status", label: "Status", value: STATUS_LABEL },
      { key: "slug", label: "Address part", value: blogPosts.slug },
      { key: "topic", label: "Topic", value: blogTopics.name },
      { key: "author", label: "Author", value: user.name },
      { key: "publishedAt", label: "Published (Eastern)", value: blogPosts.publishedAt, format: "datetime" },
      { key: "scheduledFor", label: "Scheduled for (Eastern)", value: blogPosts.scheduledFor, format: "datetime" },
      { key: "excerpt", label: "Summary", value: blogPosts.excerpt, format: "multiline" },
      { key: "body", label: "Text", value: blogPosts.body, format: "html" },
    ],
    links: (row) => [
      { label: "Edit the post", href: resourcePaths("blogs").edit(String(row.id)) },
      ...(row.statusValue === "published"
        ? [{ label: "See it on the blog", href: href("/blogs/:slug", { slug: String(row.slug) }) }]
        : []),
    ],
  },
});

/** A summary for an imported post without one: its first 200 characters of text, cut at a word. */
export function excerptOf(html: string): string {
  const words = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (words.length <= 200) return words;
  return `${words.slice(0, 200).replace(/\s+\S*$/, "")}…`;
}
