import { z } from "zod";
import { text } from "~/lib/fields";
import { EmailSchema } from "~/modules/accounts/accounts.schema";

import { CONTACT_LIMITS, CONTACT_MESSAGES } from "./contact.rules";

export { CONTACT_LIMITS, CONTACT_MESSAGES, LISTING_QUESTION_RATE } from "./contact.rules";

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
