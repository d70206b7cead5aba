import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, blogTopics, supportCategories, supportPages, user } from "~/db/schema";
import { SEED_HELP_CATEGORIES, SEED_HELP_PAGES, SEED_POSTS, SEED_TOPICS } from "./blog-content";
import { claimSeedStep, hasRows } from "./seed-steps";

const BLOG_MARKER = "seed.blog_help_seeded_at";

/**
 * Issue 32 (decision 0080): the blog's topics and first posts, and the help centre's categories and articles. Once
 * per database; the posts are credited to the demo's senior writer when there is one.
 */
export async function seedBlogAndHelp(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, BLOG_MARKER))) return;
    if ((await hasRows(tx, blogPosts)) || (await hasRows(tx, supportPages))) return;
    const topics = await tx
      .insert(blogTopics)
      .values([...SEED_TOPICS])
      .returning();
    const topicId = new Map(topics.map((t) => [t.slug, t.id]));
    const authors = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(inArray(user.email, ["senior.writer@example.com", "writer@example.com"]));
    const author = authors.find((a) => a.email === "senior.writer@example.com")?.id ?? null;
    await tx.insert(blogPosts).values(
      SEED_POSTS.map((p) => ({
        title: p.title,
        slug: p.slug,
        excerpt: p.excerpt,
        body: p.body,
        topicId: topicId.get(p.topic) as number,
        authorId: author,
        status: "published",
        publishedAt: new Date(p.publishedAt),
        createdAt: new Date(p.publishedAt),
        updatedAt: new Date(p.publishedAt),
      })),
    );
    const cats = await tx
      .insert(supportCategories)
      .values(SEED_HELP_CATEGORIES.map((c, i) => ({ ...c, sortOrder: i + 1 })))
      .returning();
    const catId = new Map(cats.map((c) => [c.slug, c.id]));
    await tx.insert(supportPages).values(
      SEED_HELP_PAGES.map((p, i) => ({
        title: p.title,
        slug: p.slug,
        summary: p.summary,
        body: p.body,
        categoryId: catId.get(p.category) as number,
        status: "published",
        sortOrder: i + 1,
      })),
    );
  });
}
