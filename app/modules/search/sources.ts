import { and, type Column, eq, lte, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { href } from "react-router";
import { blogPosts, faqs, listings, pages, resorts, supportPages } from "~/db/schema";
import { faqAnchor } from "~/modules/content/embeds";
import { pathOfRoute } from "~/modules/content/pages.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listingHref } from "~/modules/listings/listing-href";

/**
 * What site search looks through (decision 0082): a list of sources, one per kind of thing a visitor can open. Each
 * source says how to get its rows as `{ id, title, body, ref, updated }` and which rows are public (`filter`); the
 * search (`search.server.ts`) unions them, weights the title A and the body B, ranks with `ts_rank` and highlights
 * with `ts_headline`. Adding a source is one entry in SEARCH_SOURCES:
 *
 * ```ts
 * defineSearchSource({
 *   kind: "page", label: "Pages", html: true,
 *   columns: { id: pages.id, title: pages.title, body: pages.body, ref: pages.route, updated: pages.updatedAt },
 *   from: (select) => select.from(pages as never),
 *   filter: eq(pages.status, "published"),
 *   url: (ref) => ref,
 * })
 * ```
 */
/** The columns each source selects (aliased with `.as(...)` where they are expressions). */
export type SearchRowShape = {
  /** The row's own id (compared as text). */
  id: unknown;
  /** Plain text, weight A. */
  title: unknown;
  /** Plain text or allow-listed HTML (`html: true`: tags are removed before indexing and excerpting), weight B. */
  body: unknown;
  /** What `url` needs to build the row's address (a slug, a route, a kind). */
  ref: unknown;
  /** When the row last changed (timestamptz), or `sql\`null::timestamptz\``. */
  updated: unknown;
};

/** A select the search can filter and embed (drizzle's select builder after `.from(...)`). */
type SourceSelect = { where: (w: SQL | undefined) => SQLWrapper };
/** Drizzle's select builder before `.from(...)`. */
type SelectStart = { from: (table: never) => SourceSelect };

export type SearchSource = {
  /** Stable key, sent with each result and used by the page's groups ("resort", "listing", "page", "post"...). */
  kind: string;
  /** The group's heading, plural ("Resorts"). */
  label: string;
  /** The five columns of a row (drizzle columns or `sql` expressions). */
  columns: { [K in keyof SearchRowShape]: Column | SQL };
  /** The table(s) the columns come from: `(select) => select.from(t).innerJoin(...)`. */
  from: (select: SelectStart) => SourceSelect;
  /** Which rows a visitor may find ("published", "active"): the select's where. Omitted: every row. */
  filter?: SQL;
  /** The body is HTML. */
  html?: boolean;
  /** The row's address, from its `ref` (built with `href()`). */
  url: (ref: string, row: { id: string }) => string;
};

export function defineSearchSource(source: SearchSource): SearchSource {
  return source;
}

const MONTHS = sql`(array['January','February','March','April','May','June','July','August','September','October','November','December'])`;

/** The 17 destinations (and the interval-resorts page): name and code; location, summary and description. */
export const resortSource = defineSearchSource({
  kind: "resort",
  label: "Resorts",
  html: true,
  columns: {
    id: resorts.id,
    title: resorts.name,
    body: sql`concat_ws(' ', ${resorts.code}, ${resorts.location}, ${resorts.summary}, ${resorts.description})`,
    ref: resorts.slug,
    updated: sql`null`,
  },
  from: (select) => select.from(resorts as never),
  url: (ref) => href("/resorts/:resort", { resort: ref }),
});

/**
 * Listings on the market (status 3, not a test listing: what /listings shows). The title is the listing's own
 * ("160 points at Bay Lake Tower, October use year", `listingTitle`); the body names the resort's code and place,
 * the use year and the points available each year, so "Bay Lake October" or "BLT" finds it.
 */
export const listingSource = defineSearchSource({
  kind: "listing",
  label: "Listings for sale",
  columns: {
    id: listings.id,
    title: sql`${listings.contractPoints} || ' points at ' || ${resorts.name} || ', ' || ${MONTHS}[${listings.useMonth}] || ' use year'`,
    body: sql`concat_ws(' ', ${resorts.code}, ${resorts.location}, 'Use year', ${MONTHS}[${listings.useMonth}] || '.', ${listings.contractPoints} || ' contract points;', ${listings.prevYearPoints} || ' points from last year,', ${listings.currYearPoints} || ' this year and', ${listings.nextYearPoints} || ' next year.', case ${listings.source} when 'broker' then 'Listed by a broker.' else 'Listed by its owner.' end)`,
    ref: listings.source,
    updated: listings.updatedAt,
  },
  from: (select) =>
    (
      select.from(listings as never) as unknown as { innerJoin: (t: never, on: SQL | undefined) => SourceSelect }
    ).innerJoin(resorts as never, eq(resorts.id, listings.resortId)),
  filter: and(eq(listings.listingStatusId, LISTING_STATUS.active), eq(listings.isTest, false)),
  url: (ref, row) => listingHref({ id: Number(row.id), source: ref === "broker" ? "broker" : "member" }),
});

/** Published blog posts (decision 0080): the title; the summary and the body. */
export const postSource = defineSearchSource({
  kind: "post",
  label: "Blog posts",
  html: true,
  columns: {
    id: blogPosts.id,
    title: blogPosts.title,
    body: sql`concat_ws(' ', ${blogPosts.excerpt}, ${blogPosts.body})`,
    ref: blogPosts.slug,
    updated: blogPosts.updatedAt,
  },
  from: (select) => select.from(blogPosts as never),
  filter: and(eq(blogPosts.status, "published"), lte(blogPosts.publishedAt, sql`now()`)),
  url: (ref) => href("/blogs/:slug", { slug: ref }),
});

/** The help centre's published articles (decision 0080). */
export const helpSource = defineSearchSource({
  kind: "help",
  label: "Help centre",
  html: true,
  columns: {
    id: supportPages.id,
    title: supportPages.title,
    body: sql`concat_ws(' ', ${supportPages.summary}, ${supportPages.body})`,
    ref: supportPages.slug,
    updated: supportPages.updatedAt,
  },
  from: (select) => select.from(supportPages as never),
  filter: eq(supportPages.status, "published"),
  url: (ref) => href("/help/:slug", { slug: ref }),
});

/**
 * Published content pages (decision 0078): the guides, the buyer and seller pages, the calculators' introductions.
 * System pages (thank-you, email-replied) are answers to something a visitor did, not things to find.
 */
export const pageSource = defineSearchSource({
  kind: "page",
  label: "Guides and pages",
  html: true,
  columns: {
    id: pages.id,
    title: pages.heading,
    body: sql`concat_ws(' ', ${pages.description}, ${pages.metaKeywords}, ${pages.body})`,
    ref: pages.route,
    updated: pages.updatedAt,
  },
  from: (select) => select.from(pages as never),
  filter: and(eq(pages.published, true), ne(pages.pageType, "system")),
  url: (ref) => pathOfRoute(ref),
});

/** Published FAQs: the question; the answer. A hit opens the FAQ page at that question (`#faq-{id}`). */
export const faqSource = defineSearchSource({
  kind: "faq",
  label: "FAQs",
  html: true,
  columns: {
    id: faqs.id,
    title: faqs.question,
    body: faqs.answer,
    ref: faqs.id,
    updated: faqs.updatedAt,
  },
  from: (select) => select.from(faqs as never),
  filter: eq(faqs.published, true),
  url: (ref) => `${pathOfRoute("faqs")}#${faqAnchor(ref)}`,
});

/**
 * Every source, in the order their groups are shown (decision 0082). Best practices are not a source: they are shown
 * to signed-in sellers and buyers by role, never to a visitor; quick facts are short figures the header's menu
 * already shows on every page.
 */
export const SEARCH_SOURCES: SearchSource[] = [
  resortSource,
  listingSource,
  pageSource,
  faqSource,
  postSource,
  helpSource,
];
