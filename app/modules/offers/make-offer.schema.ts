import { z } from "zod";
import { text } from "~/lib/fields";
import { toUsE164 } from "~/lib/phone";
import { ProfileInfoSchema } from "~/modules/profile/profile.schema";

/**
 * The make-offer page's profile update and address step (SPEC "make-offer/{id}": profile update and address): the
 * purchase agreement names the buyer by their legal name and needs a phone number and a mailing address. It is the
 * profile's own "Profile information" schema with the parts the contract needs made required. Safe for the browser.
 */

/** A required part of the contact details: trimmed, at most `max` characters, no control characters. */
const required = (max: number, missing: string, label: string) => text({ label, max, required: missing });

/**
 * A phone number as typed, in E.164: a US number ("(407) 555-0123", "+1 407 555 0123"), or an international one
 * written with its country code ("+44 20 7946 0958", "0044 20 7946 0958"), 8 to 15 digits. Null when it is neither.
 */
export function toPhoneE164(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed.replace(/^00/, "+"))) return null;
  const international = trimmed.startsWith("+") || trimmed.startsWith("00");
  const digits = trimmed.replace(/\D/g, "").replace(/^00/, "");
  if (!international || digits.startsWith("1")) return toUsE164(international ? `+${digits}` : trimmed);
  if (digits.length < 8 || digits.length > 15 || digits.startsWith("0")) return null;
  return `+${digits}`;
}

export const PHONE_HINT = "A US number, or an international number starting with + and the country code.";

const phone = z
  .string({ error: "Enter your phone number." })
  .trim()
  .min(1, "Enter your phone number.")
  .max(30, { message: "Enter a phone number of at most 30 characters.", abort: true })
  .transform((v, ctx) => {
    const e164 = toPhoneE164(v);
    if (!e164) {
      ctx.addIssue({
        code: "custom",
        message: "We could not read this phone number: give a US number, or + and the country code first.",
      });
      return z.NEVER;
    }
    return e164;
  });

export const OfferContactSchema = ProfileInfoSchema.extend({
  name: required(100, "Enter your full legal name, as it will appear on the contract.", "Your name").refine(
    (v) => v.length >= 2,
    "Enter your full legal name, as it will appear on the contract.",
  ),
  phoneNumber: phone,
  addressLine1: required(200, "Enter the first line of your mailing address.", "Address line 1"),
  city: required(100, "Enter your city or town.", "City"),
  state: required(100, "Enter your state, province or region.", "State"),
  postalCode: required(20, "Enter your ZIP or postal code.", "Postal code"),
}).refine((v) => v.country !== "US" || /^\d{5}(-\d{4})?$/.test(v.postalCode), {
  path: ["postalCode"],
  message: "Enter a US ZIP code of 5 digits (or ZIP+4).",
  // Checked with the other fields' problems too, so every problem is named at once.
  when: (payload) => {
    const v = payload.value as { postalCode?: unknown; country?: unknown } | undefined;
    return typeof v?.postalCode === "string" && v.postalCode.trim() !== "" && typeof v.country === "string";
  },
});
export type OfferContactInput = z.infer<typeof OfferContactSchema>;

export type OfferContactValues = {
  name: string;
  phoneNumber: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** What the contract still lacks among the buyer's details (empty: the offer form comes next). */
export function missingContactDetails(v: OfferContactValues) {
  const missing: ("name" | "phoneNumber" | "address")[] = [];
  if (!v.name.trim()) missing.push("name");
  if (!v.phoneNumber.trim()) missing.push("phoneNumber");
  if (![v.addressLine1, v.city, v.state, v.postalCode].every((s) => s.trim())) missing.push("address");
  return missing;
}
