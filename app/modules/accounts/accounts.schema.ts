import { href } from "react-router";
import { z } from "zod";
import { EMAIL_INVALID, EMAIL_PATTERN, email, optionalText, password, text, token } from "~/lib/fields";

/** SPEC section 5: text, @, text, dot, text (the field helpers' pattern). */
export { EMAIL_PATTERN };
export const MESSAGES = {
  emailInvalid: EMAIL_INVALID,
  emailTaken: "Email already exists",
  passwordShort: "Password should be at least 6 characters.",
  badCredentials: "That email and password do not match an account.",
} as const;

/** An email address as typed: trimmed, lower-cased, at most 254 characters, no control characters. */
export const EmailSchema = email();

/** A person's name: 2 to 100 characters. */
export const PersonNameSchema = text({ label: "Your name", min: 2, max: 100, required: "Please enter your name." });

const Password = password({ min: 6, required: MESSAGES.passwordShort, tooShort: MESSAGES.passwordShort });
/** The password typed to sign in or to confirm: anything up to 128 characters. */
const CurrentPassword = password({});

/**
 * A user's public id as it appears in URLs (`/admin/users/{uniqid}/edit`, `/update_profile_image/{uniqid}`): letters
 * and digits, at most 40. Anything else names nobody (a 404), and never reaches the database.
 */
export function isUserUniqid(v: unknown): v is string {
  return typeof v === "string" && /^[a-z0-9]{1,40}$/i.test(v);
}

/**
 * Where to go after signing in: `safeRedirect` judges it and falls back to the landing page, so a hostile or broken
 * value (control characters, 5,000 characters, a list) is dropped here rather than refused.
 */
const RedirectTo = z.string().max(2000).optional().catch(undefined);

export const SignUpSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: Password,
  role: z.enum(["buyer", "seller"], { error: "Choose whether you want to buy or to sell." }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: CurrentPassword,
  redirectTo: RedirectTo,
});
export type SignInInput = z.infer<typeof SignInSchema>;

/** The message and link shown to an unverified account where verifying comes first (listing, later offers). */
export const VERIFY_FIRST_MESSAGE = "Please verify your email before you list a contract.";
export const VERIFY_EMAIL_PATH = href("/register/action/verify-email-message");

export const AUTH_MESSAGES = {
  pinWrong: "Email pin you provided is wrong.",
  pinExpired: "This pin has expired. Send yourself a new pin.",
  pinUsedUp: "You have entered a wrong pin too many times. Send yourself a new pin.",
  pinFormat: "Enter the 4-digit pin from the email.",
  pinSent: "We sent a new pin to your email. It expires in 10 minutes.",
  resetSent:
    "If an account uses that email, we have sent it a link to reset the password. The link works once, within 1 hour.",
  resetInvalid: "This reset link has expired or was already used. Ask for a new one.",
  passwordsDiffer: "The two passwords do not match.",
  wrongPassword: "That password is not right.",
  codeWrong: "That code is not right. Check your authenticator app (or your backup codes) and try again.",
  codeFormat: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  twoFactorExpired: "Your sign-in took too long. Please sign in again.",
} as const;

export const PinSchema = z.object({
  pin: z
    .string({ error: AUTH_MESSAGES.pinFormat })
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.pinFormat),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: token({ message: AUTH_MESSAGES.resetInvalid, min: 10, max: 200 }),
    password: Password,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(128, AUTH_MESSAGES.passwordsDiffer),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

/** A TOTP code (6 digits) or a backup code (10 letters and digits, shown as xxxxx-xxxxx). */
export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: AUTH_MESSAGES.codeFormat })
    .trim()
    .max(20, { message: AUTH_MESSAGES.codeFormat, abort: true })
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, AUTH_MESSAGES.codeFormat),
  redirectTo: RedirectTo,
});

/** Re-entering the password before a security change. */
export const PasswordConfirmSchema = z.object({ password: CurrentPassword });

export const TotpConfirmSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app." })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});

export const DeleteAccountSchema = PasswordConfirmSchema.extend({
  confirm: z.literal("on", { error: "Tick the box to confirm that you want to delete your account." }),
});

export const CompleteProfileSchema = z.object({
  phoneNumber: z
    .string({ error: "Please enter your phone number." })
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, "Enter a phone number of 7 to 20 digits, for example (407) 555-0123."),
  addressLine1: text({
    label: "Street address",
    min: 3,
    max: 200,
    required: "Please enter your street address.",
  }),
  addressLine2: optionalText({ label: "Address line 2", max: 200 }),
  city: text({ label: "City", min: 2, max: 100, required: "Please enter your city." }),
  state: text({ label: "State", min: 2, max: 100, required: "Please enter your state or province." }),
  postalCode: z
    .string({ error: "Please enter your ZIP or postal code." })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, "Enter a ZIP or postal code of 3 to 10 letters or digits."),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, "Choose a country.")
    .default("US"),
});
export type CompleteProfileInput = z.infer<typeof CompleteProfileSchema>;
