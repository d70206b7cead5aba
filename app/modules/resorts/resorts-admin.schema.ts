import { z } from "zod";
import { int, optionalText } from "~/lib/fields";
import { formatPrice } from "~/lib/format";

/**
 * `/admin/resorts/annual-dues` (SPEC section 2 admin menu): an administrator edits a resort's annual dues per point
 * (with the year they are for and their source), its contract end years (with their source) and its photo (served
 * by the resource engine: `resorts-annual-dues.resource.ts`).
 */
/** Annual dues per point, in cents. */
export const RESORT_DUES_CENTS = { min: 1, max: 50_00 } as const;
export const RESORT_END_YEAR = { min: 2030, max: 2100 } as const;
/** The calendar year a dues figure is for. */
export const RESORT_DUES_YEAR = { min: 2000, max: 2100 } as const;
export const RESORT_SOURCE_MAX = 200;

const duesMessage = `Enter the annual dues per point in dollars, from ${formatPrice(RESORT_DUES_CENTS.min)} to ${formatPrice(RESORT_DUES_CENTS.max)} (for example 8.24).`;
const endYearMessage = `Enter the contract end year, from ${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}.`;
const extendedMessage = `Enter the extended end year as a year up to ${RESORT_END_YEAR.max}, or leave it empty.`;
const extendedBeforeMessage = "The extended end year cannot be before the contract end year.";
const duesYearMessage = `Enter the year the dues are for, from ${RESORT_DUES_YEAR.min} to ${RESORT_DUES_YEAR.max}, or leave it empty.`;
const duesMissingMessage = "Enter the dues per point for the year and source you gave, or clear the year and source.";

const source = (label: string) =>
  optionalText({
    label,
    max: RESORT_SOURCE_MAX,
    tooLong: `${label} is at most ${RESORT_SOURCE_MAX} characters.`,
    empty: null,
  });

/**
 * A resort's dues and end years as the resource engine hands them over: the dues already in cents (the engine's
 * money field reads "8.24" or "$8.24"; empty when the figure is not known), years as numbers, an empty year as
 * null, the checkbox as a boolean, an empty source as null.
 */
export const ResortFactsSchema = z
  .object({
    dues_per_point: int({ min: RESORT_DUES_CENTS.min, max: RESORT_DUES_CENTS.max, message: duesMessage }).nullable(),
    dues_year: int({ min: RESORT_DUES_YEAR.min, max: RESORT_DUES_YEAR.max, message: duesYearMessage }).nullable(),
    dues_source: source("The source of the dues"),
    dues_estimated: z.boolean().optional().default(false),
    contract_end_year: int({ min: RESORT_END_YEAR.min, max: RESORT_END_YEAR.max, message: endYearMessage }),
    extended_end_year: int({ min: 0, max: RESORT_END_YEAR.max, message: extendedMessage }).nullable(),
    end_year_source: source("The source of the end year"),
    end_year_unverified: z.boolean(),
  })
  // A year or a source says something about a figure: without the figure it would be shown about nothing.
  .refine((v) => v.dues_per_point !== null || (v.dues_year === null && v.dues_source === null), {
    path: ["dues_per_point"],
    message: duesMissingMessage,
    when: ({ value }) => {
      const v = value as { dues_per_point?: unknown; dues_year?: unknown; dues_source?: unknown };
      return v.dues_per_point === null && (Number.isInteger(v.dues_year) || typeof v.dues_source === "string");
    },
  })
  .refine((v) => v.extended_end_year === null || v.extended_end_year >= v.contract_end_year, {
    path: ["extended_end_year"],
    message: extendedBeforeMessage,
    // Judged whenever both years are good, even while another field (the dues) is wrong.
    when: ({ value }) => {
      const v = value as { contract_end_year?: unknown; extended_end_year?: unknown };
      return (
        Number.isInteger(v.contract_end_year) && (v.extended_end_year === null || Number.isInteger(v.extended_end_year))
      );
    },
  });

export type ResortFactsValues = z.infer<typeof ResortFactsSchema>;
