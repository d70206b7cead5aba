import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every message the product sends; delivered over SMTP by a job when SMTP_URL is set. */
/** A file a message carries, by its storage key (decision 0091). */
export type MailAttachment = { key: string; filename: string; contentType: string; size: number };

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template"),
    /** Extra mail headers (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post; decision 0087). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /**
     * Files sent with the message (a campaign's attachments; decision 0091): storage keys with their name, type and
     * size, read from storage at delivery. The bytes are never copied into the row.
     */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /**
     * queued (waiting for the job), sent (delivered over SMTP), kept (no SMTP configured), failed, skipped (its event
     * is switched off at /admin/email-templates-actions: recorded, never delivered)
     */
    status: text("status", { enum: ["queued", "sent", "kept", "failed", "skipped"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * Every text message the site sends (the SMS log beside the mail log): kept here when no SMS provider is set up
 * (SMS_URL), otherwise queued and delivered by a job through the provider's HTTP API.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: serial("id").primaryKey(),
    /** E.164, US numbers only (+1 and ten digits). */
    to: text("to").notNull(),
    body: text("body").notNull(),
    template: text("template"),
    status: text("status", { enum: ["queued", "sent", "kept", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The provider's id for the message, when it gives one. */
    providerId: text("provider_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("sms_outbox_created_idx").on(t.createdAt)],
);

/** Fixed-window rate-limit counters, shared by every process through the database. */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});
