import type { z } from "zod";
import { text } from "~/lib/fields";
import { ListingQuestionSchema } from "./contact.schema";

/**
 * "Ask about a resort's dues" (issue 27): where a resort's published dues for the year are not on record, a buyer
 * asks for them with this small form on the dues guide; it is kept with the contact messages
 * (/admin/contact-messages). The same fields as "Ask about this listing", plus the resort (its code).
 */
export const DuesQuestionSchema = ListingQuestionSchema.extend({
  resort: text({
    label: "The resort",
    max: 8,
    required: "Choose the resort you are asking about.",
    tooLong: "Choose the resort you are asking about.",
  }),
});
export type DuesQuestion = z.infer<typeof DuesQuestionSchema>;

export const DUES_QUESTION_MESSAGES = {
  unknownResort: "Choose the resort you are asking about.",
  sent: "Thank you. We will find out this year's dues for you and write back, usually within one business day.",
} as const;
