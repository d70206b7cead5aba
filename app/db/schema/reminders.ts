import { date, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { listings } from "./listings";

/**
 * Issue 33 (decision 0089): one banking reminder sent for a listing's use year at one lead time. Written in the same
 * transaction as the mail's (and the text message's) outbox row, and unique per listing, use year and lead time, so
 * a repeated or resumed run of the daily job never sends one twice.
 */
export const bankingReminders = pgTable(
  "banking_reminders",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The calendar year the use year began in (a December 2026 use year: 2026). */
    useYear: smallint("use_year").notNull(),
    /** The reminder's lead time: days before the deadline it was meant for (the tweak's value when sent). */
    leadDays: smallint("lead_days").notNull(),
    /** The last day the use year's points can be banked. */
    deadline: date("deadline", { mode: "string" }).notNull(),
    /** The current use year's points the mail named. */
    points: integer("points").notNull(),
    mailId: integer("mail_id").notNull(),
    /** The text message's outbox id; null when the seller has not turned SMS on. */
    smsId: integer("sms_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("banking_reminders_once").on(t.listingId, t.useYear, t.leadDays)],
);
