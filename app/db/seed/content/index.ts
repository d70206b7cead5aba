import type { SeedPage } from "~/modules/content/page-seed";
import { BUYER_PAGES } from "./buyer-pages";
import { COMPANY_PAGES } from "./company-pages";
import { SELLER_PAGES } from "./seller-pages";

/**
 * The pages written for issue 32 (decision 0079) that had no page before, for the pages seed step, and the embeds
 * their bodies place with `<div data-embed="name"></div>`: three built here (app/modules/content/embeds/*.server.ts
 * with app/components/content/embed-*.tsx), `faq-list` and `contact-form` built with the page renderer.
 */
export { BUYER_PAGES } from "./buyer-pages";
export { COMPANY_PAGES } from "./company-pages";
export { FAQS } from "./faqs";
export { SELLER_PAGES } from "./seller-pages";

export const SEED_PAGES: SeedPage[] = [...BUYER_PAGES, ...SELLER_PAGES, ...COMPANY_PAGES];

/** The routes of the written pages (no leading slash), the paths the renderer must answer. */
export const NEW_PAGE_ROUTES = [
  "dvc-checklist",
  "why-vacation-points-market",
  "buying-rent-dvc-points",
  "city-records",
  "apps-coming-soon",
  "faqs",
  "selling-how-long-to-sell",
  "selling/comparison",
  "compare-brokers",
  "selling-strategy",
  "dvc-waitlist",
  "buy-back",
  "tax-withholding",
  "why-sell",
  "variable-commission",
  "contact-us",
  "thank-you",
  "email-replied",
  "newsletter/confirmed",
  "newsletter/unsubscribed",
] as const;

export const CONTENT_EMBEDS = [
  "median-days-on-market",
  "broker-comparison",
  "commission-table",
  "faq-list",
  "contact-form",
] as const;
