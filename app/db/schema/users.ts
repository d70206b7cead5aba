import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
  // Admin-only settings (changed only by an administrator who is impersonating)
  buyerLowOfferEnabled: boolean("buyer_low_offer_enabled").notNull().default(false),
  buyerLowOfferValue: integer("buyer_low_offer_value").notNull().default(20),
  buyerHighOfferEnabled: boolean("buyer_high_offer_enabled").notNull().default(false),
  buyerHighOfferValue: integer("buyer_high_offer_value").notNull().default(20),
  noOfAllowedOffers: integer("no_of_allowed_offers").notNull().default(5),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
