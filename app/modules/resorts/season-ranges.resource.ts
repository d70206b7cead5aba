import { eq } from "drizzle-orm";
import { z } from "zod";
import { pointSeasons, resorts, seasonRanges } from "~/db/schema";
import { id } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { CHART_RESORTS, chartResortColumns, CHART_SEASONS } from "./point-chart-relations.resource";
import { copySeasonRangesToNextYear } from "./point-charts.server";

const isoDate = (what: string) => z.iso.date({ error: `Enter the ${what} as YYYY-MM-DD, like 2026-09-01.` });

export const SeasonRangeSchema = z
  .object({
    resort_id: id("Choose one of the resorts."),
    season_id: id("Choose one of the seasons."),
    start_date: isoDate("first day"),
    end_date: isoDate("last day"),
    is_demo: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.end_date < v.start_date)
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "The last day cannot be before the first day." });
    else if (v.end_date.slice(0, 4) !== v.start_date.slice(0, 4))
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: "A range stays within one year: split it at December 31 (each year has its own chart).",
      });
  });

/**
 * /admin/vacation-point-calculator/season-ranges: which dates of a year belong to which season at each resort (both
 * ends included, within one year). CSV import with a dry run names the resort and season by name; "Copy a year to the
 * next" starts next year's calendar from this year's (decision 0073).
 */
export default defineResource({
  noun: "season range",
  title: "Season ranges",
  description:
    "Which dates belong to which season at each resort, year by year. Every night of a year needs a range: the calculator refuses a stay with a night no range covers. Import a year's calendar as CSV (Resort, Season, First day, Last day), or copy a year to the next and adjust the dates that move (Easter, Thanksgiving).",
  caption: "Season ranges by resort",
  searchLabel: "Search by resort or season",
  emptyText: "No season ranges yet.",
  table: seasonRanges,
  id: seasonRanges.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: SeasonRangeSchema,
  importKey: ["resort_id", "start_date"],
  pageSize: 50,
  joins: [
    { table: resorts, on: () => eq(resorts.id, seasonRanges.resortId) },
    { table: pointSeasons, on: () => eq(pointSeasons.id, seasonRanges.seasonId) },
  ],
  columns: [
    ...chartResortColumns(seasonRanges.resortId),
    { key: "season", label: "Season", value: pointSeasons.name, sortable: true, searchable: true },
    { key: "start", label: "First day", value: seasonRanges.startDate, format: "date", sortable: true },
    { key: "end", label: "Last day", value: seasonRanges.endDate, format: "date", sortable: true },
    {
      key: "demo",
      label: "Data",
      value: seasonRanges.isDemo,
      format: "boolean",
      booleanLabels: ["Demo", "Published"],
      filter: { kind: "boolean", yes: "Demo", no: "Published" },
    },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: seasonRanges.resortId, relation: CHART_RESORTS },
    { name: "season_id", label: "Season", kind: "relation", column: seasonRanges.seasonId, relation: CHART_SEASONS },
    { name: "start_date", label: "First day", kind: "date", column: seasonRanges.startDate },
    {
      name: "end_date",
      label: "Last day",
      kind: "date",
      column: seasonRanges.endDate,
      help: "Included: the range covers the nights from the first day to the last day.",
    },
    {
      name: "is_demo",
      label: "Demo data",
      kind: "checkbox",
      column: seasonRanges.isDemo,
      help: "Ticked for the seeded demo calendar; the calculator then says its chart is demo data. Untick for a published chart.",
    },
  ],
  defaultSort: { key: "start", dir: "asc" },
  titleOf: (row) =>
    `${row.season ?? row.season_id ?? "Range"} ${row.start ?? row.startDate ?? row.start_date} to ${row.end ?? row.endDate ?? row.end_date}`,
  toolbarActions: [
    {
      intent: "copy-year",
      title: "Copy a year to the next",
      button: "Copy year",
      help: "Copies the year's ranges to the same dates a year later, for one resort or every resort. A resort that already has ranges in the next year is left as it is.",
      ability: "create",
      fields: [
        { name: "year", label: "Year to copy", kind: "number" },
        { name: "resort_id", label: "Resort", kind: "relation", relation: CHART_RESORTS },
      ],
      service: async ({ services, actor, input }) => copySeasonRangesToNextYear(services, { actor, input }),
    },
  ],
});
