import type { SeedFaq, SeedPage } from "~/modules/content/page-seed";
import { CODE_PAGES, EXISTING_PAGES } from "./existing-pages";

/**
 * Every seeded content page and FAQ (issue 32, decision 0078): a plain concatenation of each file's arrays, so another
 * file's pages are one more spread here. The seed step (`app/db/seed/content-pages-seed.ts`) writes them once.
 */
export const SEED_PAGES: SeedPage[] = [...EXISTING_PAGES, ...CODE_PAGES];

export const SEED_FAQS: SeedFaq[] = [];
