import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { listings } from "./listings";

/**
 * Decision 0092: the favourites of a signed-in person, kept on the server as well as in the browser's cookie
 * (`my-favorite-listings`), so they follow the account across devices and marketing can reach "people who
 * favourited a resort". One row per person and listing; gone with the account or the listing. A favourite the person
 * removed keeps its row with `removed_at` set, so an older cookie on another device does not bring it back.
 */
export const userFavorites = pgTable(
  "user_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the person took it out of their favourites (null while it is one). */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index("user_favorites_listing_idx").on(t.listingId)],
);
