import { z } from "zod";
import { id, int, optionalText, text } from "~/lib/fields";

/** Money limits of the market screens: a price per point in cents ($1 to $1,000). */
export const PER_POINT_CENTS = { min: 100, max: 100_000 } as const;

/**
 * /admin/avg-prices: a month's correction of the average price per point (the engine's money field hands over cents;
 * empty clears it). A correction needs its reason; clearing it clears the reason.
 */
export const AvgPriceCorrectionSchema = z
  .object({
    corrected_average: int({
      min: PER_POINT_CENTS.min,
      max: PER_POINT_CENTS.max,
      message:
        "Enter the corrected average price per point in dollars, from $1 to $1,000, or leave it empty to clear it.",
    }).nullable(),
    correction_note: optionalText({
      label: "The reason",
      max: 300,
      empty: null,
      tooLong: "The reason is at most 300 characters.",
    }),
  })
  .refine((v) => v.corrected_average === null || v.correction_note !== null, {
    path: ["correction_note"],
    message: "Say why the average is corrected (buyers read that it was).",
  });

const isoDay = z
  .string({ error: "Enter the date the value is from." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date the value is from, as a date.")
  .refine((s) => !Number.isNaN(Date.parse(s)) && s >= "2000-01-01" && s <= "2100-12-31", "Enter a real date.");

/** /admin/resorts/membership-values: a resort's reference value per point, dated and sourced. */
export const MembershipValueSchema = z.object({
  resort_id: id("Choose a resort."),
  value_per_point: int({
    min: PER_POINT_CENTS.min,
    max: PER_POINT_CENTS.max,
    message: "Enter the value per point in dollars, from $1 to $1,000 (for example 118 or 118.50).",
  }),
  as_of: isoDay,
  source: text({
    label: "The source",
    min: 3,
    max: 200,
    required: "Say where the value comes from.",
    tooLong: "The source is at most 200 characters.",
  }),
});
