import { z } from "zod";
import { optionalText, password } from "~/lib/fields";
import { MESSAGES, PersonNameSchema } from "~/modules/accounts/accounts.schema";

/** Messages of the profile page and its calls (SPEC sections 5 and 8, spelling fixed). */
export const PROFILE_MESSAGES = {
  profileSaved: "Your profile information has been saved.",
  passwordChanged: "Your password has been changed. Other browser sessions were signed out.",
  wrongCurrentPassword: "The current password is not correct.",
  passwordsDiffer: "The new passwords do not match.",
  passwordShort: MESSAGES.passwordShort,
  photoSaved: "Your profile photo has been updated.",
  requestFailed: "Request Failed",
  requestFailedDetail: "Error occurred during process, try again.",
} as const;

/** An optional part of the address: blank is null. */
const addressPart = (max: number, label: string) => optionalText({ label, max, empty: null });

/** Digits, spaces and the usual phone punctuation; at least 9 digits (SPEC section 9: minimum phone length 9). */
export const PhoneSchema = z
  .string()
  .trim()
  .max(30, { message: "Enter a phone number of at most 30 characters.", abort: true })
  .refine((v) => /^\+?[\d\s().-]*$/.test(v), "Use digits, spaces, brackets, dots or dashes only.")
  .refine((v) => v.replace(/\D/g, "").length >= 9, "Enter a phone number of at least 9 digits.");

/** "Profile information": name, phone number and mailing address. Every part of the address is optional on its own. */
export const ProfileInfoSchema = z.object({
  name: PersonNameSchema,
  phoneNumber: z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    PhoneSchema.optional(),
  ),
  addressLine1: addressPart(200, "Address line 1"),
  addressLine2: addressPart(200, "Address line 2"),
  city: addressPart(100, "City"),
  state: addressPart(100, "State or region"),
  postalCode: addressPart(20, "Postal code"),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choose a country.")
    .default("US"),
});
export type ProfileInfoInput = z.infer<typeof ProfileInfoSchema>;

export const PasswordChangeSchema = z
  .object({
    currentPassword: password({ required: "Enter your current password." }),
    newPassword: password({ min: 6, required: MESSAGES.passwordShort, tooShort: MESSAGES.passwordShort }),
    confirmPassword: password({ required: "Confirm the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: PROFILE_MESSAGES.passwordsDiffer,
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/** "Ask us for help with your address" on /required: an optional note for the administrators. */
export const AddressHelpSchema = z.object({
  note: optionalText({ label: "Your note", max: 500, multiline: true }).transform((v) => v ?? ""),
});

/** Countries offered on the address form (ISO 3166 alpha-2). */
export const COUNTRIES: readonly { code: string; name: string }[] = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "GB", name: "United Kingdom" },
  { code: "IE", name: "Ireland" },
  { code: "AU", name: "Australia" },
  { code: "NZ", name: "New Zealand" },
  { code: "MX", name: "Mexico" },
  { code: "BR", name: "Brazil" },
  { code: "DE", name: "Germany" },
  { code: "FR", name: "France" },
  { code: "NL", name: "Netherlands" },
  { code: "ES", name: "Spain" },
  { code: "IT", name: "Italy" },
  { code: "JP", name: "Japan" },
  { code: "SG", name: "Singapore" },
  { code: "ZZ", name: "Other" },
];

/** The parts of a finished registration (the registration progress on /v2/profile). */
export type RegistrationStep = { id: string; label: string; done: boolean; href: string; hint: string };

/** A mailing address is complete with its first line, city, postal code and country. */
export function hasMailingAddress(s: {
  addressLine1: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}) {
  return Boolean(s.addressLine1 && s.city && s.postalCode && s.country);
}

/** Where a profile photo is served from. */
export function profilePhotoUrl(path: string | null | undefined) {
  if (!path) return null;
  return `/${path}`;
}
