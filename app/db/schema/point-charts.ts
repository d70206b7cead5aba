import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { resorts, rooms } from "./listings";

/**
 * The point charts (DOMAIN.md "Point charts", decision 0073): views, seasons (travel periods), the dates of each
 * resort's seasons per year, the room-and-view combinations each resort has, and the points per night. Edited under
 * /admin/vacation-point-calculator/*; read by /buying-vacation-point-calculator.
 */

/** View categories: standard, preferred, lake, savanna, garden/pool, theme park, ocean. */
export const pointViews = pgTable("point_views", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Travel periods (seasons): Adventure, Choice, Dream, Magic, Premier; the dates differ per resort and year. */
export const pointSeasons = pgTable("point_seasons", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  /** A CSS colour for the calendar key ("#2563eb"), optional. */
  colour: text("colour"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Which dates of a year belong to which season at a resort: one row per range, both ends included, within one year. */
export const seasonRanges = pgTable(
  "season_ranges",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    seasonId: integer("season_id")
      .notNull()
      .references(() => pointSeasons.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
  },
  (t) => [
    unique("season_ranges_resort_start_unique").on(t.resortId, t.startDate),
    index("season_ranges_resort_dates_idx").on(t.resortId, t.startDate, t.endDate),
    check("season_ranges_order", sql`${t.endDate} >= ${t.startDate}`),
    check("season_ranges_one_year", sql`extract(year from ${t.endDate}) = extract(year from ${t.startDate})`),
  ],
);

/** The room-and-view combinations a resort's chart has (a resort's rooms tab lists them), with a typical size. */
export const resortRoomViews = pgTable(
  "resort_room_views",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    viewId: integer("view_id")
      .notNull()
      .references(() => pointViews.id, { onDelete: "cascade" }),
    /** Typical size in square feet, as the resort publishes it; null when not known. */
    sqft: integer("sqft"),
  },
  (t) => [
    unique("resort_room_views_unique").on(t.resortId, t.roomId, t.viewId),
    check("resort_room_views_sqft", sql`${t.sqft} is null or ${t.sqft} between 100 and 10000`),
  ],
);

/** Points per night for a chart year: by resort, room, view and season, Sunday-Thursday and Friday-Saturday. */
export const pointData = pgTable(
  "point_data",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    viewId: integer("view_id")
      .notNull()
      .references(() => pointViews.id, { onDelete: "cascade" }),
    seasonId: integer("season_id")
      .notNull()
      .references(() => pointSeasons.id, { onDelete: "cascade" }),
    chartYear: smallint("chart_year").notNull(),
    /** Points per night, Sunday to Thursday. */
    weekdayPoints: smallint("weekday_points").notNull(),
    /** Points per night, Friday and Saturday. */
    weekendPoints: smallint("weekend_points").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    /** When the row was last saved: the calculator states its data's date from it. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("point_data_unique").on(t.resortId, t.roomId, t.viewId, t.seasonId, t.chartYear),
    index("point_data_lookup_idx").on(t.resortId, t.chartYear),
    check("point_data_points", sql`${t.weekdayPoints} between 1 and 999 and ${t.weekendPoints} between 1 and 999`),
  ],
);
