import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The blog's topics (/admin/blogs-topics): each post has one; /blogs filters by it (decision 0080). */
export const blogTopics = pgTable("blog_topics", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
});

/**
 * The blog's posts (/admin/blogs, decision 0080). `status`: draft, review (waits for a senior writer), scheduled
 * (published by the engine's schedule at `scheduled_for`) or published. Writers draft and send to review; senior
 * writers and administrators publish, schedule and unpublish (checked in blog-posts.resource.ts's `prepare`).
 * `published_at` is the date shown and the feed's; `body` is rich text, allow-listed before it is stored.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    /** A picture copied from the media library or uploaded (an image field's stored URL). */
    coverImage: text("cover_image"),
    coverAlt: text("cover_alt"),
    topicId: integer("topic_id")
      .notNull()
      .references((): AnyPgColumn => blogTopics.id),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("blog_posts_status_published_idx").on(t.status, t.publishedAt),
    index("blog_posts_topic_idx").on(t.topicId),
  ],
);

/** The help centre's categories (/admin/support-pages/categories), in their order. */
export const supportCategories = pgTable("support_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** The help centre's articles (/admin/support-pages), shown at /help grouped by category when published. */
export const supportPages = pgTable(
  "support_pages",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references((): AnyPgColumn => supportCategories.id),
    status: text("status").notNull().default("published"),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_pages_category_idx").on(t.categoryId, t.sortOrder)],
);
