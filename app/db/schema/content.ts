import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Key-value settings the admin edits (site name, email, phones, hours...). Read by the /settings call. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Header mega menus and footer link groups are data. */
export const menuItems = pgTable("menu_items", {
  id: serial("id").primaryKey(),
  menu: text("menu").notNull(),
  label: text("label").notNull(),
  href: text("href").notNull(),
  description: text("description"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** SPEC section 3 "Quick facts", ordered by sort_order. */
export const quickFacts = pgTable("quick_facts", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  title: text("title").notNull(),
  value: text("value").notNull(),
  link: text("link"),
  sortOrder: integer("sort_order").notNull().default(0),
});
