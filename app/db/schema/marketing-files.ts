import { index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { marketingCampaigns } from "./marketing";

/**
 * Issue 33 (decision 0091): the marketing file library (`/admin/marketing/files`): PDFs and pictures kept as uploaded
 * (their type told by their bytes), served at a public address for templates and attached to campaigns' mails.
 */
export const marketingFiles = pgTable(
  "marketing_files",
  {
    id: serial("id").primaryKey(),
    /** `marketing/files/<16 hex>.<pdf|png|jpg|webp>`: served at `/marketing-files/<name>`. */
    storageKey: text("storage_key").notNull().unique(),
    title: text("title").notNull(),
    /** The name the file was uploaded with (an attachment goes out under it). */
    originalName: text("original_name").notNull(),
    /** Told by the bytes: application/pdf, image/png, image/jpeg or image/webp. */
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("marketing_files_created_at_idx").on(t.createdAt)],
);

/** The files a campaign's mails carry as attachments. A file attached to an unsent campaign cannot be deleted. */
export const marketingCampaignFiles = pgTable(
  "marketing_campaign_files",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => marketingFiles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.fileId] }), index("marketing_campaign_files_file_idx").on(t.fileId)],
);
