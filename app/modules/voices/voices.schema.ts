import { z } from "zod";
import { email, optionalText, text } from "~/lib/fields";
import { toUsE164 } from "~/lib/phone";

/** Issue 32 "Voices of customers": the inputs and messages (SPEC sections 4, 5 and 8). Safe for the browser. */

export const VOICE_MESSAGES = {
  contactSaved: "Contact saved successfully!",
  contactAlreadySaved: "Contact already saved.",
  phoneInvalid: "Enter a 10-digit US phone number, like (407) 555-0123.",
  feedbackSaved: "Feedback Saved Successfully!",
  feedbackFailed: "Error Occured while processing request!",
  ratingRequired: "Choose a rating from half a star to five stars.",
  feedbackAlreadyGiven: "You have already sent your feedback. Thank you!",
  newsletterCheckMail: "Check your inbox: we sent a link to confirm your subscription.",
  newsletterAlreadyConfirmed: "This address is already subscribed to the newsletter.",
} as const;

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

/** A rating in half steps, 0.5 to 5: stored as halves (1..10). */
export const RATING_STEPS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;

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

export const APP_STORES = ["playstore", "appstore"] as const;
export type AppStore = (typeof APP_STORES)[number];

/** "+14075550123" -> "(407) 555-0123" (the phone capture's format); anything else as stored. */
export function formatPhoneContact(contact: string) {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(contact);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : contact;
}

/** The half-star rating as words for people and screen readers: "4.5 out of 5 stars". */
export function ratingWords(halves: number) {
  const whole = Math.floor(halves / 2);
  return `${halves % 2 ? `${whole}.5` : whole} out of 5 stars`;
}

export const ReviewNameSchema = text({ label: "The author", max: 120 });
