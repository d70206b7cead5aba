import { z } from "zod";
import { int as wholeNumber, optionalText, token } from "~/lib/fields";

/**
 * The user preferences modal (SPEC section 3 "User settings", section 4 "Settings toggles"): every field that
 * `user.profile.update-user-field` may change, with its own zod schema. A name not listed here is refused.
 * Safe for the browser: the modal renders from this list.
 */
export const SETTINGS_MESSAGES = {
  updated: "Field has been updated!",
  commissionUpdated: "Commission text has been updated!",
  unknownField: "This setting does not exist.",
  locked: "This field is locked. Contact us to change it.",
  subAccount: "This setting is not available for sub-accounts.",
  adminOnly: "Only an administrator signed in as this user can change this setting.",
  notYours: "You can only change your own settings.",
  emailField: "Change your email address with the email change form on your profile.",
  roleWithListings: "Deactivate your listings before switching to a buyer account.",
  adminRole: "Staff accounts (administrators and writers) cannot switch to a buyer or seller account.",
} as const;

const bool = z.preprocess(
  (v) => {
    if (v === "true" || v === "1" || v === "on" || v === 1) return true;
    if (v === "false" || v === "0" || v === "off" || v === 0 || v === "") return false;
    return v;
  },
  z.boolean({ error: "Choose on or off." }),
);

/** A text setting: blank is null (cleared); trimmed, at most `max` characters, no control characters. */
const text = (max: number, label: string) => optionalText({ label, max, empty: null });

const int = (min: number, max: number, label: string) =>
  wholeNumber({
    min,
    max,
    message: `${label} must be a whole number.`,
    tooSmall: `${label} must be at least ${min}.`,
    tooLarge: `${label} can be at most ${max}.`,
  });

export type SettingKind = "boolean" | "text" | "number" | "role";
/** Where the value lives: the user row or the user's settings row. */
export type SettingTable = "user" | "settings";

export type SettingField = {
  name: string;
  label: string;
  hint?: string;
  kind: SettingKind;
  table: SettingTable;
  /** The column key in the Drizzle table. */
  column: string;
  /** Admin-only: changed only by an administrator who is impersonating (SPEC section 6). */
  adminOnly?: boolean;
  /** The lock flag (another field name) that makes this field read-only. */
  lockedBy?: string;
  /** Hidden and refused for sub-accounts. */
  notForSubAccounts?: boolean;
  group: "account" | "contract" | "notifications" | "admin";
  schema: z.ZodType;
  min?: number;
  max?: number;
};

