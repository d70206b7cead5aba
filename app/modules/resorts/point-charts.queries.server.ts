import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { pointData, pointSeasons, pointViews, resortRoomViews, resorts, rooms, seasonRanges } from "~/db/schema";

type Conn = Db | Tx;

/** The season ranges of one year (every resort, or one), in date order. */
export function selectRangesOfYear(db: Conn, year: number, resortId?: number) {
  return db
    .select({
      resortId: seasonRanges.resortId,
      seasonId: seasonRanges.seasonId,
      startDate: seasonRanges.startDate,
      endDate: seasonRanges.endDate,
      isDemo: seasonRanges.isDemo,
    })
    .from(seasonRanges)
    .where(
      and(
        gte(seasonRanges.startDate, `${year}-01-01`),
        lte(seasonRanges.startDate, `${year}-12-31`),
        resortId === undefined ? undefined : eq(seasonRanges.resortId, resortId),
      ),
    )
    .orderBy(asc(seasonRanges.resortId), asc(seasonRanges.startDate));
}

export async function insertSeasonRanges(db: Conn, rows: (typeof seasonRanges.$inferInsert)[]) {
  if (rows.length) await db.insert(seasonRanges).values(rows);
}

export async function resortNameOf(db: Conn, id: number) {
  const [r] = await db
    .select({ name: resorts.name })
    .from(resorts)
    .where(and(eq(resorts.id, id), eq(resorts.isInterval, false)));
  return r?.name ?? null;
}

/** The resorts a chart may cover (not the interval-resorts entry), in the site's order. */
export function selectChartResorts(db: Conn) {
  return db
    .select({ id: resorts.id, code: resorts.code, slug: resorts.slug, name: resorts.name })
    .from(resorts)
    .where(eq(resorts.isInterval, false))
    .orderBy(asc(resorts.sortOrder), asc(resorts.name));
}

/** Every resort's room-and-view combinations, with the room's and view's names and order. */
export function selectRoomViews(db: Conn, resortId?: number) {
  return db
    .select({
      resortId: resortRoomViews.resortId,
      roomId: rooms.id,
      roomSlug: rooms.slug,
      roomName: rooms.name,
      sleeps: rooms.sleeps,
      viewId: pointViews.id,
      viewSlug: pointViews.slug,
      viewName: pointViews.name,
      sqft: resortRoomViews.sqft,
    })
    .from(resortRoomViews)
    .innerJoin(rooms, eq(rooms.id, resortRoomViews.roomId))
    .innerJoin(pointViews, eq(pointViews.id, resortRoomViews.viewId))
    .where(resortId === undefined ? undefined : eq(resortRoomViews.resortId, resortId))
    .orderBy(asc(rooms.sortOrder), asc(rooms.name), asc(pointViews.sortOrder), asc(pointViews.name));
}

/** Season ranges that overlap [from, to], with the season's name, for some resorts. */
export function selectRangesBetween(db: Conn, resortIds: number[], from: string, to: string) {
  if (!resortIds.length) return Promise.resolve([]);
  return db
    .select({
      resortId: seasonRanges.resortId,
      seasonId: seasonRanges.seasonId,
      seasonName: pointSeasons.name,
      startDate: seasonRanges.startDate,
      endDate: seasonRanges.endDate,
      isDemo: seasonRanges.isDemo,
    })
    .from(seasonRanges)
    .innerJoin(pointSeasons, eq(pointSeasons.id, seasonRanges.seasonId))
    .where(
      and(inArray(seasonRanges.resortId, resortIds), lte(seasonRanges.startDate, to), gte(seasonRanges.endDate, from)),
    )
    .orderBy(asc(seasonRanges.startDate));
}

/** Points per night of one room type at every resort for some chart years. */
export function selectRoomPoints(db: Conn, roomId: number, years: number[]) {
  return db
    .select({
      resortId: pointData.resortId,
      viewId: pointData.viewId,
      seasonId: pointData.seasonId,
      chartYear: pointData.chartYear,
      weekdayPoints: pointData.weekdayPoints,
      weekendPoints: pointData.weekendPoints,
      isDemo: pointData.isDemo,
      updatedAt: pointData.updatedAt,
    })
    .from(pointData)
    .where(and(eq(pointData.roomId, roomId), inArray(pointData.chartYear, years)));
}

/** The chart years that have points, newest first. */
export async function selectChartYears(db: Conn) {
  const rows = await db
    .selectDistinct({ year: pointData.chartYear })
    .from(pointData)
    .orderBy(sql`${pointData.chartYear} desc`);
  return rows.map((r) => r.year);
}
