import type { SeedFaq, SeedPage } from "~/modules/content/page-seed";
import { BUYER_PAGES } from "./buyer-pages";
import { COMPANY_PAGES } from "./company-pages";
import { CODE_PAGES, EXISTING_PAGES } from "./existing-pages";
import { FAQS } from "./faqs";
import { LANDING_PAGES } from "./landing-pages";
import { SELLER_PAGES } from "./seller-pages";

/**
 * Every seeded content page and FAQ (issue 32, decisions 0078 and 0079): a plain concatenation of each file's arrays,
 * so another file's pages are one more spread here. The seed step (`app/db/seed/content-pages-seed.ts`) writes them
 * once. The pages written for issue 32 place embeds with `<div data-embed="name"></div>` (app/modules/content/embeds.ts).
 */
export { BUYER_PAGES } from "./buyer-pages";
export { COMPANY_PAGES } from "./company-pages";
export { FAQS } from "./faqs";
export { SELLER_PAGES } from "./seller-pages";

/** The written texts as the rich-text allow-list stores them (no whitespace around the body). */
const stored = (p: SeedPage): SeedPage => ({ ...p, body: p.body.trim() });

export const SEED_PAGES: SeedPage[] = [
  ...EXISTING_PAGES,
  ...CODE_PAGES,
  ...[...BUYER_PAGES, ...SELLER_PAGES, ...COMPANY_PAGES, ...LANDING_PAGES].map(stored),
];

export const SEED_FAQS: SeedFaq[] = FAQS.map((f) => ({ ...f, answer: f.answer.trim() }));

/** The routes of the pages written for issue 32 (no leading slash): served by the catch-all page route. */
export const NEW_PAGE_ROUTES = [...BUYER_PAGES, ...SELLER_PAGES, ...COMPANY_PAGES, ...LANDING_PAGES].map(
  (p) => p.route,
);
