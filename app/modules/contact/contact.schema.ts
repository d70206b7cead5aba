import { z } from "zod";
import { text } from "~/lib/fields";
import { EmailSchema } from "~/modules/accounts/accounts.schema";

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

/** "Ask about this listing": name, email, optional phone, message. Conform turns empty fields into undefined. */
export const ListingQuestionSchema = z.object({
  name: text({
    label: "Your name",
    max: CONTACT_LIMITS.nameMax,
    required: CONTACT_MESSAGES.nameRequired,
    tooLong: CONTACT_MESSAGES.nameTooLong,
  }),
  email: EmailSchema,
  phone: PhoneSchema.optional(),
  message: text({
    label: "Your question",
    min: CONTACT_LIMITS.messageMin,
    max: CONTACT_LIMITS.messageMax,
    multiline: true,
    required: CONTACT_MESSAGES.messageTooShort,
    tooLong: CONTACT_MESSAGES.messageTooLong,
  }),
});
export type ListingQuestion = z.infer<typeof ListingQuestionSchema>;
