import { formatNumber } from "~/lib/format";
import { z } from "zod";
import { DINING_KINDS } from "./dining";
import { id, int, optionalText, text } from "~/lib/fields";
import { RESORT_END_YEAR, RESORT_SOURCE_MAX } from "./resorts-admin.schema";

/**
 * Issue 31: what `/admin/resorts`, `/admin/resorts/dates` and `/admin/resorts/dining` accept (decision 0074). The
 * engine hands numbers over as numbers (a decimal too), an empty number as null, a checkbox as a boolean.
 */
export const OPENING_YEAR = { min: 1971, max: 2100 } as const;
export const BOOKING_MONTHS = { min: 1, max: 24 } as const;
export const DESCRIPTION_MAX = 20_000;

/** A decimal from `min` to `max` (a coordinate), or null when left empty. */
export function decimal(o: { min: number; max: number; message: string }) {
  return z.unknown().transform((v, ctx): number | null => {
    if (v === null || v === undefined || v === "") return null;
    const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n < o.min || n > o.max) {
      ctx.addIssue({ code: "custom", message: o.message });
      return z.NEVER;
    }
    return n;
  });
}

const endYearMessage = `Enter the contract end year, from ${RESORT_END_YEAR.min} to ${RESORT_END_YEAR.max}.`;
const extendedMessage = `Enter the extended end year as a year up to ${RESORT_END_YEAR.max}, or leave it empty.`;
const extendedBeforeMessage = "The extended end year cannot be before the contract end year.";

const endYears = {
  contract_end_year: int({ min: RESORT_END_YEAR.min, max: RESORT_END_YEAR.max, message: endYearMessage }),
  extended_end_year: int({ min: 0, max: RESORT_END_YEAR.max, message: extendedMessage }).nullable(),
};
const extendedNotBefore: [
  (v: { contract_end_year: number; extended_end_year: number | null }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => v.extended_end_year === null || v.extended_end_year >= v.contract_end_year,
  { path: ["extended_end_year"], message: extendedBeforeMessage },
];

/** `/admin/resorts/dates`: the end years, their source and the administrators' "unverified" mark. */
export const ResortDatesSchema = z
  .object({
    ...endYears,
    end_year_source: optionalText({
      label: "The source of the end year",
      max: RESORT_SOURCE_MAX,
      tooLong: `The source of the end year is at most ${RESORT_SOURCE_MAX} characters.`,
      empty: null,
    }),
    end_year_unverified: z.boolean(),
  })
  .refine(...extendedNotBefore);

/** `/admin/resorts`: a resort's identity, place, years, booking windows and description. */
export const ResortSchema = z
  .object({
    name: text({ label: "The name", min: 2, max: 80, required: "Enter the resort's name." }),
    code: z
      .string({ error: "Enter the resort's code: 2 to 4 capital letters, like AKV." })
      .trim()
      .regex(/^[A-Z]{2,4}$/, "Enter the resort's code: 2 to 4 capital letters, like AKV."),
    slug: z
      .string({ error: "Enter the address name: lower-case letters, digits and dashes, like animal-kingdom." })
      .trim()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        "Enter the address name: lower-case letters, digits and dashes, like animal-kingdom.",
      )
      .max(80, "The address name is at most 80 characters.")
      // Taken by the resort pages' own addresses.
      .refine(
        (s) => !["interval-resorts", "dates", "dining", "annual-dues"].includes(s),
        "That address name is taken.",
      ),
    location: text({ label: "The location", min: 2, max: 120, required: "Enter where the resort is." }),
    summary: optionalText({ label: "The summary", max: 400, empty: null }).transform((v) => v ?? ""),
    latitude: decimal({ min: -90, max: 90, message: "Enter the latitude in degrees, from -90 to 90, like 28.3549." }),
    longitude: decimal({
      min: -180,
      max: 180,
      message: "Enter the longitude in degrees, from -180 to 180, like -81.6027.",
    }),
    opening_year: int({
      min: OPENING_YEAR.min,
      max: OPENING_YEAR.max,
      message: `Enter the year it opened, from ${OPENING_YEAR.min} to ${OPENING_YEAR.max}, or leave it empty.`,
    }).nullable(),
    ...endYears,
    home_booking_months: int({
      ...BOOKING_MONTHS,
      message: `Enter the home-resort booking window in months, from ${BOOKING_MONTHS.min} to ${BOOKING_MONTHS.max}.`,
    }),
    other_booking_months: int({
      ...BOOKING_MONTHS,
      message: `Enter the other-resorts booking window in months, from ${BOOKING_MONTHS.min} to ${BOOKING_MONTHS.max}.`,
    }),
    description: z
      .string()
      .max(DESCRIPTION_MAX, `The description is at most ${formatNumber(DESCRIPTION_MAX)} characters.`)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .refine(...extendedNotBefore)
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    path: ["longitude"],
    message: "Enter both the latitude and the longitude, or neither.",
  })
  .refine((v) => v.other_booking_months <= v.home_booking_months, {
    path: ["other_booking_months"],
    message: "The other-resorts window cannot be longer than the home-resort window.",
  });

/** `/admin/resorts/dining`: one restaurant, quick-service spot or lounge of a resort. */
export const DiningSchema = z.object({
  resort_id: id("Choose the resort from the list."),
  name: text({ label: "The name", min: 2, max: 80, required: "Enter the restaurant's name." }),
  kind: z.enum(DINING_KINDS, { error: "Choose table service, quick service or lounge." }),
  description: optionalText({ label: "The description", max: 400, empty: null }).transform((v) => v ?? ""),
});
