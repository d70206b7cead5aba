import { eq } from "drizzle-orm";
import { pointSeasons, pointViews, resorts, rooms } from "~/db/schema";
import type { AnyPgColumn, Relation, ResourceColumn } from "~/modules/admin/resource";

/**
 * The rows the point-chart screens choose from (decision 0073). A CSV import may name them by these labels: the
 * resort's name, the room type's name, the view's name, the season's name.
 */
export const CHART_RESORTS: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};
export const CHART_ROOMS: Relation = { table: rooms, value: rooms.id, label: rooms.name };
export const CHART_VIEWS: Relation = { table: pointViews, value: pointViews.id, label: pointViews.name };
export const CHART_SEASONS: Relation = { table: pointSeasons, value: pointSeasons.id, label: pointSeasons.name };

/**
 * A point-chart list's resort columns: the resort's name (the row's title, searchable) and the hidden filter by resort
 * on `resortId` (the list's own column). `detail` names a column shown under the name.
 */
export function chartResortColumns(resortId: AnyPgColumn, detail?: string): ResourceColumn[] {
  return [
    {
      key: "resort",
      label: "Resort",
      value: resorts.name,
      primary: true,
      sortable: true,
      searchable: true,
      wrap: true,
      ...(detail ? { detail } : {}),
    },
    {
      key: "resortId",
      label: "Resort",
      value: resortId,
      hidden: true,
      filter: { kind: "relation", relation: CHART_RESORTS },
    },
  ];
}
