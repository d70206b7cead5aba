import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs, pageRelatedFaqs, pageRelatedPages, pages, settings } from "~/db/schema";
import { sanitizeRichText } from "~/lib/rich-text.server";
import type { SeedFaq, SeedPage } from "~/modules/content/page-seed";
import { SEED_FAQS, SEED_PAGES } from "./content";

/** The settings row listing the page routes and FAQ questions already seeded. */
export const CONTENT_PAGES_MARKER = "seed.content_pages";

type Seeded = { pages: string[]; faqs: string[] };

/**
 * Issue 32 (decision 0078): the seeded content pages and FAQs. Each page (by route) and FAQ (by question) is seeded
 * once per database: the marker row in `settings` lists what was seeded, so a page added to the seed later (another
 * file of `app/db/seed/content/`) is seeded at the next start, and a page an administrator deleted stays deleted. The
 * marker row is locked for the step's transaction, so two processes starting together seed each page once. Bodies go
 * through the same allow-list as a save at /admin/frontend-pages.
 */
export async function seedContentPages(
  db: Db,
  seed: { pages: SeedPage[]; faqs: SeedFaq[] } = { pages: SEED_PAGES, faqs: SEED_FAQS },
) {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: CONTENT_PAGES_MARKER, value: { pages: [], faqs: [] } })
      .onConflictDoNothing();
    const [marker] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, CONTENT_PAGES_MARKER))
      .for("update");
    const done = marker.value as Seeded;
    const newPages = seed.pages.filter((p) => !done.pages.includes(p.route));
    const newFaqs = seed.faqs.filter((f) => !done.faqs.includes(f.question));
    if (newPages.length === 0 && newFaqs.length === 0) return;

    if (newPages.length > 0) {
      await tx
        .insert(pages)
        .values(
          newPages.map((p) => ({
            route: p.route,
            title: p.title,
            heading: p.heading,
            description: p.description,
            metaKeywords: p.metaKeywords ?? null,
            pageType: p.pageType,
            showHeaderBanner: p.showHeaderBanner ?? false,
            showFeaturedListings: p.showFeaturedListings ?? false,
            body: sanitizeRichText(p.body),
            heroText: p.hero?.text ?? null,
            ctaLabel: p.hero?.ctaLabel ?? null,
            ctaHref: p.hero?.ctaHref ?? null,
            published: true,
            // Noon UTC is the same day in Eastern time, where "Last updated" is shown.
            ...(p.updatedAt ? { updatedAt: new Date(`${p.updatedAt}T12:00:00Z`) } : {}),
          })),
        )
        .onConflictDoNothing();
    }
    if (newFaqs.length > 0) {
      const orderOf = new Map<string, number>();
      await tx
        .insert(faqs)
        .values(
          newFaqs.map((f) => {
            const n = (orderOf.get(f.audience) ?? 0) + 1;
            orderOf.set(f.audience, n);
            return { audience: f.audience, question: f.question, answer: sanitizeRichText(f.answer), sortOrder: n };
          }),
        )
        .onConflictDoNothing();
    }

    // Links, by route: each page's related pages and each FAQ's pages, among the rows that exist.
    const routes = [
      ...new Set([
        ...newPages.flatMap((p) => [p.route, ...(p.relatedRoutes ?? [])]),
        ...newFaqs.flatMap((f) => f.relatedRoutes ?? []),
      ]),
    ];
    const ids = new Map(
      routes.length === 0
        ? []
        : (await tx.select({ id: pages.id, route: pages.route }).from(pages).where(inArray(pages.route, routes))).map(
            (r) => [r.route, r.id],
          ),
    );
    const pageLinks = newPages.flatMap((p) =>
      (p.relatedRoutes ?? [])
        .filter((r) => ids.has(r) && ids.has(p.route) && r !== p.route)
        .map((r) => ({ pageId: ids.get(p.route) as number, relatedPageId: ids.get(r) as number })),
    );
    if (pageLinks.length > 0) await tx.insert(pageRelatedPages).values(pageLinks).onConflictDoNothing();
    if (newFaqs.length > 0) {
      const faqIds = new Map(
        (
          await tx
            .select({ id: faqs.id, question: faqs.question })
            .from(faqs)
            .where(
              inArray(
                faqs.question,
                newFaqs.map((f) => f.question),
              ),
            )
        ).map((f) => [f.question, f.id]),
      );
      const faqLinks = newFaqs.flatMap((f) =>
        (f.relatedRoutes ?? [])
          .filter((r) => ids.has(r) && faqIds.has(f.question))
          .map((r) => ({ faqId: faqIds.get(f.question) as number, pageId: ids.get(r) as number })),
      );
      if (faqLinks.length > 0) await tx.insert(pageRelatedFaqs).values(faqLinks).onConflictDoNothing();
    }
    const next: Seeded = {
      pages: [...done.pages, ...newPages.map((p) => p.route)],
      faqs: [...done.faqs, ...newFaqs.map((f) => f.question)],
    };
    await tx.update(settings).set({ value: next, updatedAt: sql`now()` }).where(eq(settings.key, CONTENT_PAGES_MARKER));
  });
}
