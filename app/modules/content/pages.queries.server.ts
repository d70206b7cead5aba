import { and, asc, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { faqs, listings, pageFeaturedListings, pageRelatedFaqs, pageRelatedPages, pages, resorts } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/** Issue 32 (decision 0078): the pages table's reads. */

const pageColumns = {
  id: pages.id,
  route: pages.route,
  title: pages.title,
  heading: pages.heading,
  imagePath: pages.imagePath,
  pageType: pages.pageType,
  metaKeywords: pages.metaKeywords,
  description: pages.description,
  showHeaderBanner: pages.showHeaderBanner,
  showFeaturedListings: pages.showFeaturedListings,
  body: pages.body,
  heroText: pages.heroText,
  ctaLabel: pages.ctaLabel,
  ctaHref: pages.ctaHref,
  published: pages.published,
  updatedAt: pages.updatedAt,
};

export async function selectPageByRoute(db: Db, route: string) {
  const [row] = await db.select(pageColumns).from(pages).where(eq(pages.route, route)).limit(1);
  return row ?? null;
}

/** Every published page, by route: the summary lists need (no body). */
export async function selectPublishedPages(db: Db) {
  return db
    .select({
      id: pages.id,
      route: pages.route,
      title: pages.title,
      heading: pages.heading,
      description: pages.description,
      pageType: pages.pageType,
      imagePath: pages.imagePath,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(eq(pages.published, true))
    .orderBy(asc(pages.route));
}

/** A page's published related pages, in title order. */
export async function selectRelatedPages(db: Db, pageId: number) {
  return db
    .select({ route: pages.route, title: pages.title, heading: pages.heading, description: pages.description })
    .from(pageRelatedPages)
    .innerJoin(pages, eq(pages.id, pageRelatedPages.relatedPageId))
    .where(and(eq(pageRelatedPages.pageId, pageId), eq(pages.published, true)))
    .orderBy(asc(pages.title));
}

/** A page's published FAQs, buyers' first, in their order. */
export async function selectRelatedFaqs(db: Db, pageId: number) {
  return db
    .select({ id: faqs.id, audience: faqs.audience, question: faqs.question, answer: faqs.answer })
    .from(pageRelatedFaqs)
    .innerJoin(faqs, eq(faqs.id, pageRelatedFaqs.faqId))
    .where(and(eq(pageRelatedFaqs.pageId, pageId), eq(faqs.published, true)))
    .orderBy(asc(faqs.audience), asc(faqs.sortOrder), asc(faqs.id));
}

/** The page's featured listings that are still for sale, newest first (SPEC "featured_listings"). */
export async function selectFeaturedListings(db: Db, pageId: number) {
  return db
    .select({
      id: listings.id,
      listingCode: listings.listingCode,
      resortCode: resorts.code,
      resortName: resorts.name,
      useMonth: listings.useMonth,
      contractPoints: listings.contractPoints,
      pricePerPointCents: listings.pricePerPointCents,
      prevYearPoints: listings.prevYearPoints,
      currYearPoints: listings.currYearPoints,
      nextYearPoints: listings.nextYearPoints,
    })
    .from(pageFeaturedListings)
    .innerJoin(listings, eq(listings.id, pageFeaturedListings.listingId))
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .where(and(eq(pageFeaturedListings.pageId, pageId), eq(listings.listingStatusId, LISTING_STATUS.active)))
    .orderBy(desc(listings.id))
    .limit(12);
}

/** Listings for the sitemap: every active one, and those sold or under contract since `soldSince`. */
export async function selectSitemapListings(db: Db, soldSince: Date) {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(
      or(
        eq(listings.listingStatusId, LISTING_STATUS.active),
        and(
          inArray(listings.listingStatusId, [LISTING_STATUS.sold, LISTING_STATUS.underContract]),
          gte(listings.updatedAt, soldSince),
        ),
      ),
    )
    .orderBy(asc(listings.id));
}

/** The newest change of a listing at each resort (a resort page's listings and last sales): resort id -> time. */
export async function selectResortListingChanges(db: Db) {
  return db
    .select({ resortId: listings.resortId, changedAt: sql<Date | string>`max(${listings.updatedAt})` })
    .from(listings)
    .groupBy(listings.resortId);
}

/** Every published FAQ, buyers' then sellers', each in its order (the FAQ page's list, the `faq-list` embed). */
export async function selectPublishedFaqs(db: Db) {
  return db
    .select({ id: faqs.id, audience: faqs.audience, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(eq(faqs.published, true))
    .orderBy(faqs.audience, faqs.sortOrder, faqs.id);
}
