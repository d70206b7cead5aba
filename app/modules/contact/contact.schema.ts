import { z } from "zod";
import { text } from "~/lib/fields";
import { EmailSchema } from "~/modules/accounts/accounts.schema";

import {
  CONTACT_FORM_MESSAGES,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  type ContactTopic,
} from "./contact.rules";

export {
  CONTACT_FORM_MESSAGES,
  CONTACT_FORM_RATE,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  LISTING_QUESTION_RATE,
} from "./contact.rules";

/** Digits, spaces and the usual separators (+ - . ( )); 9 to 15 digits in all (SPEC section 5 minimum 9). */
const PhoneSchema = z
  .string()
  .trim()
  .max(30, { message: CONTACT_MESSAGES.phoneInvalid, abort: true })
  .refine((v) => {
    if (!/^\+?[\d\s().-]+$/.test(v)) return false;
    const digits = v.replace(/\D/g, "").length;
    return digits >= CONTACT_LIMITS.phoneMinDigits && digits <= CONTACT_LIMITS.phoneMaxDigits;
  }, CONTACT_MESSAGES.phoneInvalid);

/** The message of a contact form: the contact rules' length, its own words for "too short" and "too long". */
const messageText = (label: string, messages: { tooShort: string; tooLong: string }) =>
  text({
    label,
    min: CONTACT_LIMITS.messageMin,
    max: CONTACT_LIMITS.messageMax,
    multiline: true,
    required: messages.tooShort,
    tooLong: messages.tooLong,
  });

/** "Ask about this listing": name, email, optional phone, message. `fromForm` turns empty fields into undefined. */
export const ListingQuestionSchema = z.object({
  name: text({
    label: "Your name",
    max: CONTACT_LIMITS.nameMax,
    required: CONTACT_MESSAGES.nameRequired,
    tooLong: CONTACT_MESSAGES.nameTooLong,
  }),
  email: EmailSchema,
  phone: PhoneSchema.optional(),
  message: messageText("Your question", {
    tooShort: CONTACT_MESSAGES.messageTooShort,
    tooLong: CONTACT_MESSAGES.messageTooLong,
  }),
});
export type ListingQuestion = z.infer<typeof ListingQuestionSchema>;

/**
 * The general contact form (/contact-us, issue 32): the listing question's fields, a message rather than a question,
 * and what it is about (one of CONTACT_TOPICS).
 */
export const ContactFormSchema = ListingQuestionSchema.extend({
  topic: z.enum(CONTACT_TOPICS.map((t) => t.value) as [ContactTopic, ...ContactTopic[]], {
    error: CONTACT_FORM_MESSAGES.topicRequired,
  }),
  message: messageText("Your message", {
    tooShort: CONTACT_FORM_MESSAGES.messageTooShort,
    tooLong: CONTACT_FORM_MESSAGES.messageTooLong,
  }),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;
