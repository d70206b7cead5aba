import { eq } from "drizzle-orm";
import { z } from "zod";
import { resortDues, resorts } from "~/db/schema";
import { id, int, text } from "~/lib/fields";
import { formatPrice } from "~/lib/format";
import { defineResource, type Relation } from "~/modules/admin/resource";
import { checkDuesRow } from "./dues-prices.server";
import { RESORT_DUES_CENTS, RESORT_DUES_YEAR, RESORT_SOURCE_MAX } from "./resorts-admin.schema";

const RESORTS: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};

export const DuesRowSchema = z.object({
  resort_id: id("Choose one of the resorts."),
  year: int({
    min: RESORT_DUES_YEAR.min,
    max: RESORT_DUES_YEAR.max,
    message: `Enter the calendar year, from ${RESORT_DUES_YEAR.min} to ${RESORT_DUES_YEAR.max}.`,
  }),
  dues_per_point: int({
    min: RESORT_DUES_CENTS.min,
    max: RESORT_DUES_CENTS.max,
    message: `Enter the dues per point in dollars, from ${formatPrice(RESORT_DUES_CENTS.min)} to ${formatPrice(RESORT_DUES_CENTS.max)} (for example 8.24).`,
  }),
  source: text({
    label: "The source",
    max: RESORT_SOURCE_MAX,
    required: "Say where the figure comes from (buyers read it beside the figure).",
  }),
  estimated: z.boolean().optional().default(false),
});

/**
 * /admin/resorts/historical-dues (SPEC admin menu): each resort's annual dues per point for each calendar year, with
 * the source buyers read beside it and whether it is our estimate. The resort's current figure (the annual-dues
 * screen, the listing scores) is its latest year here, kept so on every save (decision 0075). No delete: a figure on
 * record is corrected, not removed.
 */
export default defineResource({
  noun: "dues figure",
  title: "Dues history",
  description:
    "Each resort's annual dues per point for each calendar year on record, where the figure comes from, and whether it is our estimate rather than the published figure. The resort's latest year is its current dues (the Annual dues screen shows it and listing scores use it). The public dues, compare and expiration pages read these rows.",
  caption: "Dues per point by resort and year",
  searchLabel: "Search by resort or source",
  emptyText: "No dues on record yet.",
  table: resortDues,
  id: resortDues.id,
  operations: ["create", "update", "import", "export"],
  schema: DuesRowSchema,
  joins: [{ table: resorts, on: () => eq(resorts.id, resortDues.resortId) }],
  columns: [
    {
      key: "resort",
      label: "Resort",
      value: resorts.name,
      primary: true,
      sortable: true,
      searchable: true,
      detail: "source",
    },
    {
      key: "resortId",
      label: "Resort",
      value: resortDues.resortId,
      hidden: true,
      filter: { kind: "relation", relation: RESORTS },
    },
    { key: "year", label: "Year", value: resortDues.year, format: "number", sortable: true, sortFirst: "desc" },
    { key: "dues", label: "Dues per point", value: resortDues.duesPerPointCents, format: "money", sortable: true },
    {
      key: "estimated",
      label: "Figure",
      value: resortDues.estimated,
      format: "boolean",
      booleanLabels: ["Our estimate", "Published"],
      filter: { kind: "boolean", yes: "Our estimate", no: "Published" },
    },
    { key: "source", label: "Source", value: resortDues.source, searchable: true, hidden: true },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: resortDues.resortId, relation: RESORTS },
    {
      name: "year",
      label: "Calendar year",
      kind: "number",
      help: "The year the dues are billed for (due January 15).",
    },
    {
      name: "dues_per_point",
      label: "Dues per point (US dollars)",
      kind: "money",
      column: resortDues.duesPerPointCents,
      help: "With cents, e.g. 8.24.",
    },
    {
      name: "source",
      label: "Source",
      kind: "text",
      help: "Where the figure comes from, as buyers read it, e.g. “The resort's 2026 budget sent to owners”.",
    },
    {
      name: "estimated",
      label: "This is our estimate, not the published figure",
      kind: "checkbox",
      help: "Public pages then call it an estimate. Untick it once the resort's published figure is in.",
    },
  ],
  defaultSort: { key: "year", dir: "desc" },
  pageSize: 50,
  titleOf: (row) => (row.resort ? `${row.resort} ${row.year}` : `#${row.id} (${row.year})`),
  prepare: async (cols, { tx, existing }) => {
    const merged = { ...existing, ...cols };
    await checkDuesRow(tx, {
      id: existing ? Number(existing.id) : null,
      previousResortId: existing ? Number(existing.resortId) : null,
      row: {
        resortId: Number(merged.resortId),
        year: Number(merged.year),
        duesPerPointCents: Number(merged.duesPerPointCents),
        source: String(merged.source),
        estimated: merged.estimated === true,
      },
    });
    return { ...cols, updatedAt: new Date() };
  },
});
