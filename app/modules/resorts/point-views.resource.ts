import { z } from "zod";
import { pointViews } from "~/db/schema";
import { text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource } from "~/modules/admin/resource";

export const PointViewSchema = z.object({
  name: text({
    label: "The name",
    min: 2,
    max: 60,
    required: "Enter the view's name.",
    tooShort: "Enter the view's name (at least 2 characters).",
    tooLong: "The name is at most 60 characters.",
  }),
});

/** /admin/vacation-point-calculator/views: the point charts' view categories (standard, preferred, lake, savanna...). */
export default defineResource({
  noun: "view",
  title: "Views",
  description:
    "The view categories of the point charts: standard, preferred, lake, savanna, garden or pool, theme park, ocean. A resort's rooms come in some of them (Resort rooms and views), each with its own points.",
  caption: "View categories",
  searchLabel: "Search views",
  emptyText: "No views yet.",
  table: pointViews,
  id: pointViews.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: PointViewSchema,
  orderColumn: pointViews.sortOrder,
  columns: [
    { key: "name", label: "View", value: pointViews.name, primary: true, searchable: true, sortable: true },
    { key: "slug", label: "In the calculator's address", value: pointViews.slug, sortable: true },
    { key: "position", label: "Order", value: pointViews.sortOrder, sortable: true, hidden: true },
  ],
  fields: [{ name: "name", label: "Name", kind: "text", help: "As the point charts name it, like “Savanna View”." }],
  defaultSort: { key: "position", dir: "asc" },
  titleOf: (row) => String(row.name),
  prepare: (cols) => (typeof cols.name === "string" ? { ...cols, slug: slugOf(cols.name, "view") } : cols),
});
