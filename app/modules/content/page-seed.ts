/**
 * The shape of a content page as code seeds it (issue 32): the seed writes these into the pages table, where the
 * staff edit them at /admin/frontend-pages. `body` is HTML the rich-text sanitiser keeps (h2, h3, p, ul, ol, li, a,
 * strong, em, blockquote, table, thead, tbody, tr, th, td); a calculator or a figure computed from the product's
 * data is placed with `<div data-embed="name"></div>`, where `name` is one of the embeds the page renderer knows.
 */
export type PageType = "guide" | "buyer" | "seller" | "company" | "legal" | "system" | "landing";

export type SeedPage = {
  /** The path without its leading slash: "dvc-checklist", "selling/how-long-to-sell". */
  route: string;
  /** The document title (before " · {site name}"). */
  title: string;
  /** The page's h1. */
  heading: string;
  /** The meta description: one or two sentences, unique per page. */
  description: string;
  metaKeywords?: string;
  pageType: PageType;
  showHeaderBanner?: boolean;
  showFeaturedListings?: boolean;
  body: string;
  /** A landing page's hero (pageType "landing"): the line under the heading and the call to action. */
  hero?: { text: string; ctaLabel: string; ctaHref: string };
  /** Routes of other seeded pages shown as its related pages (cards under it and beside it); issue 32, decision 0078. */
  relatedRoutes?: string[];
  /** The day the text was last changed (YYYY-MM-DD), shown as "Last updated" on a legal page; default: the seed's day. */
  updatedAt?: string;
};

/** A frequently asked question (SPEC section 3 "FAQ"); `answer` is HTML as `SeedPage.body`. */
export type SeedFaq = {
  audience: "buyer" | "seller";
  question: string;
  answer: string;
  /** Routes of the pages (SeedPage.route) this question is related to, shown beside them. */
  relatedRoutes?: string[];
};
