import { href } from "react-router";
import { z } from "zod";

/** SPEC section 5: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MESSAGES = {
  emailInvalid: "Email address is invalid, enter correct email.",
  emailTaken: "Email already exists",
  passwordShort: "Password should be at least 6 characters.",
  badCredentials: "That email and password do not match an account.",
} as const;

export const EmailSchema = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

export const SignUpSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(2, "Please enter your name.")
    .max(100, "Your name can be at most 100 characters."),
  email: EmailSchema,
  password: z
    .string({ error: MESSAGES.passwordShort })
    .min(6, MESSAGES.passwordShort)
    .max(128, "Password can be at most 128 characters."),
  role: z.enum(["buyer", "seller"], { error: "Choose whether you want to buy or to sell." }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(128),
  redirectTo: z.string().optional(),
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

const Password = z
  .string({ error: MESSAGES.passwordShort })
  .min(6, MESSAGES.passwordShort)
  .max(128, "Password can be at most 128 characters.");

export const PinSchema = z.object({
  pin: z
    .string({ error: AUTH_MESSAGES.pinFormat })
    .trim()
    .regex(/^\d{4}$/, AUTH_MESSAGES.pinFormat),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: AUTH_MESSAGES.resetInvalid }).min(10, AUTH_MESSAGES.resetInvalid).max(200),
    password: Password,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
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
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, AUTH_MESSAGES.codeFormat),
  redirectTo: z.string().optional(),
});

/** Re-entering the password before a security change. */
export const PasswordConfirmSchema = z.object({
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(128),
});

export const TotpConfirmSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from your authenticator app." })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."),
});

export const DeleteAccountSchema = PasswordConfirmSchema.extend({
  confirm: z.literal("on", { error: "Tick the box to confirm that you want to delete your account." }),
});

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`).optional();

export const CompleteProfileSchema = z.object({
  phoneNumber: z
    .string({ error: "Please enter your phone number." })
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, "Enter a phone number of 7 to 20 digits, for example (407) 555-0123."),
  addressLine1: z
    .string({ error: "Please enter your street address." })
    .trim()
    .min(3, "Please enter your street address.")
    .max(200, "Street address can be at most 200 characters."),
  addressLine2: optionalText(200, "Address line 2"),
  city: z
    .string({ error: "Please enter your city." })
    .trim()
    .min(2, "Please enter your city.")
    .max(100, "City can be at most 100 characters."),
  state: z
    .string({ error: "Please enter your state or province." })
    .trim()
    .min(2, "Please enter your state or province.")
    .max(100, "State can be at most 100 characters."),
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
