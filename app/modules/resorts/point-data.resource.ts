import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { pointData, pointSeasons, pointViews, resorts, rooms } from "~/db/schema";
import { id, int } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import {
  CHART_RESORTS,
  chartResortColumns,
  CHART_ROOMS,
  CHART_SEASONS,
  CHART_VIEWS,
} from "./point-chart-relations.resource";

const nightly = (what: string) =>
  int({ min: 1, max: 999, message: `Enter the ${what} points per night, a whole number from 1 to 999.` });

export const PointDataSchema = z.object({
  resort_id: id("Choose one of the resorts."),
  room_id: id("Choose one of the room types."),
  view_id: id("Choose one of the views."),
  season_id: id("Choose one of the seasons."),
  chart_year: int({ min: 2000, max: 2099, message: "Enter the chart's year, like 2026." }),
  weekday_points: nightly("Sunday-Thursday"),
  weekend_points: nightly("Friday-Saturday"),
  is_demo: z.boolean(),
});

/**
 * /admin/vacation-point-calculator/point-data: points per night by resort, room type, view, season and chart year,
 * Sunday-Thursday and Friday-Saturday (DOMAIN.md "Point charts"). Create, edit, and CSV import with a dry run that
 * lists each row to create, update or refuse; the file names resorts, rooms, views and seasons by name (decision 0073).
 */
export default defineResource({
  noun: "point row",
  title: "Point data",
  description:
    "Points per night for each resort, room type, view and season of a chart year: Sunday to Thursday nights and Friday and Saturday nights. Import a chart as CSV with the columns Resort, Room type, View, Season, Chart year, Sunday-Thursday, Friday-Saturday (names as on these screens); a row for a combination that has points already updates them. The dry run lists every row first.",
  caption: "Points per night",
  searchLabel: "Search by resort, room, view or season",
  emptyText: "No points yet.",
  table: pointData,
  id: pointData.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: PointDataSchema,
  // A file's row for a combination that has points already updates them (a new chart over the demo one).
  importKey: ["resort_id", "room_id", "view_id", "season_id", "chart_year"],
  pageSize: 50,
  joins: [
    { table: resorts, on: () => eq(resorts.id, pointData.resortId) },
    { table: rooms, on: () => eq(rooms.id, pointData.roomId) },
    { table: pointViews, on: () => eq(pointViews.id, pointData.viewId) },
    { table: pointSeasons, on: () => eq(pointSeasons.id, pointData.seasonId) },
  ],
  columns: [
    ...chartResortColumns(pointData.resortId, "roomView"),
    {
      key: "roomView",
      label: "Room and view",
      value: sql<string>`${rooms.name} || ', ' || ${pointViews.name}`,
      hidden: true,
      searchable: true,
    },
    {
      key: "roomId",
      label: "Room type",
      value: pointData.roomId,
      hidden: true,
      filter: { kind: "relation", relation: CHART_ROOMS },
    },
    { key: "season", label: "Season", value: pointSeasons.name, sortable: true, searchable: true, priority: 1 },
    { key: "year", label: "Chart year", value: pointData.chartYear, sortable: true, priority: 1 },
    { key: "weekday", label: "Sun-Thu", value: pointData.weekdayPoints, format: "number", sortable: true, priority: 1 },
    { key: "weekend", label: "Fri-Sat", value: pointData.weekendPoints, format: "number", sortable: true, priority: 1 },
    {
      key: "demo",
      label: "Data",
      value: pointData.isDemo,
      format: "boolean",
      booleanLabels: ["Demo", "Published"],
      filter: { kind: "boolean", yes: "Demo", no: "Published" },
      priority: 2,
    },
    { key: "updated", label: "Saved", value: pointData.updatedAt, format: "datetime", sortable: true, optional: true },
    {
      key: "order",
      label: "Order",
      value: sql<number>`${resorts.sortOrder} * 1000000 + ${rooms.sortOrder} * 10000 + ${pointViews.sortOrder} * 100 + ${pointSeasons.sortOrder}`,
      sortable: true,
      hidden: true,
    },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: pointData.resortId, relation: CHART_RESORTS },
    { name: "room_id", label: "Room type", kind: "relation", column: pointData.roomId, relation: CHART_ROOMS },
    { name: "view_id", label: "View", kind: "relation", column: pointData.viewId, relation: CHART_VIEWS },
    { name: "season_id", label: "Season", kind: "relation", column: pointData.seasonId, relation: CHART_SEASONS },
    { name: "chart_year", label: "Chart year", kind: "number", column: pointData.chartYear },
    {
      name: "weekday_points",
      label: "Sunday-Thursday",
      kind: "number",
      column: pointData.weekdayPoints,
      help: "Points per night for Sunday to Thursday nights.",
    },
    {
      name: "weekend_points",
      label: "Friday-Saturday",
      kind: "number",
      column: pointData.weekendPoints,
      help: "Points per night for Friday and Saturday nights.",
    },
    {
      name: "is_demo",
      label: "Demo data",
      kind: "checkbox",
      column: pointData.isDemo,
      help: "Ticked for the seeded demo chart; the calculator then says its chart is demo data. Untick for a published chart.",
    },
  ],
  defaultSort: { key: "order", dir: "asc" },
  // The list's row names everything; a file's row names it as the file does; a stored row has ids only.
  titleOf: (row) =>
    row.roomView !== undefined
      ? [row.resort, row.roomView, row.season, row.year].join(", ")
      : row.chartYear !== undefined
        ? `${row.chartYear} chart, row ${row.id}`
        : [row.resort_id, row.room_id, row.view_id, row.season_id, row.chart_year].filter(Boolean).join(", "),
  // A save dates the row: the calculator states its data's date.
  prepare: (cols) => ({ ...cols, updatedAt: new Date() }),
});
