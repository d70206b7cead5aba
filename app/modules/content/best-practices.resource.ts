import { z } from "zod";
import { bestPractices } from "~/db/schema";
import { text } from "~/lib/fields";
import { richTextLength } from "~/lib/rich-text.server";
import { defineResource } from "~/modules/admin/resource";

const AUDIENCES = [
  { value: "all", label: "Buyers and sellers" },
  { value: "buyer", label: "Buyers" },
  { value: "seller", label: "Sellers" },
];

export const BestPracticeSchema = z.object({
  title: text({
    label: "The title",
    min: 2,
    max: 120,
    required: "Enter the section's title.",
    tooShort: "Enter the section's title (at least 2 characters).",
  }),
  body: z
    .string({ error: "Write the section." })
    .min(1, "Write the section.")
    .max(100_000, "The section is too long.")
    .refine((v) => richTextLength(v) <= 20_000, "The section is at most 20,000 characters of text."),
  audience: z.enum(["all", "buyer", "seller"], { error: "Choose who the section is for." }),
});

/**
 * /admin/best-practices (SPEC section 2: the admin area's best practices pages): the Best Practices Guide members
 * read at /v2/profile/best-practices, in the order set here. The text is rich text, pictures from the media library
 * included; `{{commission}}` is replaced by the commission set in Tweaks when the guide is read.
 */
export default defineResource({
  noun: "guide section",
  title: "Best practices guide",
  description:
    "The sections of the Best Practices Guide buyers and sellers read in their profile, in this order. Write {{commission}} where the guide names the commission: it shows the one set in Tweaks.",
  table: bestPractices,
  id: bestPractices.id,
  operations: ["create", "update", "delete", "order"],
  schema: BestPracticeSchema,
  columns: [
    { key: "title", label: "Title", value: bestPractices.title, primary: true, searchable: true, wrap: true },
    { key: "body", label: "Text", value: bestPractices.body, format: "html", searchable: true },
    {
      key: "audience",
      label: "For",
      value: bestPractices.audience,
      filter: { kind: "select", options: AUDIENCES },
    },
    { key: "updated", label: "Updated", value: bestPractices.updatedAt, format: "datetime", optional: true },
  ],
  fields: [
    { name: "title", label: "Title", kind: "text" },
    {
      name: "body",
      label: "Text",
      kind: "richtext",
      help: "Pictures come from the media library (the picture buttons above the text) and take their alt text.",
    },
    { name: "audience", label: "For", kind: "select", options: AUDIENCES, default: "all" },
  ],
  defaultSort: { key: "title", dir: "asc" },
  orderColumn: bestPractices.sortOrder,
  titleOf: (row) => String(row.title ?? ""),
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
  detail: {
    columns: [
      { key: "title", label: "Title", value: bestPractices.title },
      { key: "audience", label: "For", value: bestPractices.audience },
      { key: "body", label: "Text", value: bestPractices.body, format: "html" },
    ],
  },
});
