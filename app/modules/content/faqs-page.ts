import { href } from "react-router";

/**
 * The page of every buyer and seller FAQ (its body places the `faq-list` embed): a content page, seeded and edited at
 * /admin/frontend-pages, so a path of the catch-all route. Its own module: the tool menu, on every public page, links
 * to it without loading the FAQs panel's code.
 */
export const FAQS_PAGE = href("/*", { "*": "faqs" });
