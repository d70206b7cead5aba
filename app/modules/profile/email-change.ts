import { z } from "zod";
import { EmailSchema, MESSAGES } from "~/modules/accounts/accounts.schema";

/** The email change flow's messages (SPEC sections 5 and 8, spelling fixed). */
export const EMAIL_CHANGE_MESSAGES = {
  emailInvalid: MESSAGES.emailInvalid,
  emailTaken: MESSAGES.emailTaken,
  pinWrong: "Email pin you provided is wrong.",
  pinExpired: "This pin has expired. Ask for a new pin.",
  pinTooManyTries: "Too many wrong pins. Ask for a new pin.",
  pinMissing: "Ask for a pin for this email address first.",
  pinNotVerified: "Enter the pin we sent to this email address first.",
  sendFailed: "Some error in sending email pincode, try again.",
  sendTooOften: "Too many pins requested. Please wait a while and try again.",
  checkTooOften: "Too many checks. Please wait a while and try again.",
  sameEmail: "This is already your email address.",
  updated: "Email updated successfully!",
  pinSent: "We sent a 4-digit pin to your new email address. It expires in 10 minutes.",
} as const;

/** A pin allows this many tries and lives this long (issue 4). */
export const EMAIL_PIN_TRIES = 5;
export const EMAIL_PIN_TTL_SECONDS = 10 * 60;

const Pin = z
  .string({ error: EMAIL_CHANGE_MESSAGES.pinWrong })
  .trim()
  .regex(/^\d{4}$/, EMAIL_CHANGE_MESSAGES.pinWrong);

export const EmailOnlySchema = z.object({ email: EmailSchema });
export const VerifyEmailPinSchema = z.object({ email: EmailSchema, email_pin: Pin });
export const PendingPinSchema = z.object({ pin: Pin });
