import { z } from "zod";

/**
 * `/admin/resorts/annual-dues` (SPEC section 2 admin menu): an administrator edits a resort's annual dues per point
 * and its contract end years. Safe for the browser (the form validates with the same schema).
 */
export const RESORT_DUES_DOLLARS = { min: 0.01, max: 50 } as const;
export const RESORT_END_YEAR = { min: 2030, max: 2100 } as const;

const duesMessage = `Enter the annual dues per point in dollars, from $${RESORT_DUES_DOLLARS.min.toFixed(2)} to $${RESORT_DUES_DOLLARS.max.toFixed(2)} (for example 8.24).`;
const endYearMessage = `Enter the contract end year, from ${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}.`;
const extendedMessage = `Enter the extended end year as a year up to ${RESORT_END_YEAR.max}, or leave it empty.`;
const extendedBeforeMessage = "The extended end year cannot be before the contract end year.";

export const ResortFactsSchema = z
  .object({
    dues_per_point: z
      .string({ error: duesMessage })
      .trim()
      .regex(/^\$?\d{1,3}(\.\d{1,2})?$/, duesMessage)
      .transform((v) => Math.round(Number(v.replace("$", "")) * 100))
      .refine((c) => c >= RESORT_DUES_DOLLARS.min * 100 && c <= RESORT_DUES_DOLLARS.max * 100, duesMessage),
    contract_end_year: z.coerce
      .number({ error: endYearMessage })
      .int(endYearMessage)
      .min(RESORT_END_YEAR.min, endYearMessage)
      .max(RESORT_END_YEAR.max, endYearMessage),
    // Empty means "no extension" (the browser sends an empty string; Conform drops it, direct callers may not).
    extended_end_year: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce
        .number({ error: extendedMessage })
        .int(extendedMessage)
        .max(RESORT_END_YEAR.max, extendedMessage)
        .optional(),
    ),
    // A checkbox: "on" when ticked, absent when not.
    end_year_unverified: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    if (v.extended_end_year !== undefined && v.extended_end_year < v.contract_end_year) {
      ctx.addIssue({ code: "custom", path: ["extended_end_year"], message: extendedBeforeMessage });
    }
  });

/** What the service receives: the resort's code and the form's values (parsed again on the server). */
export type ResortFactsValues = z.infer<typeof ResortFactsSchema>;

/** A resort's code as it appears in the edit page's address (`/admin/resorts/annual-dues/akv`). */
export const RESORT_CODE_PATTERN = /^[a-z0-9-]{1,20}$/i;

/** Cents per point as dollars with two decimals, without the sign ("8.24"). */
export function duesDollars(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}
