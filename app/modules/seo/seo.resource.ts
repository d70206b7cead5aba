import { eq } from "drizzle-orm";
import { z } from "zod";
import { seoEntries } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { optionalText, text } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { isCanonicalTarget, isSeoPath, normalizeSeoPath, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "./seo";

export const SeoEntrySchema = z.object({
  path: text({ label: "The address", max: 200, required: "Enter the page's address, like /listings." })
    .transform(normalizeSeoPath)
    .refine(
      isSeoPath,
      "Enter a public page's address, like /listings or /resorts/bay-lake-tower (not an admin, account or API address).",
    ),
  title: optionalText({ label: "The title", max: SEO_TITLE_MAX, empty: null }),
  description: optionalText({
    label: "The description",
    min: 20,
    max: SEO_DESCRIPTION_MAX,
    multiline: true,
    empty: null,
  }),
  canonical: optionalText({ label: "The canonical address", max: 500, empty: null }).refine(
    (v) => v === null || isCanonicalTarget(v),
    "The canonical address is a path on this site (like /listings) or an https:// address.",
  ),
  noindex: z.boolean(),
});

/**
 * /admin/seo (SPEC admin menu "Seo Manager"; issue 32, decision 0085): per address, the title, description, canonical
 * address and link-preview picture search engines and social sites get instead of the page's own. Writers, senior
 * writers and administrators (subject `Seo`, SPEC section 6). The defaults (the picture of pages without one) are
 * at /admin/seo/defaults.
 */
export default defineResource({
  noun: "SEO entry",
  title: "SEO manager",
  description:
    "What a page tells search engines and link previews. Every public page has its own title and description; an entry here replaces the parts you fill in for one address, and leaves the rest as the page has them. The picture of pages without one is set under SEO defaults.",
  caption: "SEO entries by address",
  searchLabel: "Search by address, title or description",
  emptyText: "No entries yet: every page uses its own title and description.",
  table: seoEntries,
  id: seoEntries.id,
  operations: ["create", "update", "delete", "export"],
  schema: SeoEntrySchema,
  revisions: true,
  columns: [
    {
      key: "path",
      label: "Address",
      value: seoEntries.path,
      primary: true,
      searchable: true,
      sortable: true,
      priority: 1,
    },
    { key: "title", label: "Title", value: seoEntries.title, searchable: true, wrap: true, priority: 1 },
    {
      key: "description",
      label: "Description",
      value: seoEntries.description,
      searchable: true,
      wrap: true,
      priority: 3,
    },
    {
      key: "noindex",
      label: "Search engines",
      value: seoEntries.noindex,
      format: "boolean",
      booleanLabels: ["Not indexed", "Indexed"],
      priority: 2,
      filter: { kind: "boolean", yes: "Not indexed", no: "Indexed" },
    },
    {
      key: "updatedAt",
      label: "Updated",
      value: seoEntries.updatedAt,
      format: "datetime",
      sortable: true,
      priority: 3,
    },
  ],
  fields: [
    {
      name: "path",
      label: "Address",
      kind: "text",
      help: "The page's path without the site's name or a query: /listings, /resorts/bay-lake-tower, /about-us.",
    },
    {
      name: "title",
      label: "Title",
      kind: "text",
      help: `The search result's title and the browser tab's text, about 60 characters (at most ${SEO_TITLE_MAX}). The site's name is added after it. Empty: the page's own.`,
    },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      rows: 3,
      help: `The search result's text, about 155 characters (20 to ${SEO_DESCRIPTION_MAX}). Empty: the page's own.`,
    },
    {
      name: "canonical",
      label: "Canonical address",
      kind: "text",
      help: "Where search engines should send this page's ranking when the same content has two addresses: a path (/listings) or an https:// address. Empty: the page's own address.",
    },
    {
      name: "image",
      label: "Link-preview picture",
      kind: "image",
      column: seoEntries.imagePath,
      imageFolder: "seo",
      imageMaxSide: 1200,
      help: "Shown when the address is shared on social sites and in messages; 1200 by 630 pixels reads best. Empty: the page's own, or the default.",
    },
    {
      name: "noindex",
      label: "Ask search engines not to index this address",
      kind: "checkbox",
      default: false,
      help: "The page stays open to visitors; it is left out of the sitemap and search results.",
    },
  ],
  defaultSort: { key: "path", dir: "asc" },
  titleOf: (row) => String(row.path ?? ""),
  prepare: async (cols, { tx, existing }) => {
    if (typeof cols.path === "string" && cols.path !== existing?.path) {
      const [taken] = await tx
        .select({ id: seoEntries.id })
        .from(seoEntries)
        .where(eq(seoEntries.path, cols.path))
        .limit(1);
      if (taken) {
        const message = `There is already an entry for ${cols.path}: edit that one.`;
        throw new AppError("BAD_INPUT", message, { path: [message] });
      }
    }
    return { ...cols, updatedAt: new Date() };
  },
});
