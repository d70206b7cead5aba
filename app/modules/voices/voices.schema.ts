import { z } from "zod";
import { email, optionalText, text } from "~/lib/fields";
import { toUsE164 } from "~/lib/phone";

/** Issue 32 "Voices of customers": the inputs' schemas (the messages and constants the browser uses: voices.ts). */
import { APP_STORES, RATING_STEPS, VOICE_MESSAGES } from "./voices";

export { APP_STORES, type AppStore, formatPhoneContact, RATING_STEPS, ratingWords, VOICE_MESSAGES } from "./voices";

/** "4075550123", "(407) 555-0123", "+1 407 555 0123" -> "+14075550123"; anything else is refused. */
export const PhoneCaptureSchema = z.object({
  contact: z
    .string({ error: VOICE_MESSAGES.phoneInvalid })
    .trim()
    .max(30, VOICE_MESSAGES.phoneInvalid)
    .refine((v) => v.replace(/\D/g, "").length >= 9, VOICE_MESSAGES.phoneInvalid)
    .transform((v, ctx) => {
      const e164 = toUsE164(v);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: VOICE_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return e164;
    }),
  type: z.literal("phone", { error: "Only phone contacts are taken here." }).default("phone"),
});
export type PhoneCapture = z.infer<typeof PhoneCaptureSchema>;

export const NewsletterSchema = z.object({
  email: email("Enter your email address, like name@example.com."),
});

export const FeedbackSchema = z.object({
  rating: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
    z
      .number({ error: VOICE_MESSAGES.ratingRequired })
      .refine((n) => (RATING_STEPS as readonly number[]).includes(n), VOICE_MESSAGES.ratingRequired),
  ),
  comments: optionalText({ label: "Your comments", max: 2000, multiline: true, empty: null }),
  returnTo: optionalText({ label: "The page", max: 500 }),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const ReviewNameSchema = text({ label: "The author", max: 120 });
