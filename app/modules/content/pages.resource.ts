import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { faqs, listings, pageFeaturedListings, pageRelatedFaqs, pageRelatedPages, pages } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { idList, optionalText, text } from "~/lib/fields";
import { richTextLength } from "~/lib/rich-text.server";
import { defineResource, type JoinTable, type Relation, type ResourceField } from "~/modules/admin/resource";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { EMBED_NAMES, EMBEDS, embedsIn, isEmbedName } from "./embeds";
import { CTA_HREF_MESSAGE, isCallToActionHref, landingProblems } from "./landing";
import { CODE_PAGE_ROUTES, isPageRoute } from "./pages.server";

export const PAGE_TYPES = [
  { value: "guide", label: "Guide" },
  { value: "buyer", label: "Buyer" },
  { value: "seller", label: "Seller" },
  { value: "company", label: "Company" },
  { value: "legal", label: "Legal (shows “Last updated”)" },
  { value: "system", label: "System (thank-you, confirmation)" },
  { value: "landing", label: "Landing (a hero and a call to action)" },
];

const PAGES: Relation = { table: pages, value: pages.id, label: pages.title };
const RELATED_PAGES: JoinTable = {
  table: pageRelatedPages,
  from: pageRelatedPages.pageId,
  to: pageRelatedPages.relatedPageId,
};
const FAQS: Relation = { table: faqs, value: faqs.id, label: faqs.question };
const PAGE_FAQS: JoinTable = { table: pageRelatedFaqs, from: pageRelatedFaqs.pageId, to: pageRelatedFaqs.faqId };
/** Listings a page may feature: those for sale. */
const LISTINGS: Relation = {
  table: listings,
  value: listings.id,
  label: listings.listingCode,
  where: () => eq(listings.listingStatusId, LISTING_STATUS.active),
};
const FEATURED: JoinTable = {
  table: pageFeaturedListings,
  from: pageFeaturedListings.pageId,
  to: pageFeaturedListings.listingId,
};

const MAX_BODY = 200_000;

/** A landing page's hero: its line, its button's words and where the button leads (other pages leave them empty). */
export const LANDING_FIELDS: ResourceField[] = [
  {
    name: "heroText",
    label: "Hero line (landing pages)",
    kind: "textarea",
    rows: 2,
    help: "One or two sentences under the heading, in the hero.",
  },
  {
    name: "ctaLabel",
    label: "Button's words (landing pages)",
    kind: "text",
    help: "The call to action, like “List your contract” or “See resale listings”.",
  },
  {
    name: "ctaHref",
    label: "Button leads to (landing pages)",
    kind: "text",
    help: "A page of this site starting with / (like /sign-up/new?role=seller), or an https:// address.",
  },
];

export const PageSchema = z.object({
  route: text({ label: "The address", max: 120, required: "Enter the page's address, like about-us." })
    .transform((v) => v.toLowerCase().replace(/^\/+|\/+$/g, ""))
    .refine(
      isPageRoute,
      "The address is lower-case words joined by hyphens, with / between levels, like about-us or selling/how-long-to-sell.",
    ),
  title: text({ label: "The browser title", max: 120, required: "Enter the page's title (the browser tab's text)." }),
  heading: text({ label: "The heading", max: 160, required: "Enter the page's heading (its h1)." }),
  pageType: z.enum(["guide", "buyer", "seller", "company", "legal", "system", "landing"], {
    error: "Choose the page's type.",
  }),
  heroText: optionalText({ label: "The hero's line", max: 300, multiline: true, empty: null }),
  ctaLabel: optionalText({ label: "The button's words", max: 40, empty: null }),
  ctaHref: optionalText({ label: "Where the button leads", max: 500, empty: null }).refine(
    (v) => v === null || isCallToActionHref(v),
    CTA_HREF_MESSAGE,
  ),
  metaKeywords: optionalText({ label: "The meta keywords", max: 300, empty: null }),
  description: text({
    label: "The description",
    min: 20,
    max: 320,
    multiline: true,
    required: "Enter the description search engines show (one or two sentences).",
  }),
  showHeaderBanner: z.boolean(),
  showFeaturedListings: z.boolean(),
  published: z.boolean(),
  body: z
    .string({ error: "Write the page's text." })
    .min(1, "Write the page's text.")
    .max(MAX_BODY, "The page's text is too long.")
    .refine((v) => richTextLength(v) <= 60_000, "The page's text is at most 60,000 characters."),
  relatedPageIds: idList("Choose the related pages from the list.", 24),
  relatedFaqIds: idList("Choose the questions from the list.", 40),
  featuredListingIds: idList("Choose the featured listings from the list.", 12),
});

/** The list's column of a page's related pages (the engine's `relationNames` cannot join a table to itself). */
const relatedTitles = sql<
  string | null
>`(select string_agg(rp.title, ', ' order by rp.title) from page_related_pages x join pages rp on rp.id = x.related_page_id where x.page_id = "pages"."id")`;

/**
 * /admin/frontend-pages (SPEC admin menu; section 3 "Page"; issue 32, decision 0078): every content page as data.
 * Administrators only (subject `Page`). The body is rich text through the allow-list; a registered component is
 * placed with `<div data-embed="name"></div>`. Each save keeps the earlier version (revisions).
 */
