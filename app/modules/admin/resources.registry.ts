import type { SubjectName } from "../../auth/abilities";
import type { ResourceDeclaration } from "./resource";

/**
 * Every admin resource served by the engine: one line each, with the SPEC's route id and the path under /admin.
 * `app/routes.ts` builds the resource routes from this list, so it imports nothing here but the declarations'
 * lazy loaders (routes.ts is evaluated before the `~/` alias exists: keep this file's imports relative).
 *
 * A resource's routes: `<id>` the list (GET, and POST for delete, bulk delete, ordering and row actions),
 * `<id>.create`, `<id>.edit` (`:id/edit`), `<id>.import` and `<id>.export` (`export.csv`).
 */
export type RegistryEntry = {
  /** The SPEC's route id of the list. */
  id: string;
  /** The path under /admin. */
  path: string;
  /**
   * The CASL subject (one of `SUBJECTS` in auth/abilities.ts): reading needs `read`, changes
   * `create`/`update`/`delete` (an administrator may do all).
   */
  subject: SubjectName;
  /**
   * Its place in the admin sidebar: the id of a sidebar group (`ADMIN_NAV_GROUPS` in components/shell/admin-nav.ts;
   * "top" for the top level), the label and its order there (default: after the rest). The link shows when the viewer may `read` the subject,
   * the loader's own question. Left out only for a screen reached from another (scripts/admin-nav.test.ts lists them).
   */
  nav?: { group: string; label: string; order?: number };
  load: () => Promise<{ default: ResourceDeclaration }>;
};

/** Every route id the registry generates for a line (the list, its forms, a row's page, import, export). */
export function registryRouteIds(entry: Pick<RegistryEntry, "id">): string[] {
  return ["", ".create", ".edit", ".show", ".import", ".export"].map((s) => `${entry.id}${s}`);
}

