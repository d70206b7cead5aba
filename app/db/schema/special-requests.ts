import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { listings } from "./listings";

/**
 * What a buyer is looking for (SPEC: buyer.special-request, /my-special-requests, /admin/special-requests): resorts,
 * a points range, use-year months, the most per point, a budget, a date, notes. An open request is matched against
 * every listing that goes live or changes price; each match is announced once.
 */
export const specialRequests = pgTable(
  "special_requests",
  {
    id: serial("id").primaryKey(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** open: matched and announced; closed: by the buyer (found one, or no longer looking) or an administrator. */
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** Resort ids; empty means any resort. */
    resortIds: integer("resort_ids").array().notNull().default([]),
    minPoints: integer("min_points"),
    maxPoints: integer("max_points"),
    /** Use-year months 1-12; empty means any. */
    useMonths: smallint("use_months").array().notNull().default([]),
    /** The most per point, in cents. */
    maxPricePerPointCents: integer("max_price_per_point_cents"),
    /** The most for the whole contract (points x price per point), in cents. */
    budgetCents: integer("budget_cents"),
    neededBy: date("needed_by"),
    notes: text("notes").notNull().default(""),
    closedReason: text("closed_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("special_requests_buyer_idx").on(t.buyerId, t.createdAt),
    index("special_requests_open_idx").on(t.status),
  ],
);

/** A listing announced to a request's buyer: one row per request and listing, so each is announced once. */
export const specialRequestMatches = pgTable(
  "special_request_matches",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => specialRequests.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** Why it was announced: the listing went live, or its price changed. */
    reason: text("reason", { enum: ["listed", "price"] }).notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("special_request_matches_once").on(t.requestId, t.listingId)],
);
