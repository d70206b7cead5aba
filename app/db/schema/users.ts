import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** SPEC section 3 "User settings", one row per user, created with the user. */
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  salutation: text("salutation"),
  lockSalutation: boolean("lock_salutation").notNull().default(false),
  testimonialShortName: text("testimonial_short_name"),
  lockTestimonialShortName: boolean("lock_testimonial_short_name").notNull().default(false),
  firstSentenceOfContract: text("first_sentence_of_contract"),
  lockFirstSentenceOfContract: boolean("lock_first_sentence_of_contract").notNull().default(false),
  usMember: boolean("us_member").notNull().default(true),
  usPhoneNumber: text("us_phone_number"),
  phoneNumberAlert: boolean("phone_number_alert").notNull().default(false),
  smsEnabled: boolean("sms_enabled").notNull().default(false),
  autoSendEmail: boolean("auto_send_email").notNull().default(true),
  offerEmailOpenedNotify: boolean("offer_email_opened_notify").notNull().default(true),
  offerViewedNotify: boolean("offer_viewed_notify").notNull().default(true),
  offerEmailOpenedSms: boolean("offer_email_opened_sms").notNull().default(false),
  offerViewedSms: boolean("offer_viewed_sms").notNull().default(false),
  isSubAccount: boolean("is_sub_account").notNull().default(false),
  // Contact details a seller must provide before closing (the Required page).
  phoneNumber: text("phone_number"),
  addressLine1: text("address_line1"),
  addressLine2: text("address_line2"),
  city: text("city"),
  state: text("state"),
  postalCode: text("postal_code"),
  country: text("country").notNull().default("US"),
  // Admin-only settings (changed only by an administrator who is impersonating)
  buyerLowOfferEnabled: boolean("buyer_low_offer_enabled").notNull().default(false),
  buyerLowOfferValue: integer("buyer_low_offer_value").notNull().default(20),
  buyerHighOfferEnabled: boolean("buyer_high_offer_enabled").notNull().default(false),
  buyerHighOfferValue: integer("buyer_high_offer_value").notNull().default(20),
  noOfAllowedOffers: integer("no_of_allowed_offers").notNull().default(5),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only journal of what happens to an account and its listings (issue 4 "Activity journal").
 * `user_id` is whose journal the entry belongs to; `actor_id` who did it; `impersonator_id` the administrator
 * behind the actor during an impersonation. No foreign keys: the journal outlives what it describes.
 * A trigger (migration 0006) refuses UPDATE and DELETE.
 */
export const activityJournal = pgTable(
  "activity_journal",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id"),
    actorId: text("actor_id"),
    impersonatorId: text("impersonator_id"),
    /** e.g. auth.sign-in, profile.update, email.change, settings.update, listing.status, impersonation.start */
    kind: text("kind").notNull(),
    /** general, listing, security, impersonation (the admin journal's tabs) */
    category: text("category").notNull().default("general"),
    summary: text("summary").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_journal_user_idx").on(t.userId, t.createdAt),
    index("activity_journal_created_idx").on(t.createdAt),
  ],
);

/** Every sign-in and failed attempt (admin "login activity"). */
export const loginActivity = pgTable(
  "login_activity",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id"),
    email: text("email").notNull(),
    success: boolean("success").notNull(),
    /** why it failed: bad-credentials, rate-limited, two-factor, deleted, banned; null on success */
    reason: text("reason"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_activity_created_idx").on(t.createdAt),
    index("login_activity_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * The admin header's notifications (SPEC section 3 "Notification", section 2 "Admin notifications").
 * type: userCreated, feedBackGiven, listing, addressHelp. `data` holds user, role, notification, user_uniqid.
 */
export const adminNotifications = pgTable(
  "admin_notifications",
  {
    id: serial("id").primaryKey(),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_notifications_type_idx").on(t.type, t.createdAt)],
);

/** Users inactive for the admin's period who still have active listings; refreshed by a scheduled job. */
export const inactiveUsers = pgTable("inactive_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastActivity: timestamp("last_activity", { withTimezone: true }),
  activeListings: integer("active_listings").notNull(),
  foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Best practices guide sections (/v2/profile/best-practices), edited by staff. audience: all, buyer, seller. */
export const bestPractices = pgTable("best_practices", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  audience: text("audience", { enum: ["all", "buyer", "seller"] })
    .notNull()
    .default("all"),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
