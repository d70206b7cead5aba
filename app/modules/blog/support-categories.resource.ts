import { z } from "zod";
import { supportCategories } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource } from "~/modules/admin/resource";

export const SupportCategorySchema = z.object({
  name: text({ label: "The name", min: 2, max: 60, required: "Enter the category's name." }),
  slug: optionalText({ label: "The address part", max: 60, empty: null }).refine(
    (v) => v === null || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v),
    "The address part is lowercase letters, digits and dashes, like “buying”.",
  ),
  description: optionalText({ label: "The description", max: 300, multiline: true, empty: null }),
});

/** /admin/support-pages/categories (SPEC section 2, support pages' categories): the help centre's sections, ordered. */
export default defineResource({
  noun: "category",
  title: "Help centre categories",
  description:
    "The sections of the help centre at /help, in this order. A category that still holds support pages cannot be deleted.",
  table: supportCategories,
  id: supportCategories.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: SupportCategorySchema,
  columns: [
    { key: "name", label: "Name", value: supportCategories.name, primary: true, searchable: true },
    { key: "slug", label: "Address part", value: supportCategories.slug },
    { key: "description", label: "Description", value: supportCategories.description, wrap: true, priority: 3 },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text" },
    { name: "slug", label: "Address part", kind: "text", help: "Left empty, it is made from the name." },
    { name: "description", label: "Description", kind: "textarea", rows: 2, help: "A sentence under its heading." },
  ],
  orderColumn: supportCategories.sortOrder,
  defaultSort: { key: "name", dir: "asc" },
  titleOf: (row) => String(row.name ?? ""),
  prepare: (cols) => ({ ...cols, slug: cols.slug ?? slugOf(String(cols.name ?? ""), "category") }),
});
