import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";
import { resorts } from "./listings";

/**
 * Issue 31: each resort's annual dues per point for each calendar year on record (/admin/resorts/historical-dues).
 * One row per resort and year. `estimated`: our figure (grown from an older published one), never shown as a fact.
 * The resort's current figure (`resorts.dues_per_point_cents` for `dues_year`) is kept equal to its row here
 * (decision 0075).
 */
export const resortDues = pgTable(
  "resort_dues",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    duesPerPointCents: integer("dues_per_point_cents").notNull(),
    source: text("source").notNull(),
    estimated: boolean("estimated").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("resort_dues_resort_year_uq").on(t.resortId, t.year)],
);

/**
 * Issue 31: Disney's direct (retail) price per point for a resort on a date (/admin/resorts/disney-retail-prices).
 * A new price is a new row: the history stays.
 */
export const disneyRetailPrices = pgTable(
  "disney_retail_prices",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    /** The date the price was in force (or reported). */
    pricedOn: date("priced_on").notNull(),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    source: text("source").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("disney_retail_prices_resort_date_uq").on(t.resortId, t.pricedOn),
    index("disney_retail_prices_resort_idx").on(t.resortId, t.pricedOn),
  ],
);
