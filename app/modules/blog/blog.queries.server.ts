import { and, asc, count, desc, eq, ilike, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, blogTopics, supportCategories, supportPages, user } from "~/db/schema";

/** A published post: status published and its date come (a post dated ahead waits for it). */
const published = () => and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const postCard = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  coverImage: blogPosts.coverImage,
  coverAlt: blogPosts.coverAlt,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  topicName: blogTopics.name,
  topicSlug: blogTopics.slug,
  authorName: user.name,
};

export async function selectPublishedPosts(
  db: Db,
  args: { topicSlug: string | null; q: string | null; limit: number; offset: number },
) {
  const where: (SQL | undefined)[] = [published()];
  if (args.topicSlug) where.push(eq(blogTopics.slug, args.topicSlug));
  if (args.q) {
    const like = `%${escapeLike(args.q)}%`;
    where.push(or(ilike(blogPosts.title, like), ilike(blogPosts.excerpt, like), ilike(blogPosts.body, like)));
  }
  const base = db
    .select(postCard)
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .where(and(...where));
  const [rows, total] = await Promise.all([
    base.orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(args.limit).offset(args.offset),
    db
      .select({ n: count() })
      .from(blogPosts)
      .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
      .where(and(...where)),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Every topic with its number of published posts. */
export function selectTopicCounts(db: Db) {
  return db
    .select({
      name: blogTopics.name,
      slug: blogTopics.slug,
      posts: sql<number>`count(${blogPosts.id})::int`,
    })
    .from(blogTopics)
    .leftJoin(blogPosts, and(eq(blogPosts.topicId, blogTopics.id), published()))
    .groupBy(blogTopics.id)
    .orderBy(asc(blogTopics.name));
}

export async function selectPublishedPost(db: Db, slug: string) {
  const rows = await db
    .select({ ...postCard, body: blogPosts.body, topicId: blogPosts.topicId })
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .where(and(published(), eq(blogPosts.slug, slug)))
    .limit(1);
  return rows[0] ?? null;
}

export function selectRelatedPosts(db: Db, args: { topicId: number; not: number; limit: number }) {
  return db
    .select(postCard)
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .where(and(published(), eq(blogPosts.topicId, args.topicId), ne(blogPosts.id, args.not)))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(args.limit);
}

/** The feed's posts: the newest published, with their text. */
export function selectFeedPosts(db: Db, limit: number) {
  return db
    .select({ ...postCard, body: blogPosts.body })
    .from(blogPosts)
    .innerJoin(blogTopics, eq(blogTopics.id, blogPosts.topicId))
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .where(published())
    .orderBy(desc(blogPosts.publishedAt))
    .limit(limit);
}

export function selectPostLastmods(db: Db) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(published())
    .orderBy(desc(blogPosts.publishedAt));
}

/** The writers' workspace: posts by status (with their author and dates), newest change first. */
export function selectWorkspacePosts(db: Db, args: { statuses: string[]; authorId?: string; limit: number }) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      status: blogPosts.status,
      authorName: user.name,
      authorId: blogPosts.authorId,
      scheduledFor: blogPosts.scheduledFor,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .where(
      and(inArray(blogPosts.status, args.statuses), args.authorId ? eq(blogPosts.authorId, args.authorId) : undefined),
    )
    .orderBy(desc(blogPosts.updatedAt))
    .limit(args.limit);
}

export function selectStatusCounts(db: Db, authorId?: string) {
  return db
    .select({ status: blogPosts.status, n: sql<number>`count(*)::int` })
    .from(blogPosts)
    .where(authorId ? eq(blogPosts.authorId, authorId) : undefined)
    .groupBy(blogPosts.status);
}

/** The help centre: published support pages with their category, in category then page order. */
export function selectHelpPages(db: Db) {
  return db
    .select({
      id: supportPages.id,
      title: supportPages.title,
      slug: supportPages.slug,
      summary: supportPages.summary,
      updatedAt: supportPages.updatedAt,
      categoryId: supportCategories.id,
      categoryName: supportCategories.name,
      categorySlug: supportCategories.slug,
      categoryDescription: supportCategories.description,
    })
    .from(supportPages)
    .innerJoin(supportCategories, eq(supportCategories.id, supportPages.categoryId))
    .where(eq(supportPages.status, "published"))
    .orderBy(asc(supportCategories.sortOrder), asc(supportPages.sortOrder), asc(supportPages.id));
}

export async function selectHelpPage(db: Db, slug: string) {
  const rows = await db
    .select({
      id: supportPages.id,
      title: supportPages.title,
      slug: supportPages.slug,
      summary: supportPages.summary,
      body: supportPages.body,
      updatedAt: supportPages.updatedAt,
      categoryId: supportCategories.id,
      categoryName: supportCategories.name,
      categorySlug: supportCategories.slug,
    })
    .from(supportPages)
    .innerJoin(supportCategories, eq(supportCategories.id, supportPages.categoryId))
    .where(and(eq(supportPages.status, "published"), eq(supportPages.slug, slug)))
    .limit(1);
  return rows[0] ?? null;
}
