import { eq } from "drizzle-orm";
import { z } from "zod";
import { supportCategories, supportPages } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { richTextLength } from "~/lib/rich-text.server";
import { slugOf } from "~/lib/slug";
import { defineResource, type Relation } from "~/modules/admin/resource";

const CATEGORIES: Relation = { table: supportCategories, value: supportCategories.id, label: supportCategories.name };
const STATUSES = [
  { value: "published", label: "Published" },
  { value: "draft", label: "Draft (not shown)" },
];

export const SupportPageSchema = z.object({
  title: text({ label: "The title", min: 4, max: 140, required: "Enter the article's title." }),
  slug: optionalText({ label: "The address part", max: 80, empty: null }).refine(
    (v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    "The address part is lowercase letters, digits and dashes, like “how-to-make-an-offer”.",
  ),
  summary: text({
    label: "The summary",
    min: 10,
    max: 300,
    multiline: true,
    required: "Write a sentence saying what the article answers.",
  }),
  body: z
    .string({ error: "Write the article." })
    .min(1, "Write the article.")
    .max(200_000, "The article is too long.")
    .refine((v) => richTextLength(v) >= 50, "Write at least 50 characters of text.")
    .refine((v) => richTextLength(v) <= 40_000, "The article is at most 40,000 characters of text."),
  category_id: z.number({ error: "Choose the article's category." }).int().positive("Choose the article's category."),
  status: z.enum(["published", "draft"], { error: "Choose whether the article is shown." }),
});

/**
 * /admin/support-pages, /admin/support-pages/create, /admin/support-pages/:id/edit (SPEC section 2, support pages:
 * all, create, edit): the help centre's articles, shown at /help under their category (decision 0080).
 */
export default defineResource({
  noun: "support page",
  title: "Support pages",
  description:
    "The help centre's articles at /help, grouped by category and in this order within it. Drafts are not shown.",
  caption: "Support pages",
  searchLabel: "Search support pages",
  emptyText: "No support pages yet.",
  table: supportPages,
  id: supportPages.id,
  operations: ["create", "update", "delete", "order", "import", "export"],
  schema: SupportPageSchema,
  joins: [{ table: supportCategories, on: () => eq(supportCategories.id, supportPages.categoryId) }],
  columns: [
    { key: "title", label: "Title", value: supportPages.title, primary: true, searchable: true, wrap: true },
    {
      key: "category",
      label: "Category",
      value: supportCategories.name,
      sortable: true,
      filter: { kind: "relation", relation: CATEGORIES },
    },
    {
      key: "status",
      label: "Shown",
      value: supportPages.status,
      filter: { kind: "select", options: STATUSES.map((s) => ({ ...s, label: s.label.split(" (")[0] })) },
    },
    { key: "updatedAt", label: "Updated", value: supportPages.updatedAt, format: "datetime", priority: 3 },
    { key: "summary", label: "Summary", value: supportPages.summary, searchable: true, hidden: true },
    { key: "body", label: "Text", value: supportPages.body, searchable: true, hidden: true },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text", help: "The question or task, like “How to make an offer”." },
    {
      name: "slug",
      label: "Address part",
      kind: "text",
      help: "The page is /help/<this>; empty: made from the title.",
    },
    { name: "summary", label: "Summary", kind: "textarea", rows: 2, help: "Shown under the title in the help centre." },
    { name: "body", label: "Text", kind: "richtext" },
    { name: "category_id", label: "Category", kind: "relation", column: supportPages.categoryId, relation: CATEGORIES },
    { name: "status", label: "Status", kind: "select", options: STATUSES, default: "published" },
  ],
  importKey: ["slug"],
  orderColumn: supportPages.sortOrder,
  defaultSort: { key: "title", dir: "asc" },
  titleOf: (row) => String(row.title ?? ""),
  prepare: (cols, { existing }) => {
    const all = { ...(existing ?? {}), ...cols };
    return {
      ...cols,
      slug: all.slug || slugOf(String(all.title ?? ""), "article", 80),
      updatedAt: new Date(),
    };
  },
});
