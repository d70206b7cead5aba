import { eq } from "drizzle-orm";
import { pages } from "~/db/schema";
import { defineResource } from "~/modules/admin/resource";
import PAGES, { PageSchema } from "./pages.resource";

/**
 * /admin/landing-pages (issue 33; SPEC section 2 "landing pages"): the content pages of type "landing", each at its
 * own address with a hero (heading, a line, the picture) and one call to action. The same rows as /admin/frontend-pages
 * (one pages table, one renderer); this screen lists only landing pages and every page it adds is one.
 */
export default defineResource({
  ...PAGES,
  noun: "landing page",
  title: "Landing pages",
  description:
    "Pages for a campaign or an audience, each at its own address: a hero with the heading, a line and the picture, one button that leads where you choose, then the text. Every landing page is also listed under Front-end pages.",
  caption: "Landing pages by address",
  searchLabel: "Search landing pages by address, title or text",
  emptyText: "No landing pages yet.",
  scope: () => eq(pages.pageType, "landing"),
  schema: PageSchema.omit({ pageType: true }),
  columns: PAGES.columns.filter((c) => c.key !== "pageType"),
  fields: PAGES.fields.filter((f) => f.name !== "pageType"),
  validate: (values, ctx) => PAGES.validate?.({ ...values, pageType: "landing" }, ctx) ?? {},
  prepare: async (cols, ctx) => ({ ...(await PAGES.prepare?.(cols, ctx)), pageType: "landing" }),
});
