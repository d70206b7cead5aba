import { z } from "zod";
import { id, int, optionalText, text } from "~/lib/fields";
import { isWholeCents } from "~/lib/money";
import { formatPerPoint, useMonthName } from "~/lib/format";

/** Use-year months a listing may have (SPEC section 9, DOMAIN "Use year"): Feb, Mar, Apr, Jun, Aug, Sep, Oct, Dec. */
export const USE_YEAR_MONTHS = [2, 3, 4, 6, 8, 9, 10, 12] as const;

export const LISTING_LIMITS = {
  contractPointsMin: 25,
  contractPointsMax: 2000,
  /** Dollars per point. */
  priceMin: 50,
  priceMax: 400,
  useMonths: USE_YEAR_MONTHS,
} as const;

/** The limits a listing must keep: LISTING_LIMITS narrowed by /admin/tweaks "Listing info" (decision 0088). */
export type ListingLimits = {
  contractPointsMin: number;
  contractPointsMax: number;
  /** Dollars per point. */
  priceMin: number;
  priceMax: number;
  /** The use-year months a new listing may have (/admin/tweaks "Years", decision 0093), month numbers. */
  useMonths: readonly number[];
};

/**
 * The refusals of a valid form's values against the tweaks' limits, by field (none: an empty record). `keepMonth`:
 * the month a listing already has, which it keeps even when no longer offered.
 */
export function listingLimitRefusals(
  v: { contractPoints: number; pricePerPoint: number; useMonth?: number },
  limits: ListingLimits,
  keepMonth?: number,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (v.useMonth !== undefined && v.useMonth !== keepMonth && !limits.useMonths.includes(v.useMonth))
    fields.useMonth = [`Choose one of the use-year months listed: ${listOfMonths(limits.useMonths)}.`];
  if (v.contractPoints < limits.contractPointsMin)
    fields.contractPoints = [`A contract listed here has at least ${limits.contractPointsMin} points.`];
  else if (v.contractPoints > limits.contractPointsMax)
    fields.contractPoints = [`A contract listed here has at most ${limits.contractPointsMax} points.`];
  if (v.pricePerPoint < limits.priceMin)
    fields.pricePerPoint = [`The price per point must be at least ${formatPerPoint(limits.priceMin * 100)}.`];
  else if (v.pricePerPoint > limits.priceMax)
    fields.pricePerPoint = [`The price per point can be at most ${formatPerPoint(limits.priceMax * 100)}.`];
  return fields;
}

/** "February, March or June". */
function listOfMonths(months: readonly number[]) {
  const names = months.map((m) => useMonthName(m, true));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : (names[0] ?? "");
}

const wholeNumber = (label: string) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `Enter the ${label}.` : `The ${label} must be a number.`),
    })
    .int(`The ${label} must be a whole number.`);

/**
 * A seller's listing form (create and edit). Price is typed in dollars and cents and becomes integer cents.
 * The per-use-year points are checked against the contract size: up to twice the contract for the
 * previous (banked) year, up to the contract for the current and next years.
 */
