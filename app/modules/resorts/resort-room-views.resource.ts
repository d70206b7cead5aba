import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { pointViews, resortRoomViews, resorts, rooms } from "~/db/schema";
import { id, int } from "~/lib/fields";
import { defineResource } from "~/modules/admin/resource";
import { CHART_RESORTS, chartResortColumns, CHART_ROOMS, CHART_VIEWS } from "./point-chart-relations.resource";

export const ResortRoomViewSchema = z.object({
  resort_id: id("Choose one of the resorts."),
  room_id: id("Choose one of the room types."),
  view_id: id("Choose one of the views."),
  sqft: z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    int({
      min: 100,
      max: 10_000,
      message: "Enter the size in square feet, a whole number from 100 to 10,000, or leave it empty.",
    }).nullable(),
  ),
});

/**
 * /admin/vacation-point-calculator/resort-room-relation: the room-and-view combinations each resort's chart has (a
 * studio with a savanna view at Animal Kingdom), with a typical size. The calculator offers these; the resort page's
 * rooms tab lists them (decision 0073).
 */
export default defineResource({
  noun: "resort room",
  title: "Resort rooms and views",
  description:
    "Which room types each resort has, and in which views: one row per combination, with a typical size in square feet. The calculator offers these combinations, and the resort page's rooms tab lists them.",
  caption: "Room-and-view combinations by resort",
  searchLabel: "Search by resort, room or view",
  emptyText: "No combinations yet.",
  table: resortRoomViews,
  id: resortRoomViews.id,
  operations: ["create", "update", "delete", "import", "export"],
  schema: ResortRoomViewSchema,
  importKey: ["resort_id", "room_id", "view_id"],
  pageSize: 50,
  joins: [
    { table: resorts, on: () => eq(resorts.id, resortRoomViews.resortId) },
    { table: rooms, on: () => eq(rooms.id, resortRoomViews.roomId) },
    { table: pointViews, on: () => eq(pointViews.id, resortRoomViews.viewId) },
  ],
  columns: [
    ...chartResortColumns(resortRoomViews.resortId),
    { key: "room", label: "Room type", value: rooms.name, sortable: true, searchable: true },
    { key: "view", label: "View", value: pointViews.name, sortable: true, searchable: true },
    { key: "sqft", label: "Size (sq ft)", value: resortRoomViews.sqft, format: "number", sortable: true },
    {
      key: "order",
      label: "Order",
      value: sql<number>`${resorts.sortOrder} * 10000 + ${rooms.sortOrder} * 100 + ${pointViews.sortOrder}`,
      sortable: true,
      hidden: true,
    },
  ],
  fields: [
    { name: "resort_id", label: "Resort", kind: "relation", column: resortRoomViews.resortId, relation: CHART_RESORTS },
    { name: "room_id", label: "Room type", kind: "relation", column: resortRoomViews.roomId, relation: CHART_ROOMS },
    { name: "view_id", label: "View", kind: "relation", column: resortRoomViews.viewId, relation: CHART_VIEWS },
    { name: "sqft", label: "Size (sq ft)", kind: "number", help: "Typical size as the resort publishes it; optional." },
  ],
  defaultSort: { key: "order", dir: "asc" },
  titleOf: (row) =>
    row.resort !== undefined
      ? [row.resort, row.room, row.view].join(", ")
      : row.resortId !== undefined
        ? `Combination ${row.id}`
        : [row.resort_id, row.room_id, row.view_id].filter(Boolean).join(", "),
});
