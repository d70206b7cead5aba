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

/** Only same-site paths are followed after sign-in. */
export function safeRedirectPath(to: string | null | undefined): string | null {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  return to;
}
