import { z } from "zod";
import { formatMoney } from "~/lib/money";
import { moneyField } from "~/lib/money-field";

/**
 * `/admin/resorts/annual-dues` (SPEC section 2 admin menu): an administrator edits a resort's annual dues per point
 * and its contract end years. Safe for the browser (the form validates with the same schema).
 */
/** Annual dues per point, in cents. */
export const RESORT_DUES_CENTS = { min: 1, max: 50_00 } as const;
export const RESORT_END_YEAR = { min: 2030, max: 2100 } as const;

const duesMessage = `Enter the annual dues per point in dollars, from ${formatMoney(RESORT_DUES_CENTS.min, { decimals: true })} to ${formatMoney(RESORT_DUES_CENTS.max, { decimals: true })} (for example 8.24).`;
const endYearMessage = `Enter the contract end year, from ${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}.`;
const extendedMessage = `Enter the extended end year as a year up to ${RESORT_END_YEAR.max}, or leave it empty.`;
const extendedBeforeMessage = "The extended end year cannot be before the contract end year.";

export const ResortFactsSchema = z
  .object({
    dues_per_point: moneyField({ label: "the annual dues per point", ...RESORT_DUES_CENTS, message: duesMessage }),
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