export const SETTING_FIELDS: readonly SettingField[] = [
  {
    name: "role",
    label: "I want to",
    kind: "role",
    table: "user",
    column: "role",
    group: "account",
    hint: "Switching between buying and selling reloads the page.",
    schema: z.enum(["buyer", "seller"], { error: "Choose buyer or seller." }),
  },
  {
    name: "salutation",
    label: "Salutation",
    kind: "text",
    table: "settings",
    column: "salutation",
    lockedBy: "lock_salutation",
    group: "account",
    hint: "How we greet you in emails, for example Mr. Smith.",
    schema: text(60, "Salutation"),
  },
  {
    name: "testimonial_short_name",
    label: "Testimonial name",
    kind: "text",
    table: "settings",
    column: "testimonialShortName",
    lockedBy: "lock_testimonial_short_name",
    notForSubAccounts: true,
    group: "account",
    hint: "The short name shown with a testimonial you write, for example Jane S.",
    schema: text(60, "Testimonial name"),
  },
  {
    name: "us_member",
    label: "I am a US resident",
    kind: "boolean",
    table: "settings",
    column: "usMember",
    notForSubAccounts: true,
    group: "account",
    hint: "Sellers who are not US residents have tax withheld at closing (FIRPTA).",
    schema: bool,
  },
  {
    name: "first_sentence_of_contract",
    label: "First sentence of contract",
    kind: "text",
    table: "settings",
    column: "firstSentenceOfContract",
    lockedBy: "lock_first_sentence_of_contract",
    group: "contract",
    hint: "The names of the owners exactly as they appear on the deed, as they start the purchase agreement.",
    schema: text(500, "First sentence of contract"),
  },
  {
    name: "us_phone_number",
    label: "Mobile number for text messages",
    kind: "text",
    table: "settings",
    column: "usPhoneNumber",
    group: "notifications",
    schema: z.preprocess(
      (v) => (v === null || v === undefined ? "" : v),
      z
        .string({ error: "Enter a phone number." })
        .trim()
        .max(30, "Enter a phone number of at most 30 characters.")
        .refine(
          (v) => v === "" || (/^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, "").length >= 9),
          "Enter a phone number of at least 9 digits.",
        )
        .transform((v) => (v === "" ? null : v)),
    ),
  },
  {
    name: "phone_number_alert",
    label: "Call me about important updates",
    kind: "boolean",
    table: "settings",
    column: "phoneNumberAlert",
    group: "notifications",
    schema: bool,
  },
  {
    name: "sms_enabled",
    label: "Text messages",
    kind: "boolean",
    table: "settings",
    column: "smsEnabled",
    group: "notifications",
    schema: bool,
  },
  {
    name: "auto_send_email",
    label: "Email me copies of offers and agreements",
    kind: "boolean",
    table: "settings",
    column: "autoSendEmail",
    group: "notifications",
    schema: bool,
  },
  {
    name: "offer_email_opened_notify",
    label: "Email me when an offer email is opened",
    kind: "boolean",
    table: "settings",
    column: "offerEmailOpenedNotify",
    group: "notifications",
    schema: bool,
  },
  {
    name: "offer_viewed_notify",
    label: "Email me when an offer is viewed",
    kind: "boolean",
    table: "settings",
    column: "offerViewedNotify",
    group: "notifications",
    schema: bool,
  },
  {
    name: "offer_email_opened_sms",
    label: "Text me when an offer email is opened",
    kind: "boolean",
    table: "settings",
    column: "offerEmailOpenedSms",
    group: "notifications",
    schema: bool,
  },
  {
    name: "offer_viewed_sms",
    label: "Text me when an offer is viewed",
    kind: "boolean",
    table: "settings",
    column: "offerViewedSms",
    group: "notifications",
    schema: bool,
  },
  // Admin-only (SPEC section 3 and 6): shown to and accepted from an impersonating administrator only.
  {
    name: "buyer_low_offer_enabled",
    label: "Limit low offers",
    kind: "boolean",
    table: "settings",
    column: "buyerLowOfferEnabled",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
  {
    name: "buyer_low_offer_value",
    label: "Lowest offer (percent below appraisal value)",
    kind: "number",
    table: "settings",
    column: "buyerLowOfferValue",
    adminOnly: true,
    group: "admin",
    min: 0,
    max: 100,
    schema: int(0, 100, "The low offer limit"),
  },
  {
    name: "buyer_high_offer_enabled",
    label: "Limit high offers",
    kind: "boolean",
    table: "settings",
    column: "buyerHighOfferEnabled",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
  {
    name: "buyer_high_offer_value",
    label: "Highest offer (percent above appraisal value)",
    kind: "number",
    table: "settings",
    column: "buyerHighOfferValue",
    adminOnly: true,
    group: "admin",
    min: 0,
    max: 200,
    schema: int(0, 200, "The high offer limit"),
  },
  {
    name: "no_of_allowed_offers",
    label: "Allowed open offers",
    kind: "number",
    table: "settings",
    column: "noOfAllowedOffers",
    adminOnly: true,
    group: "admin",
    min: 0,
    max: 100,
    schema: int(0, 100, "The allowed offer count"),
  },
  {
    name: "is_feedback_given",
    label: "Completed survey",
    kind: "boolean",
    table: "user",
    column: "isFeedbackGiven",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
  {
    name: "lock_salutation",
    label: "Lock salutation",
    kind: "boolean",
    table: "settings",
    column: "lockSalutation",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
  {
    name: "lock_testimonial_short_name",
    label: "Lock testimonial name",
    kind: "boolean",
    table: "settings",
    column: "lockTestimonialShortName",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
  {
    name: "lock_first_sentence_of_contract",
    label: "Lock first sentence of contract",
    kind: "boolean",
    table: "settings",
    column: "lockFirstSentenceOfContract",
    adminOnly: true,
    group: "admin",
    schema: bool,
  },
];

export const SETTING_FIELDS_BY_NAME: ReadonlyMap<string, SettingField> = new Map(
  SETTING_FIELDS.map((f) => [f.name, f]),
);

/**
 * The payload of `user.profile.update-user-field`: id (whose settings: the signed-in user's own; left out, the
 * signed-in user), name (a field above), value.
 */
export const UpdateUserFieldSchema = z.object({
  id: token({ message: "Say whose setting to change.", max: 64 }).optional(),
  name: token({ message: SETTINGS_MESSAGES.unknownField, max: 64 }),
  value: z.unknown(),
});

/** The user id of `GET /user-data/{user_id}`: an id is printable ASCII; anything else is no user. */
export const UserIdSchema = token({ message: "This user does not exist.", max: 64 });
export type UpdateUserFieldInput = z.infer<typeof UpdateUserFieldSchema>;

/** The payload of `listings.commission-text.update`: value; `isAdmin` is ignored (the session decides). */
export const CommissionTextSchema = z.object({
  value: optionalText({ label: "The commission text", max: 500, multiline: true, empty: null }),
  isAdmin: z.unknown().optional(),
});

/** Toast duration of the commission-text update (SPEC section 9: 3000 ms). */
export const COMMISSION_TOAST_MS = 3000;

/** What /user-data answers: profile fields and settings, never secrets. */
export type UserData = {
  id: string;
  user_uniqid: string;
  name: string;
  email: string;
  email_verified: boolean;
  role: string;
  profile_photo_url: string | null;
  adjusted_commission_text: string | null;
  is_sub_account: boolean;
  settings: Record<string, string | number | boolean | null>;
  /** True when the viewer is an administrator impersonating this user: the admin settings are shown. */
  can_edit_admin_settings: boolean;
  /** False for staff (issue 28): the buyer/seller switch is not shown. */
  can_switch_role: boolean;
  created_at: string;
};
