/**
 * One content width and top spacing per page family (issue 27), so moving from one page to another of the same kind
 * does not shift the text: guides (reading pages, a measure of about 70 characters; their tables may run wider),
 * tools (compare, favorites, forms beside results) and lists (search results, directories). The same side padding
 * and top spacing everywhere.
 */
const FRAME = "mx-auto w-full px-4 py-10 sm:px-6 lg:py-14";

export const PAGE_WIDTH = {
  guide: `${FRAME} max-w-3xl`,
  tool: `${FRAME} max-w-7xl`,
  list: `${FRAME} max-w-7xl`,
} as const;

export type PageFamily = keyof typeof PAGE_WIDTH;
