import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { resorts } from "./listings";

/** What a dining place is (issue 31; `DINING_KINDS` in modules/resorts/dining.ts): the dining tab groups by it. */
const DINING_KINDS = ["table-service", "quick-service", "lounge"] as const;

/**
 * Issue 31: the restaurants, quick-service spots and lounges at or beside a resort (decision 0074), edited at
 * /admin/resorts/dining and shown on the resort page's dining tab in `sort_order`.
 */
export const resortDining = pgTable(
  "resort_dining",
  {
    id: serial("id").primaryKey(),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: DINING_KINDS }).notNull(),
    description: text("description").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("resort_dining_resort_idx").on(t.resortId, t.sortOrder),
    check("resort_dining_kind", sql`${t.kind} in ('table-service', 'quick-service', 'lounge')`),
  ],
);
