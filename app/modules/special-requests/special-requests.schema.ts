import { z } from "zod";
import { id, idList as ids, int, optionalText } from "~/lib/fields";
import { moneyField } from "~/lib/money-field";
import { LISTING_LIMITS } from "~/modules/listings/inventory.schema";

/**
 * A buyer's special request (SPEC: buyer.special-request): what they are looking for. Browser-safe: the form
 * checks with the same schema the server parses. Every criterion is optional, but a request names at least one
 * (a request for "anything" is what the listings search is for).
 */
export const SPECIAL_REQUEST_LIMITS = {
  /** Open requests a buyer may have at once. */
  openPerBuyer: 10,
  notesMax: 2000,
  /** Dollars per point: the listing form's bounds. */
  priceMin: LISTING_LIMITS.priceMin,
  priceMax: LISTING_LIMITS.priceMax,
  budgetMaxCents: 1_000_000_00,
} as const;

const optionalCount = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? v.trim() : v),
    int({
      min: LISTING_LIMITS.contractPointsMin,
      max: LISTING_LIMITS.contractPointsMax,
      message: `Enter the ${label} as a whole number.`,
      tooSmall: `The ${label} is at least ${LISTING_LIMITS.contractPointsMin}.`,
      tooLarge: `The ${label} is at most ${LISTING_LIMITS.contractPointsMax}.`,
    }).optional(),
  );

const optionalMoney = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), field.optional());

/** A list field sent as repeated form entries or a JSON array; one value arrives as a string. */
const idList = (message: string) => ids(message, 40);

export const SpecialRequestSchema = z
  .object({
    resorts: idList("Choose resorts from the list."),
    // A calendar month here; the service checks it is one the site offers (/admin/tweaks "Years").
    use_months: idList("Choose use-year months from the list.").refine(
      (ms) => ms.every((m) => m >= 1 && m <= 12),
      "Choose use-year months from the list.",
    ),
    min_points: optionalCount("smallest number of points"),
    max_points: optionalCount("largest number of points"),
    max_price_per_point: optionalMoney(
      moneyField({
        label: "the most you would pay per point",
        min: SPECIAL_REQUEST_LIMITS.priceMin * 100,
        max: SPECIAL_REQUEST_LIMITS.priceMax * 100,
      }),
    ),
    budget: optionalMoney(
      moneyField({ label: "your budget", min: 1000_00, max: SPECIAL_REQUEST_LIMITS.budgetMaxCents }),
    ),
    needed_by: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.iso.date({ error: "Enter the date as YYYY-MM-DD." }).optional(),
    ),
    notes: optionalText({
      label: "The notes",
      max: SPECIAL_REQUEST_LIMITS.notesMax,
      multiline: true,
      tooLong: `Keep the notes under ${SPECIAL_REQUEST_LIMITS.notesMax} characters.`,
    }).transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if (v.min_points !== undefined && v.max_points !== undefined && v.min_points > v.max_points) {
      ctx.addIssue({
        code: "custom",
        path: ["max_points"],
        message: "The largest number of points cannot be below the smallest.",
      });
    }
    const named =
      v.resorts.length > 0 ||
      v.use_months.length > 0 ||
      v.min_points !== undefined ||
      v.max_points !== undefined ||
      v.max_price_per_point !== undefined ||
      v.budget !== undefined;
    if (!named) {
      ctx.addIssue({
        code: "custom",
        path: ["resorts"],
        message: "Name at least one thing you are looking for: a resort, points, a use year, a price or a budget.",
      });
    }
  });

export type SpecialRequestInput = z.output<typeof SpecialRequestSchema>;

export const CloseRequestSchema = z.object({
  id: id("There is no such request."),
  reason: z.enum(["found", "not-looking"], { error: "Choose why you are closing the request." }).default("not-looking"),
});

/** "Alert me about new matches" on /listings: the search's query string, read by the listings' own URL rules. */
export const FromSearchSchema = z.object({
  query: optionalText({ label: "The search", max: 2000 }).transform((v) => v ?? ""),
});

export const CLOSE_REASONS = {
  found: "Found a contract",
  "not-looking": "No longer looking",
  admin: "Closed by an administrator",
} as const;
