/**
 * Share with a friend (SPEC sections 3 "Share payload", 5, 8): the texts, limits and the plain checks the
 * browser runs before sending. No zod here: the share dialog sits in every front-end page's bundle.
 * The server validates the same fields with zod (share.schema.ts), which reuses these texts and limits.
 */

export const SHARE_DEFAULT_MESSAGE = "I would like to recommend this listing.";

export const SHARE_MESSAGES = {
  required: "All fields are required",
  emailInvalid: "Email address is invalid, enter correct email.",
  notListingPage: "You are not at single listing page, you cannot share this page.",
  success: "You have successfully shared this listing with your friend.",
  nameRequired: "Enter your name.",
  emailRequired: "Enter your friend's email address.",
  messageRequired: "Write a message for your friend.",
  listingUrlRequired: "The listing's address is missing.",
  nameTooLong: "Your name can be at most 100 characters.",
  nameControl: "Your name cannot contain line breaks.",
  messageTooLong: "Your message can be at most 2,000 characters.",
  listingUrlTooLong: "The listing's address is too long.",
} as const;

export const SHARE_LIMITS = { name: 100, email: 254, message: 2000, listingUrl: 500 } as const;

/** Same pattern as the account forms (accounts.schema EMAIL_PATTERN): text, @, text, dot, text. */
export const SHARE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The listing pages a share may point at: /listing-info/{id} and /broker-listings/{id}. */
export const SHAREABLE_PATH = /^\/(listing-info|broker-listings)\/([1-9]\d{0,9})\/?$/;

export type ShareField = "name" | "email" | "message" | "listing_url";
export type ShareValues = Record<ShareField, string>;
export type ShareFieldErrors = Partial<Record<ShareField, string>>;

const REQUIRED: Record<ShareField, string> = {
  name: SHARE_MESSAGES.nameRequired,
  email: SHARE_MESSAGES.emailRequired,
  message: SHARE_MESSAGES.messageRequired,
  listing_url: SHARE_MESSAGES.listingUrlRequired,
};

/**
 * The browser's checks before sending: every field filled (else `missing`, shown as the warning
 * 'All fields are required'), an email of the right shape and the length caps. The server checks again.
 */
export function checkShareValues(values: ShareValues): { missing: boolean; fields: ShareFieldErrors } {
  const fields: ShareFieldErrors = {};
  for (const key of Object.keys(REQUIRED) as ShareField[]) {
    if (values[key].trim() === "") fields[key] = REQUIRED[key];
  }
  const missing = Object.keys(fields).length > 0;
  const name = values.name.trim();
  const email = values.email.trim();
  if (!fields.name && name.length > SHARE_LIMITS.name) fields.name = SHARE_MESSAGES.nameTooLong;
  if (!fields.email && (email.length > SHARE_LIMITS.email || !SHARE_EMAIL_PATTERN.test(email))) {
    fields.email = SHARE_MESSAGES.emailInvalid;
  }
  if (!fields.message && values.message.trim().length > SHARE_LIMITS.message) {
    fields.message = SHARE_MESSAGES.messageTooLong;
  }
  return { missing, fields };
}
