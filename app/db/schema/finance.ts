import { boolean, doublePrecision, integer, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Lenders that finance resale DVC contracts (`/admin/finance/lenders`, issue 31), shown on /dvc-financing in the
 * administrator's order. Rates are APR in percent (6.99), the minimum loan integer cents.
 */
export const lenders = pgTable("lenders", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  website: text("website"),
  phone: text("phone"),
  aprMinPercent: doublePrecision("apr_min_percent").notNull(),
  aprMaxPercent: doublePrecision("apr_max_percent").notNull(),
  termMinYears: smallint("term_min_years").notNull(),
  termMaxYears: smallint("term_max_years").notNull(),
  minLoanCents: integer("min_loan_cents").notNull().default(0),
  downPaymentPercent: smallint("down_payment_percent").notNull().default(10),
  notes: text("notes").notNull().default(""),
  /** Demo rows of the seed: labelled as demo data in the admin list and on the page. */
  isDemo: boolean("is_demo").notNull().default(false),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
