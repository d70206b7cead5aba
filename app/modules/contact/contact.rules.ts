/**
 * The contact form's limits and messages, without zod: the form in the browser imports these, and the schema
 * (contact.schema.ts, zod) is loaded only after the page has hydrated (issue 12: the listing page's JavaScript).
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  phoneMinDigits: 9,
  phoneMaxDigits: 15,
  messageMin: 10,
  messageMax: 2000,
} as const;

/** Questions a visitor may send about listings from one client address in an hour. */
export const LISTING_QUESTION_RATE = { limit: 5, windowSeconds: 3600 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Enter your name.",
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.nameMax} characters.`,
  phoneInvalid: `Enter a phone number of ${CONTACT_LIMITS.phoneMinDigits} to ${CONTACT_LIMITS.phoneMaxDigits} digits, or leave it empty.`,
  messageTooShort: `Write a question of at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Your question can be at most ${CONTACT_LIMITS.messageMax} characters.`,
  rateLimited: "You have sent several questions in the last hour. Please wait a while, or call or email us directly.",
  sent: "Thank you. Your question was sent; we usually answer within one business day.",
} as const;

/**
 * The general contact form (issue 32, the `contact-form` embed on /contact-us): what a message is about. The value is
 * what the form sends; the label is shown and names the message's subject ("Contact form: Buying").
 */
export const CONTACT_TOPICS = [
  { value: "buying", label: "Buying" },
  { value: "selling", label: "Selling" },
  { value: "sale-in-progress", label: "A sale in progress" },
  { value: "rentals", label: "Rentals" },
  { value: "other", label: "Something else" },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]["value"];

/** Messages a visitor may send with the contact form from one client address in an hour. */
export const CONTACT_FORM_RATE = { limit: 5, windowSeconds: 3600 } as const;

export const CONTACT_FORM_MESSAGES = {
  topicRequired: "Choose what your message is about.",
  messageTooShort: `Write a message of at least ${CONTACT_LIMITS.messageMin} characters.`,
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.messageMax} characters.`,
  rateLimited: "You have sent several messages in the last hour. Please wait a while, or call or email us directly.",
  sent: "Thank you. Your message was sent; we usually answer within one business day.",
} as const;