export default defineResource({
  noun: "page",
  title: "Front-end pages",
  description: `The site's content pages: address, title, heading, picture, text, and what shows beside them. A page is live at its address once published; a draft answers “Page not found”. Pages whose content is a calculator or the product's data (${CODE_PAGE_ROUTES.map((r) => `/${r}`).join(", ")}) show their heading and, as their introduction, the text written here.`,
  caption: "Front-end pages by address",
  searchLabel: "Search pages by address, title or text",
  emptyText: "No pages yet.",
  table: pages,
  id: pages.id,
  operations: ["create", "update", "delete", "export"],
  schema: PageSchema,
  revisions: true,
  columns: [
    {
      key: "title",
      label: "Title",
      value: pages.title,
      primary: true,
      searchable: true,
      sortable: true,
      wrap: true,
      priority: 1,
    },
    {
      key: "route",
      label: "Address",
      value: sql<string>`'/' || ${pages.route}`,
      searchable: true,
      sortable: true,
      priority: 1,
    },
    {
      key: "pageType",
      label: "Type",
      value: pages.pageType,
      sortable: true,
      priority: 2,
      filter: { kind: "select", options: PAGE_TYPES.map((t) => ({ ...t, label: t.label.split(" (")[0] })) },
    },
    {
      key: "published",
      label: "Status",
      value: pages.published,
      format: "boolean",
      booleanLabels: ["Published", "Draft"],
      priority: 1,
      filter: { kind: "boolean", yes: "Published", no: "Draft" },
    },
    { key: "related", label: "Related pages", value: relatedTitles, wrap: true, priority: 4 },
    { key: "updatedAt", label: "Updated", value: pages.updatedAt, format: "datetime", sortable: true, priority: 3 },
    { key: "body", label: "Text", value: pages.body, format: "html", searchable: true, hidden: true },
  ],
  fields: [
    {
      name: "route",
      label: "Address",
      kind: "text",
      help: "The path after the site's name, without the first /: about-us, selling/how-long-to-sell.",
    },
    { name: "title", label: "Browser title", kind: "text", help: "The tab's text and the search result's title." },
    { name: "heading", label: "Heading", kind: "text", help: "The page's main heading (h1)." },
    {
      name: "image",
      label: "Picture",
      kind: "image",
      column: pages.imagePath,
      imageFolder: "pages",
      imageMaxSide: 1600,
      help: "Shown under the heading: a picture from the media library or an upload (PNG, JPEG or WebP, at most 5 MB).",
    },
    { name: "pageType", label: "Page type", kind: "select", options: PAGE_TYPES, default: "guide" },
    ...LANDING_FIELDS,
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      rows: 3,
      help: "One or two sentences for search engines and link previews, different on every page.",
    },
    { name: "metaKeywords", label: "Meta keywords", kind: "text", help: "Comma-separated (optional)." },
    {
      name: "body",
      label: "Text",
      kind: "richtext",
      help: `The page's text; its first paragraph is the introduction. To place a component, write <div data-embed="name"></div> in the HTML: ${EMBED_NAMES.map((n) => `${n} (${EMBEDS[n]})`).join("; ")}`,
    },
    { name: "published", label: "Published (shown at its address)", kind: "checkbox", default: true },
    { name: "showHeaderBanner", label: "Show the header banner on this page", kind: "checkbox", default: false },
    {
      name: "relatedPageIds",
      label: "Related pages",
      kind: "relations",
      relation: PAGES,
      through: RELATED_PAGES,
      help: "Shown as cards under the text, or beside it when the page has questions or featured listings.",
    },
    {
      name: "relatedFaqIds",
      label: "Related questions (FAQs)",
      kind: "relations",
      relation: FAQS,
      through: PAGE_FAQS,
      help: "Shown beside the text. The questions themselves are edited under Related FAQs.",
    },
    { name: "showFeaturedListings", label: "Show featured listings beside the text", kind: "checkbox", default: false },
    {
      name: "featuredListingIds",
      label: "Featured listings",
      kind: "relations",
      relation: LISTINGS,
      through: FEATURED,
      help: "Listings for sale, by code. A listing that sells leaves the page by itself.",
    },
  ],
  defaultSort: { key: "route", dir: "asc" },
  titleOf: (row) => String(row.title ?? row.route ?? ""),
  validate: (values, { id }) => {
    const errors: Record<string, string[]> = landingProblems(values);
    const unknown = embedsIn(String(values.body ?? "")).filter((n) => !isEmbedName(n));
    if (unknown.length > 0)
      errors.body = [`No component is called ${unknown.join(", ")}. The components are: ${EMBED_NAMES.join(", ")}.`];
    const related = (values.relatedPageIds as number[] | undefined) ?? [];
    if (id !== null && related.map(String).includes(String(id)))
      errors.relatedPageIds = ["A page cannot be related to itself: untick it."];
    return errors;
  },
  prepare: async (cols, { tx, existing }) => {
    if (typeof cols.route === "string" && cols.route !== existing?.route) {
      const [taken] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.route, cols.route)).limit(1);
      if (taken) {
        const message = `Another page already has the address /${cols.route}.`;
        throw new AppError("BAD_INPUT", message, { route: [message] });
      }
    }
    return { ...cols, updatedAt: new Date() };
  },
});
