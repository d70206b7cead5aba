import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { resorts } from "./listings";

/**
 * Issue 31, open market data (decision 0077): one row per resort and calendar month, precomputed from the product's
 * own listings and sales by the `market.refresh-monthly` job (never a scan of every sale per request). `is_demo` rows
 * are the seeded demo history; the refresh replaces a month's demo figures once the product has its own sales
 * in that month, and leaves the demo months alone otherwise. The administrators' correction of the average price
 * (/admin/avg-prices) lives in the same row and survives every refresh.
 */
export const marketMonthly = pgTable(
  "market_monthly",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    /** The first day of the calendar month (UTC). */
    month: date("month").notNull(),
    /** Listings posted in the month: how many, and their median asking price per point (cents). */
    listedCount: integer("listed_count").notNull().default(0),
    askingMedianCents: integer("asking_median_cents"),
    /** Sales closed (or bought back by the developer) in the month. */
    soldCount: integer("sold_count").notNull().default(0),
    soldPoints: integer("sold_points").notNull().default(0),
    soldMedianCents: integer("sold_median_cents"),
    /** Median days from the listing's posting to the signed agreement, over the month's sales. */
    medianDaysOnMarket: integer("median_days_on_market"),
    rofrWaived: integer("rofr_waived").notNull().default(0),
    rofrExercised: integer("rofr_exercised").notNull().default(0),
    /** Average price per point of the month's listings and sales together (cents), as computed. */
    averageCents: integer("average_cents"),
    /** An administrator's correction of the average (cents), with the reason; null: none. Kept by the refresh. */
    correctedAverageCents: integer("corrected_average_cents"),
    correctionNote: text("correction_note"),
    isDemo: boolean("is_demo").notNull().default(false),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("market_monthly_resort_month").on(t.resortId, t.month),
    index("market_monthly_month_idx").on(t.month),
    check(
      "market_monthly_correction_positive",
      sql`${t.correctedAverageCents} is null or ${t.correctedAverageCents} > 0`,
    ),
  ],
);

/**
 * /admin/resorts/membership-values: a resort's reference value per point, dated and sourced (seeded from DOMAIN.md's
 * July 2021 resale prices). The appraisal falls back to the latest one when the product has too few comparable
 * listings and sales (decision 0077). Several rows per resort keep the history.
 */
export const resortMembershipValues = pgTable(
  "resort_membership_values",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    valuePerPointCents: integer("value_per_point_cents").notNull(),
    asOf: date("as_of").notNull(),
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("resort_membership_values_resort_idx").on(t.resortId, t.asOf),
    check("resort_membership_values_positive", sql`${t.valuePerPointCents} > 0`),
  ],
);

/**
 * Issue 34: each resort's market now, precomputed by the same `market.refresh-monthly` job as `market_monthly` (so the
 * price pages and calculators read one row per resort instead of every live listing and every recent sale per
 * request): the median asking price per point of the live listings (test listings left out) and the median price of
 * the sales closed since `sold_since` (the refresh's time less `RECENT_SALES_DAYS`), each with how many it is of.
 */
export const marketResortPrices = pgTable("market_resort_prices", {
  resortId: integer("resort_id")
    .primaryKey()
    .references(() => resorts.id, { onDelete: "cascade" }),
  askingMedianCents: integer("asking_median_cents"),
  askingCount: integer("asking_count").notNull().default(0),
  soldMedianCents: integer("sold_median_cents"),
  soldCount: integer("sold_count").notNull().default(0),
  soldSince: timestamp("sold_since", { withTimezone: true }).notNull(),
  refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
});
