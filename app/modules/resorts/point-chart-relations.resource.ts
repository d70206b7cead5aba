import { eq } from "drizzle-orm";
import { pointSeasons, pointViews, resorts, rooms } from "~/db/schema";
import type { Relation } from "~/modules/admin/resource";

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
