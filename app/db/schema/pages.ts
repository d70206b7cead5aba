import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { listings } from "./listings";

/**
 * Issue 32 (decision 0078): a content page as data, SPEC section 3 "Page". `route` is the path without its leading
 * slash ("about-us", "selling/how-long-to-sell"); `body` is rich text kept by the allow-list (`lib/rich-text.server.ts`),
 * with `<div data-embed="name"></div>` where a registered component goes (`modules/content/embeds.ts`).
 */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    route: text("route").notNull().unique(),
    title: text("title").notNull(),
    heading: text("heading").notNull(),
    /** SPEC `image_1`: a picture from the media library, copied to `/media/pages/...webp`. */
    imagePath: text("image_path"),
    pageType: text("page_type").notNull().default("guide"),
    metaKeywords: text("meta_keywords"),
    description: text("description").notNull(),
    showHeaderBanner: boolean("show_header_banner").notNull().default(false),
    showFeaturedListings: boolean("show_featured_listings").notNull().default(false),
    body: text("body").notNull(),
    /** A landing page's hero (issue 33): the line under its heading, and its call to action's words and address. */
    heroText: text("hero_text"),
    ctaLabel: text("cta_label"),
    ctaHref: text("cta_href"),
    published: boolean("published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("pages_published_idx").on(t.published, t.route)],
);

/** SPEC section 3 "FAQ" (title = question, description = answer), for buyers or sellers. */
export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    audience: text("audience").notNull(),
    question: text("question").notNull().unique(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("faqs_audience_idx").on(t.audience, t.sortOrder)],
);

/** Related pages of a page (shown as cards under it and beside it), one way: `page_id` shows `related_page_id`. */
export const pageRelatedPages = pgTable(
  "page_related_pages",
  {
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    relatedPageId: integer("related_page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.relatedPageId] })],
);

/** FAQs shown beside a page (and in the tool menu's FAQ panel). */
export const pageRelatedFaqs = pgTable(
  "page_related_faqs",
  {
    faqId: integer("faq_id")
      .notNull()
      .references(() => faqs.id, { onDelete: "cascade" }),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.faqId, t.pageId] })],
);

/** The listings a page features when `show_featured_listings` is set (SPEC "featured_listings"). */
export const pageFeaturedListings = pgTable(
  "page_featured_listings",
  {
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.listingId] })],
);
