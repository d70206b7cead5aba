import { and, avg, count, desc, eq, gte, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { appLinkClicks, pageViews, reviews, subscribers, testimonials, user } from "~/db/schema";

type Q = Db | Tx;

/** Inserts a subscriber unless (type, contact) is stored; returns the new row's id or null when it was there. */
export async function insertSubscriberOnce(db: Q, type: string, contact: string) {
  const rows = await db
    .insert(subscribers)
    .values({ type, contact })
    .onConflictDoNothing({ target: [subscribers.type, subscribers.contact] })
    .returning({ id: subscribers.id });
  return rows[0]?.id ?? null;
}

export async function selectSubscriber(db: Q, type: string, contact: string) {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.type, type), eq(subscribers.contact, contact)));
  return row ?? null;
}

export async function selectSubscriberById(db: Q, id: number) {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id));
  return row ?? null;
}

export async function updateSubscriber(db: Q, id: number, set: Partial<typeof subscribers.$inferInsert>) {
  await db.update(subscribers).set(set).where(eq(subscribers.id, id));
}

export async function countAppLinkClick(db: Q, store: string, day: string) {
  await db
    .insert(appLinkClicks)
    .values({ store, day, clicks: 1 })
    .onConflictDoUpdate({
      target: [appLinkClicks.store, appLinkClicks.day],
      set: { clicks: sql`${appLinkClicks.clicks} + 1` },
    });
}

/** Adds each row's views to its path's day (one statement; rows in a fixed order, so two processes never deadlock). */
export async function addPageViewRows(db: Q, rows: { path: string; day: string; views: number }[]) {
  if (rows.length === 0) return;
  await db
    .insert(pageViews)
    .values(rows)
    .onConflictDoUpdate({
      target: [pageViews.day, pageViews.path],
      set: { views: sql`${pageViews.views} + excluded.views` },
    });
}

export async function selectTopPages(db: Q, since: string, limit: number) {
  return db
    .select({ path: pageViews.path, views: sum(pageViews.views).mapWith(Number) })
    .from(pageViews)
    .where(gte(pageViews.day, since))
    .groupBy(pageViews.path)
    .orderBy(desc(sum(pageViews.views)), pageViews.path)
    .limit(limit);
}

export async function selectAppLinkTotals(db: Q, since: string) {
  return db
    .select({ store: appLinkClicks.store, clicks: sum(appLinkClicks.clicks).mapWith(Number) })
    .from(appLinkClicks)
    .where(gte(appLinkClicks.day, since))
    .groupBy(appLinkClicks.store);
}

export async function selectFeedbackState(db: Q, userId: string) {
  const [row] = await db
    .select({
      isFeedbackGiven: user.isFeedbackGiven,
      profilePhotoPath: user.profilePhotoPath,
      name: user.name,
      userUniqid: user.userUniqid,
      role: user.role,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Marks the person's feedback as given; false when it already was (a second submit changes nothing). */
export async function markFeedbackGiven(tx: Tx, userId: string) {
  const rows = await tx
    .update(user)
    .set({ isFeedbackGiven: true })
    .where(and(eq(user.id, userId), eq(user.isFeedbackGiven, false)))
    .returning({ id: user.id });
  return rows.length > 0;
}

export async function insertTestimonial(tx: Q, values: typeof testimonials.$inferInsert) {
  const [row] = await tx.insert(testimonials).values(values).returning();
  return row;
}

export async function selectApprovedTestimonials(db: Q, offset: number, limit: number) {
  const where = eq(testimonials.status, "approved");
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: testimonials.id,
        authorName: testimonials.authorName,
        ratingHalves: testimonials.ratingHalves,
        comments: testimonials.comments,
        approvedAt: testimonials.approvedAt,
        createdAt: testimonials.createdAt,
      })
      .from(testimonials)
      .where(where)
      .orderBy(desc(testimonials.approvedAt), desc(testimonials.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(testimonials).where(where),
  ]);
  return { rows, total: n };
}

/** Moves a testimonial to a status from one of `from`; returns the row or null when it was not in one of them. */
export async function setTestimonialStatus(tx: Q, id: number, from: string[], to: string) {
  const [row] = await tx
    .update(testimonials)
    .set({ status: to, ...(to === "approved" ? { approvedAt: new Date() } : {}) })
    .where(and(eq(testimonials.id, id), sql`${testimonials.status} in ${from}`))
    .returning();
  return row ?? null;
}

export async function selectReviewSummary(db: Q) {
  const [row] = await db.select({ average: avg(reviews.star).mapWith(Number), total: count() }).from(reviews);
  return { average: row.total ? row.average : null, total: row.total };
}

export async function selectLatestReviews(db: Q, limit: number) {
  return db
    .select({
      id: reviews.id,
      author: reviews.author,
      star: reviews.star,
      review: reviews.review,
      reviewDate: reviews.reviewDate,
    })
    .from(reviews)
    .orderBy(desc(reviews.reviewDate), desc(reviews.id))
    .limit(limit);
}

/** Stores fetched reviews once each (source, external id); returns how many were new. */
export async function insertFetchedReviews(db: Q, rows: (typeof reviews.$inferInsert)[]) {
  if (!rows.length) return 0;
  const out = await db
    .insert(reviews)
    .values(rows)
    .onConflictDoNothing({ target: [reviews.source, reviews.externalId] })
    .returning({ id: reviews.id });
  return out.length;
}
