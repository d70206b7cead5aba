import { z } from "zod";
import { pointSeasons } from "~/db/schema";
import { optionalText, text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource } from "~/modules/admin/resource";

export const PointSeasonSchema = z.object({
  name: text({
    label: "The name",
    min: 2,
    max: 40,
    required: "Enter the season's name.",
    tooShort: "Enter the season's name (at least 2 characters).",
    tooLong: "The name is at most 40 characters.",
  }),
  colour: optionalText({ label: "The colour", max: 7, empty: null }).refine(
    (v) => v === null || /^#[0-9a-fA-F]{6}$/.test(v),
    "Enter the colour as # and six hex digits, like #2563eb, or leave it empty.",
  ),
});

/** /admin/vacation-point-calculator/seasons: the travel periods (Adventure, Choice, Dream, Magic, Premier). */
export default defineResource({
  noun: "season",
  title: "Seasons",
  description:
    "The travel periods of the point charts, from the least points (Adventure) to the most (Premier). Which dates belong to each season is set per resort and year under Season ranges.",
  caption: "Seasons (travel periods)",
  searchLabel: "Search seasons",
  emptyText: "No seasons yet.",
  table: pointSeasons,
  id: pointSeasons.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: PointSeasonSchema,
  orderColumn: pointSeasons.sortOrder,
  columns: [
    { key: "name", label: "Season", value: pointSeasons.name, primary: true, searchable: true, sortable: true },
    { key: "colour", label: "Colour", value: pointSeasons.colour },
    { key: "position", label: "Order", value: pointSeasons.sortOrder, sortable: true, hidden: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", help: "Like “Adventure” or “Premier”." },
    { name: "colour", label: "Colour", kind: "text", help: "Optional, for the calendar key: like #2563eb." },
  ],
  defaultSort: { key: "position", dir: "asc" },
  titleOf: (row) => String(row.name),
  prepare: (cols) => (typeof cols.name === "string" ? { ...cols, slug: slugOf(cols.name, "season") } : cols),
});