export const RESOURCES: RegistryEntry[] = [
  {
    id: "admin.brokers",
    path: "brokers",
    subject: "Broker",
    nav: { group: "listings", label: "Brokers", order: 50 },
    load: () => import("../brokers/brokers.resource"),
  },
  {
    id: "admin.quick-facts",
    path: "quick-facts",
    subject: "QuickFact",
    nav: { group: "content", label: "Quick facts", order: 50 },
    load: () => import("../content/quick-facts.resource"),
  },
  // Issue 9: the admin listing screens moved onto the engine. `ListingAdmin`: administrators only (everyone may
  // read a public listing, so the subject is not `Listing`).
  // Issue 30: the review queue (approve, or reject after a confirmation) through the listing workflow.
  {
    id: "admin.pending-listings",
    path: "pending-listings",
    subject: "ListingAdmin",
    nav: { group: "listings", label: "Pending listings", order: 10 },
    load: () => import("../listings/pending-listings.resource"),
  },
  {
    id: "admin.test-listings",
    path: "test-listings",
    subject: "ListingAdmin",
    nav: { group: "listings", label: "Test listings", order: 30 },
    load: () => import("../listings/test-listings.resource"),
  },
  {
    id: "admin.deactivated-listings",
    path: "deactivated-listings",
    subject: "ListingAdmin",
    nav: { group: "listings", label: "Deactivated listings", order: 20 },
    load: () => import("../listings/deactivated-listings.resource"),
  },
  // `UserAdmin`: administrators only (everyone may read their own User, so the subject is not `User`).
  {
    id: "admin.deleted-users",
    path: "deleted-users",
    subject: "UserAdmin",
    nav: { group: "users", label: "Deleted users", order: 20 },
    load: () => import("../staff/deleted-users.resource"),
  },
  {
    id: "admin.contact-messages",
    path: "contact-messages",
    subject: "ContactMessageAdmin",
    nav: { group: "top", label: "Contact messages", order: 40 },
    load: () => import("../contact/contact-messages.resource"),
  },
  {
    id: "admin.reposts",
    path: "reposts",
    subject: "ListingAdmin",
    nav: { group: "listings", label: "Reposts", order: 40 },
    load: () => import("../listings/reposts.resource"),
  },
  // Issue 3's resort dues and end years (the sidebar's Resorts group lists it already).
  {
    id: "admin.resorts.annual-dues",
    path: "resorts/annual-dues",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Annual dues", order: 10 },
    load: () => import("../resorts/resorts-annual-dues.resource"),
  },
  // Issue 31: the resorts themselves, their end dates alone, and their dining (decision 0074).
  {
    id: "admin.resorts",
    path: "resorts",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Resorts", order: 5 },
    load: () => import("../resorts/resorts.resource"),
  },
  {
    id: "admin.resorts.dates",
    path: "resorts/dates",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Contract end dates", order: 15 },
    load: () => import("../resorts/resort-dates.resource"),
  },
  {
    id: "admin.resorts.dining",
    path: "resorts/dining",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Dining", order: 16 },
    load: () => import("../resorts/resort-dining.resource"),
  },
  // Issue 31: every year's dues per resort (the annual-dues figure is the latest year's) and Disney's direct prices.
  {
    id: "admin.resorts.historical-dues",
    path: "resorts/historical-dues",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Dues history", order: 12 },
    load: () => import("../resorts/historical-dues.resource"),
  },
  {
    id: "admin.resorts.disney-retail-prices",
    path: "resorts/disney-retail-prices",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Disney retail prices", order: 14 },
    load: () => import("../resorts/disney-retail-prices.resource"),
  },
  // Issue 30: every account (the SPEC's route id); a row's own page stays bespoke (/admin/users/:uniqid/edit).
  {
    id: "admin.users.index",
    path: "users",
    subject: "UserAdmin",
    nav: { group: "users", label: "Users", order: 10 },
    load: () => import("../staff/users.resource"),
  },
  // Issue 30: sign-ins and failed attempts (administrators only).
  {
    id: "admin.login-activity",
    path: "login-activity",
    subject: "UserAdmin",
    nav: { group: "users", label: "Login activity", order: 40 },
    load: () => import("../staff/login-activity.resource"),
  },
  // Issue 30: everyone's journal, a tab per category and a period (SPEC query `filter`, `selectedTab`).
  {
    id: "admin.journal",
    path: "journal",
    subject: "UserAdmin",
    nav: { group: "users", label: "Journal", order: 50 },
    load: () => import("../journal/journal.resource"),
  },
  {
    id: "admin.admins",
    path: "admins",
    subject: "UserAdmin",
    nav: { group: "users", label: "Admins", order: 30 },
    load: () => import("../staff/admins.resource"),
  },
  // Issue 10: every offer, and an administrator's answers for a side.
  {
    id: "admin.offer-dashboard",
    path: "offer-dashboard",
    subject: "OfferAdmin",
    nav: { group: "offers", label: "Offer dashboard", order: 10 },
    load: () => import("../offers/offer-dashboard.resource"),
  },
  // Issue 10: the agreements accepted offers created (issue 11 adds their stages).
  {
    id: "admin.agreements",
    path: "agreements",
    subject: "OfferAdmin",
    nav: { group: "offers", label: "Agreements", order: 50 },
    load: () => import("../offers/agreements.resource"),
  },
  // Issue 11: the title companies (escrow) and their closing costs. `TitleCompanyAdmin`: administrators only.
  {
    id: "admin.companies",
    path: "companies",
    subject: "TitleCompanyAdmin",
    nav: { group: "offers", label: "Title companies", order: 60 },
    load: () => import("../title-companies/title-companies.resource"),
  },
  {
    id: "admin.companies.costs",
    path: "companies/costs",
    subject: "TitleCompanyAdmin",
    nav: { group: "offers", label: "Closing costs", order: 70 },
    load: () => import("../title-companies/title-company-costs.resource"),
  },
  // Issue 10: every offer event (the sidebar's Offers group and the header's shortcut list it already).
  {
    id: "admin.offers-logs",
    path: "admin-offers-logs",
    subject: "OfferAdmin",
    nav: { group: "offers", label: "Offers logs", order: 40 },
    load: () => import("../offers/offers-logs.resource"),
  },
  // Issue 10: what buyers are looking for.
  {
    id: "admin.special-requests",
    path: "special-requests",
    subject: "SpecialRequestAdmin",
    nav: { group: "listings", label: "Special requests", order: 60 },
    load: () => import("../special-requests/special-requests.resource"),
  },
  // The outbox (the sidebar's System group lists it already).
  {
    id: "admin.mail-log",
    path: "mail",
    subject: "MailLog",
    nav: { group: "system", label: "Mail log", order: 10 },
    load: () => import("../notifications/mail-log.resource"),
  },
  {
    id: "admin.sms-log",
    path: "sms",
    subject: "MailLog",
    nav: { group: "system", label: "SMS log", order: 20 },
    load: () => import("../notifications/sms-log.resource"),
  },
  // Issue 30: every mail and SMS template (code rows with stored overrides, versions kept; decision 0069).
  {
    id: "admin.email-templates",
    path: "email-templates",
    subject: "MailTemplateAdmin",
    nav: { group: "system", label: "Email templates", order: 15 },
    load: () => import("../notifications/email-templates.resource"),
  },
  // Issue 33: which template each mail event sends, and whether it sends at all.
  {
    id: "admin.email-templates-actions",
    path: "email-templates-actions",
    subject: "MailTemplateAdmin",
    nav: { group: "system", label: "Email template actions", order: 16 },
    load: () => import("../notifications/email-templates-actions.resource"),
  },
  // Issue 30: the header's (left) and the footer's (right) menus, nested and ordered (decision 0065).
  {
    id: "admin.left-menu-settings",
    path: "left-menu-settings",
    subject: "MenuAdmin",
    nav: { group: "content", label: "Header menus" },
    load: () => import("../content/left-menu.resource"),
  },
  {
    id: "admin.right-menu-settings",
    path: "right-menu-settings",
    subject: "MenuAdmin",
    nav: { group: "content", label: "Footer menus" },
    load: () => import("../content/right-menu.resource"),
  },
  // Issue 30: room types and the resorts that have them (a many-to-many, decision 0068).
  {
    id: "admin.vacation-point-calculator.rooms",
    path: "vacation-point-calculator/rooms",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Room types", order: 40 },
    load: () => import("../resorts/rooms.resource"),
  },
  // Issue 31: the point charts (decision 0073): views, seasons, season ranges, resort rooms and views, points.
  {
    id: "admin.vacation-point-calculator.views",
    path: "vacation-point-calculator/views",
    subject: "PointChart",
    nav: { group: "resorts", label: "Views", order: 41 },
    load: () => import("../resorts/point-views.resource"),
  },
  {
    id: "admin.vacation-point-calculator.seasons",
    path: "vacation-point-calculator/seasons",
    subject: "PointChart",
    nav: { group: "resorts", label: "Seasons", order: 42 },
    load: () => import("../resorts/point-seasons.resource"),
  },
  {
    id: "admin.vacation-point-calculator.season-ranges",
    path: "vacation-point-calculator/season-ranges",
    subject: "PointChart",
    nav: { group: "resorts", label: "Season ranges", order: 43 },
    load: () => import("../resorts/season-ranges.resource"),
  },
  {
    id: "admin.vacation-point-calculator.resort-room-relation",
    path: "vacation-point-calculator/resort-room-relation",
    subject: "PointChart",
    nav: { group: "resorts", label: "Resort rooms and views", order: 44 },
    load: () => import("../resorts/resort-room-views.resource"),
  },
  {
    id: "admin.vacation-point-calculator.point-data",
    path: "vacation-point-calculator/point-data",
    subject: "PointChart",
    nav: { group: "resorts", label: "Point data", order: 45 },
    load: () => import("../resorts/point-data.resource"),
  },
  // Issue 30: the header banner, live between its scheduled start and end (decision 0068).
  {
    id: "admin.banners",
    path: "banners",
    subject: "BannerAdmin",
    nav: { group: "content", label: "Header banners", order: 60 },
    load: () => import("../content/header-banners.resource"),
  },
  // Issue 32: the SEO manager (decision 0085); writers and senior writers use it too (SPEC section 6).
  {
    id: "admin.seo",
    path: "seo",
    subject: "Seo",
    nav: { group: "content", label: "SEO manager", order: 40 },
    load: () => import("../seo/seo.resource"),
  },
  // Issue 30: the media library (decision 0067); writers use it too.
  {
    id: "admin.media",
    path: "media",
    subject: "MediaAdmin",
    nav: { group: "content", label: "Media library", order: 60 },
    load: () => import("../content/media.resource"),
  },
  // The Best Practices Guide's sections (SPEC section 2), rich text with the library's pictures (decision 0067).
  {
    id: "admin.best-practices",
    path: "best-practices",
    subject: "SupportPage",
    nav: { group: "support-pages", label: "Best practices guide", order: 30 },
    load: () => import("../content/best-practices.resource"),
  },
  // Issue 31: the lenders of /dvc-financing
  {
    id: "admin.finance.lenders",
    path: "finance/lenders",
    subject: "Lender",
    nav: { group: "system", label: "Lenders", order: 70 },
    load: () => import("../finance/lenders.resource"),
  },
  // Issue 31: market data and the appraisal's staff-edited inputs (decision 0077).
  {
    id: "admin.avg-prices",
    path: "avg-prices",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Average prices", order: 80 },
    load: () => import("../market/avg-prices.resource"),
  },
  {
    id: "admin.resorts.membership-values",
    path: "resorts/membership-values",
    subject: "ResortAdmin",
    nav: { group: "resorts", label: "Membership values", order: 81 },
    load: () => import("../market/membership-values.resource"),
  },
  // Issue 33 (decision 0086): the user agents seen per day, and the rules server.ts applies to them.
  {
    id: "admin.bots",
    path: "bots",
    subject: "BotAdmin",
    nav: { group: "system", label: "Bots", order: 92 },
    load: () => import("../bots/bot-agents.resource"),
  },
  {
    id: "admin.bots.rules",
    path: "bots/rules",
    subject: "BotAdmin",
    nav: { group: "system", label: "Bot rules", order: 93 },
    load: () => import("../bots/bot-rules.resource"),
  },
  // Issue 33: the partners' API keys (the feeds are /api/v1/listings and /api/v1/market/:series).
  {
    id: "admin.apis",
    path: "apis",
    subject: "ApiKeyAdmin",
    nav: { group: "system", label: "API keys", order: 90 },
    load: () => import("../api-keys/api-keys.resource"),
  },
  // Issue 32 (decision 0080): the blog, its topics, and the help centre's support pages and their categories.
  {
    id: "admin.blogs",
    path: "blogs",
    subject: "Blog",
    nav: { group: "blog", label: "All posts", order: 10 },
    load: () => import("../blog/blog-posts.resource"),
  },
  {
    id: "admin.blogs-topics",
    path: "blogs-topics",
    subject: "Blog",
    nav: { group: "blog", label: "Topics", order: 30 },
    load: () => import("../blog/blog-topics.resource"),
  },
  {
    id: "admin.support-pages",
    path: "support-pages",
    subject: "SupportPage",
    nav: { group: "support-pages", label: "All support pages", order: 10 },
    load: () => import("../blog/support-pages.resource"),
  },
  {
    id: "admin.support-pages.categories",
    path: "support-pages/categories",
    subject: "SupportPage",
    nav: { group: "support-pages", label: "Categories", order: 25 },
    load: () => import("../blog/support-categories.resource"),
  },
  // Issue 32 "Voices of customers": testimonials (approve before publishing), reviews, subscribers.
  {
    id: "admin.testimonials",
    path: "testimonials",
    subject: "TestimonialAdmin",
    nav: { group: "content", label: "Testimonials", order: 60 },
    load: () => import("../voices/testimonials.resource"),
  },
  {
    id: "admin.google-reviews",
    path: "google-reviews",
    subject: "ReviewAdmin",
    nav: { group: "content", label: "Google reviews", order: 61 },
    load: () => import("../voices/reviews.resource"),
  },
  // Issue 33 (decision 0087): marketing mail: templates and campaigns (administrators only).
  {
    id: "admin.marketing.emails",
    path: "marketing/emails",
    subject: "MarketingAdmin",
    nav: { group: "marketing", label: "Marketing emails", order: 20 },
    load: () => import("../marketing/marketing-campaigns.resource"),
  },
  {
    id: "admin.marketing.email-templates",
    path: "marketing/email-templates",
    subject: "MarketingAdmin",
    nav: { group: "marketing", label: "Marketing templates", order: 30 },
    load: () => import("../marketing/marketing-templates.resource"),
  },
  // Issue 33 (decision 0091): PDFs and pictures for templates and campaigns' attachments.
  {
    id: "admin.marketing.files",
    path: "marketing/files",
    subject: "MarketingAdmin",
    nav: { group: "marketing", label: "Marketing files", order: 40 },
    load: () => import("../marketing/marketing-files.resource"),
  },
  {
    id: "admin.subscribers",
    path: "subscribers",
    subject: "SubscriberAdmin",
    nav: { group: "content", label: "Subscribers", order: 62 },
    load: () => import("../voices/subscribers.resource"),
  },
  // Issue 32 (decision 0078): the content pages as data, and the FAQs with the pages they are shown beside.
  {
    id: "admin.frontend-pages",
    path: "frontend-pages",
    subject: "Page",
    nav: { group: "content", label: "Front-end pages", order: 10 },
    load: () => import("../content/pages.resource"),
  },
  // Issue 33: landing pages, the pages of type "landing" (a hero and a call to action).
  {
    id: "admin.landing-pages",
    path: "landing-pages",
    subject: "Page",
    nav: { group: "content", label: "Landing pages", order: 11 },
    load: () => import("../content/landing-pages.resource"),
  },
  {
    id: "admin.related-faqs",
    path: "related-faqs",
    subject: "Faq",
    nav: { group: "content", label: "Related FAQs", order: 11 },
    load: () => import("../content/faqs.resource"),
  },
];
