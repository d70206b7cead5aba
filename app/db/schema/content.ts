import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { listings } from "./listings";

/** Key-value settings the admin edits (site name, email, phones, hours...). Read by the /settings call. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's own values of the settings engine's `scope: "user"` sections (decision 0093: /admin/tweaks "My
 * settings"), one row a person and key; a key without a row is the section's default.
 */
export const userSettingValues = pgTable(
  "user_setting_values",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Header mega menus and footer link groups are data. A label appears once in a menu (the seed's natural key). An
 * item may sit under another item of the same menu (`parent_id`, one level, decision 0065); `sort_order` is kept
 * 1..n within each menu and parent by /admin/left-menu-settings and /admin/right-menu-settings.
 */
export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    menu: text("menu").notNull(),
    label: text("label").notNull(),
    href: text("href").notNull(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    parentId: integer("parent_id").references((): AnyPgColumn => menuItems.id),
    /** Hidden items stay in the admin list but leave the public menus (with their children). */
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [
    unique("menu_items_menu_label_unique").on(t.menu, t.label),
    index("menu_items_parent_idx").on(t.menu, t.parentId, t.sortOrder),
  ],
);

/** SPEC section 3 "Quick facts", ordered by sort_order. */
export const quickFacts = pgTable("quick_facts", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  title: text("title").notNull(),
  value: text("value").notNull(),
  link: text("link"),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * Messages sent to the company ("Ask about this listing", the contact page): kept for the admin's contact
 * messages (/admin/contact-messages) and mailed to the site's address.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** The listing the message is about, when sent from a listing page. */
    listingId: integer("listing_id").references(() => listings.id, { onDelete: "set null" }),
    /** The signed-in sender, if any. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The outbox message that carried it to the site's address. */
    mailId: integer("mail_id"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/**
 * Administrators' versions of the product's texts (mails now; SMS and contract sections next): a row overrides the
 * code default of the template with the same key (app/lib/templates.server.ts); a null part keeps the default's.
 */
export const messageTemplates = pgTable("message_templates", {
  key: text("key").primaryKey(),
  subject: text("subject"),
  text: text("text"),
  html: text("html"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

/**
 * Which template each mail event sends, and whether it sends at all (issue 33, /admin/email-templates-actions): a row
 * overrides the code's default for the event with the same key (the event's own template, switched on). A null part
 * keeps the default.
 */
export const mailEventActions = pgTable("mail_event_actions", {
  event: text("event").primaryKey(),
  templateKey: text("template_key"),
  enabled: boolean("enabled"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

/**
 * Earlier versions of an admin resource's rows (decision 0069): a declaration with `revisions: true` keeps a row's
 * values here before each save replaces them (and before a "restore the default" removes a stored override).
 * `resource` is the registry's route id, `row_key` the row's id as text; versions count 1..n per row.
 */
export const resourceRevisions = pgTable(
  "resource_revisions",
  {
    id: serial("id").primaryKey(),
    resource: text("resource").notNull(),
    rowKey: text("row_key").notNull(),
    version: integer("version").notNull(),
    /** The row's form values (by field name) as they were. */
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    savedBy: text("saved_by").references(() => user.id, { onDelete: "set null" }),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("resource_revisions_row_version").on(t.resource, t.rowKey, t.version)],
);

/**
 * The header banner (SPEC section 3 "Header banner"), edited at /admin/banners. `status` moves from `scheduled` to
 * `live` at `starts_at` and to `ended` at `ends_at` by the resource engine's scheduled jobs (decision 0068); the
 * public shell shows the live banner flagged for all pages.
 */
export const headerBanners = pgTable(
  "header_banners",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    detailText: text("detail_text"),
    text: text("text").notNull(),
    callToActionText: text("call_to_action_text").notNull(),
    callToActionLink: text("call_to_action_link"),
    showOnAllPages: boolean("show_on_all_pages").notNull().default(true),
    backgroundColor: text("background_color").notNull().default("#0c4a6e"),
    textColor: text("text_color").notNull().default("#ffffff"),
    /** Pixels. */
    fontSize: integer("font_size").notNull().default(16),
    /** Unitless, in hundredths (150: 1.5). */
    lineHeight: integer("line_height").notNull().default(150),
    status: text("status", { enum: ["draft", "scheduled", "live", "ended"] })
      .notNull()
      .default("draft"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("header_banners_status_idx").on(t.status)],
);

/** One stored size of a media library picture (a share of the original's width and height, as WebP). */
export type MediaVariant = { percent: number; key: string; width: number; height: number; bytes: number };

/**
 * The media library (/admin/media, decision 0067): pictures uploaded by staff for the site's pages and rich text.
 * The upload itself is not kept: it is re-encoded as WebP at the SPEC's presets (100, 75, 50 and 25% of its size),
 * each a file in storage under `media/library/` listed in `variants`; `storage_key` is the full-size one. The
 * original's name, type (told by its bytes), size and dimensions are kept as facts.
 */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    storageKey: text("storage_key").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    title: text("title").notNull().default(""),
    alt: text("alt").notNull().default(""),
    description: text("description").notNull().default(""),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_created_at_idx").on(t.createdAt)],
);