export const ListingFormSchema = z
  .object({
    resortId: id("Choose a resort."),
    useMonth: z
      .number({ error: "Choose a use-year month." })
      // Which months are offered is /admin/tweaks "Years" (checked by the inventory service, decision 0093).
      .refine((m) => Number.isInteger(m) && m >= 1 && m <= 12, "Choose one of the use-year months listed."),
    contractPoints: wholeNumber("contract points")
      .min(LISTING_LIMITS.contractPointsMin, `A contract has at least ${LISTING_LIMITS.contractPointsMin} points.`)
      .max(LISTING_LIMITS.contractPointsMax, `A contract has at most ${LISTING_LIMITS.contractPointsMax} points.`),
    prevYearPoints: wholeNumber("previous use year's points").min(0, "Points cannot be negative."),
    currYearPoints: wholeNumber("current use year's points").min(0, "Points cannot be negative."),
    nextYearPoints: wholeNumber("next use year's points").min(0, "Points cannot be negative."),
    pricePerPoint: z
      .number({
        error: (issue) =>
          issue.input === undefined ? "Enter the price per point." : "Enter the price as a number, like 125.50.",
      })
      .min(
        LISTING_LIMITS.priceMin,
        `The price per point must be at least ${formatPerPoint(LISTING_LIMITS.priceMin * 100)}.`,
      )
      .max(
        LISTING_LIMITS.priceMax,
        `The price per point can be at most ${formatPerPoint(LISTING_LIMITS.priceMax * 100)}.`,
      )
      .refine(isWholeCents, "Use at most two decimals (cents)."),
    /** "No haggle (my price is firm)": buyers see the no-haggle badge. A checkbox: absent means false. */
    noHaggle: z.boolean({ error: "Tick the box or leave it empty." }).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.prevYearPoints > v.contractPoints * 2) {
      ctx.addIssue({
        code: "custom",
        path: ["prevYearPoints"],
        message: `Banked points can be at most twice the contract (${v.contractPoints * 2}).`,
      });
    }
    for (const key of ["currYearPoints", "nextYearPoints"] as const) {
      if (v[key] > v.contractPoints) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `A use year can hold at most the contract's ${v.contractPoints} points.`,
        });
      }
    }
  });
export type ListingFormInput = z.infer<typeof ListingFormSchema>;

/** A listing code typed by an administrator (flag a test listing): "VPM-10001". */
export const ListingCodeSchema = text({
  label: "The listing code",
  max: 40,
  required: "Enter a listing code, like VPM-10001.",
  tooLong: "Enter a listing code, like VPM-10001.",
  invalid: "Enter a listing code, like VPM-10001.",
});

/** Deactivation reasons (SPEC section 5); Other (3) needs free text. */
export const DEACTIVATION_REASONS = [
  { value: "1", label: "I have sold this contract elsewhere" },
  { value: "2", label: "I no longer want to sell" },
  { value: "3", label: "Other" },
] as const;
export const OTHER_REASON = "3";
export const MESSAGES = {
  reasonRequired: "Please enter reason",
  statusErrorTitle: "Status errors",
} as const;

/** SPEC section 7 `listings.update`: id, name (listing_status_id), value (3 or 9), reason, other_reason, isAdmin. */
export const ListingStatusUpdateSchema = z
  .object({
    id: id("Unknown listing."),
    name: z.literal("listing_status_id", { error: "Only the listing status can be changed here." }),
    value: int({ min: 3, max: 9, message: "Choose activate or deactivate." }).refine(
      (v) => v === 3 || v === 9,
      "Choose activate or deactivate.",
    ),
    reason: optionalText({
      label: "The reason",
      max: 10,
      tooLong: MESSAGES.reasonRequired,
      invalid: MESSAGES.reasonRequired,
    }),
    other_reason: optionalText({
      label: "The reason",
      max: 500,
      multiline: true,
      tooLong: "Keep the reason under 500 characters.",
    }),
    /** Sent by the original client; the session decides, never this flag. */
    isAdmin: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.value !== 9) return;
    if (!v.reason || !DEACTIVATION_REASONS.some((r) => r.value === v.reason)) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: MESSAGES.reasonRequired });
    } else if (v.reason === OTHER_REASON && !v.other_reason) {
      ctx.addIssue({ code: "custom", path: ["other_reason"], message: MESSAGES.reasonRequired });
    }
  });
export type ListingStatusUpdate = z.infer<typeof ListingStatusUpdateSchema>;

/** The reason text a deactivation records. */
export function deactivationReasonText(reason: string | undefined, other: string | undefined) {
  if (reason === OTHER_REASON) return other ?? "";
  return DEACTIVATION_REASONS.find((r) => r.value === reason)?.label ?? "";
}
