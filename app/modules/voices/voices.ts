/**
 * Issue 32 "Voices of customers": the messages (SPEC sections 4, 5 and 8) and constants the browser needs, without
 * zod (the schemas are voices.schema.ts, server-side): the footer and the feedback tab are in every page's shell.
 */
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

/** A rating in half steps, 0.5 to 5: stored as halves (1..10). */
export const RATING_STEPS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;

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
