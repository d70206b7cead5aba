import { z } from "zod";

/**
 * `/admin/tweaks` (SPEC section 2, "tweaks with sections for ... inactive users, my settings ..."): the sections that
 * exist today. Site-wide switches live in the settings table under these keys (agreed across issue 4).
 */
export const TWEAK_KEYS = {
  inactiveUserDays: "inactive_user_days",
  requireAdminTwoFactor: "require_admin_two_factor",
} as const;

export const INACTIVE_USER_DAYS = { min: 7, max: 730, default: 90 } as const;

const daysMessage = `Enter a whole number of days from ${INACTIVE_USER_DAYS.min} to ${INACTIVE_USER_DAYS.max}.`;

export const InactiveUsersTweakSchema = z.object({
  intent: z.literal("inactive-users"),
  inactive_user_days: z.coerce
    .number({ error: daysMessage })
    .int(daysMessage)
    .min(INACTIVE_USER_DAYS.min, daysMessage)
    .max(INACTIVE_USER_DAYS.max, daysMessage),
});

export const SecurityTweakSchema = z.object({
  intent: z.literal("security"),
  // A checkbox: "on" when ticked, absent when not.
  require_admin_two_factor: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export const TweakSchema = z.discriminatedUnion("intent", [InactiveUsersTweakSchema, SecurityTweakSchema], {
  error: "Choose a section to save.",
});
export type TweakInput = z.infer<typeof TweakSchema>;

export type Tweaks = { inactiveUserDays: number; requireAdminTwoFactor: boolean };

/** A stored value read defensively: anything out of range falls back to the default. */
export function inactiveUserDaysOf(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= INACTIVE_USER_DAYS.min && n <= INACTIVE_USER_DAYS.max
    ? n
    : INACTIVE_USER_DAYS.default;
}

export function requireAdminTwoFactorOf(value: unknown): boolean {
  return value === true || value === "true";
}
