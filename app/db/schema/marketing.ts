import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { resorts } from "./listings";

/**
 * Issue 33 (decision 0087): marketing mail. A template (LiquidJS, a fixed set of variables) is sent to a segment by a
 * campaign; the recipients are written once when the send starts and marked sent in the same transaction as their
 * outbox message, so a resumed send mails nobody twice.
 */
export const marketingTemplates = pgTable("marketing_templates", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  subject: text("subject").notNull(),
  /** The HTML body (LiquidJS, values escaped); the site's mail layout wraps it. */
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const MARKETING_SEGMENTS = [
  "buyers",
  "sellers",
  "subscribers",
  "special-requests",
  "favourited-resort",
] as const;
export type MarketingSegment = (typeof MARKETING_SEGMENTS)[number];
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;

export const marketingCampaigns = pgTable(
  "marketing_campaigns",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    templateId: integer("template_id")
      .notNull()
      .references(() => marketingTemplates.id, { onDelete: "restrict" }),
    segment: text("segment", { enum: MARKETING_SEGMENTS }).notNull(),
    /** Decision 0092: the resort of the "favourited-resort" segment (null for every other segment). */
    resortId: integer("resort_id").references(() => resorts.id, { onDelete: "restrict" }),
    /** draft (editable) -> sending (recipients written, batches going out) -> sent; a draft or sending may be cancelled. */
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** When a `scheduled` campaign starts sending by itself (decision 0091). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
  },
  (t) => [
    index("marketing_campaigns_status_idx").on(t.status),
    check(
      "marketing_campaigns_resort_segment",
      sql`(${t.segment} = 'favourited-resort') = (${t.resortId} is not null)`,
    ),
  ],
);

export const marketingRecipients = pgTable(
  "marketing_recipients",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: "cascade" }),
    /** Lower case: one mail per address per campaign. */
    email: text("email").notNull(),
    firstName: text("first_name"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** pending (not yet mailed), sent (its outbox message written), skipped (unsubscribed before its batch). */
    status: text("status", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    outboxId: integer("outbox_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    opens: integer("opens").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    firstClickedAt: timestamp("first_clicked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("marketing_recipients_campaign_email_unique").on(t.campaignId, t.email),
    index("marketing_recipients_campaign_status_idx").on(t.campaignId, t.status),
  ],
);

/** Addresses that asked for no more marketing mail (lower case). Never mailed by a campaign again. */
export const marketingUnsubscribes = pgTable("marketing_unsubscribes", {
  email: text("email").primaryKey(),
  campaignId: integer("campaign_id").references(() => marketingCampaigns.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
