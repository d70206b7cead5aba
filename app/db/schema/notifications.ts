import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { offers } from "./offers";

/**
 * A person's in-app notifications (issue 10, decision 0031): the header's bell and /v2/profile/notifications.
 * `kind` names the event (`offer.submitted`, `offer.viewed`, `special-request.match` ...); `href` is a path of this
 * site. Only their owner reads, marks or deletes them.
 */
export const userNotifications = pgTable(
  "user_notifications",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    href: text("href"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("user_notifications_user_idx").on(t.userId, t.createdAt),
    index("user_notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * What the seller did with an offer's round that the buyer may hear about: opened the mail (`mail-opened`, the
 * tracking pixel) or viewed the offer's page (`viewed`). One row per offer, round and signal: the first one wins, so
 * the buyer hears once per round.
 */
export const offerRoundSignals = pgTable(
  "offer_round_signals",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    signal: text("signal", { enum: ["mail-opened", "viewed"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.round, t.signal] })],
);
