import { z } from "zod";
import { id as idField, int, optionalText, text } from "~/lib/fields";
import { moneyField } from "~/lib/money-field";

/**
 * The offers' inputs (issue 10), safe for the browser: the make-offer form, a counter, a decline, and the id of the
 * offer acted on. Prices are typed in dollars ("$12,500", "125.50") and become integer cents.
 */

/** The highest price per point an offer may name: $1,000 (listings ask at most $400). */
export const MAX_OFFER_PRICE_PER_POINT_CENTS = 100_000;
export const MAX_DEED_NAMES = 4;

export const PAYER_OPTIONS = [
  { value: "buyer", label: "Buyer" },
  { value: "seller", label: "Seller" },
  { value: "split", label: "Split evenly" },
] as const;
export const FINANCING_OPTIONS = [
  { value: "cash", label: "Cash" },
  { value: "loan", label: "Loan" },
] as const;

const payer = (what: string) =>
  z.enum(["buyer", "seller", "split"], { error: `Choose who pays ${what}: the buyer, the seller, or split evenly.` });

const id = (what: string) => idField(`Choose ${what}.`);

const pricePerPoint = moneyField({
  label: "your price per point",
  min: 1,
  max: MAX_OFFER_PRICE_PER_POINT_CENTS,
});

/** A checkbox or a JSON flag. */
const flag = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/** The names to go on the deed: a list, or one name a line (or separated by semicolons) as typed in a text box. */
const deedNames = z
  .union([z.array(z.string().max(2000)).max(20), z.string().max(2000)], { error: "Enter the names to go on the deed." })
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(/[\n;]/)).map((n) => n.trim().replace(/\s+/g, " ")).filter((n) => n.length > 0),
  )
  .pipe(
    z
      .array(
        text({
          label: "A name on the deed",
          min: 2,
          max: 120,
          required: "Enter each name on the deed in full.",
        }),
      )
      .min(1, "Enter the names to go on the deed.")
      .max(MAX_DEED_NAMES, `At most ${MAX_DEED_NAMES} names can go on the deed.`),
  );

const message = optionalText({ label: "The message", max: 2000, multiline: true }).transform((v) => v ?? "");

export const SubmitOfferSchema = z.object({
  listingId: id("a listing"),
  pricePerPoint,
  /** Who pays the current use year's dues; the "who pays" tweak's default when left out. */
  duesPaidBy: payer("the current year's dues").optional(),
  /** Who pays the closing costs; the "who pays" tweak's default when left out. */
  closingCostsPaidBy: payer("the closing costs").optional(),
  financing: z.enum(["cash", "loan"], { error: "Choose how you will pay: cash or a loan." }),
  deedNames,
  message,
  /** The buyer saw the low offer modal and sends the offer as it is. */
  confirmLow: flag,
});
export type SubmitOfferInput = z.infer<typeof SubmitOfferSchema>;

export const CounterOfferSchema = z.object({
  offerId: id("an offer"),
  pricePerPoint,
  /** Left out: the terms on the table stay. */
  duesPaidBy: payer("the current year's dues").optional(),
  closingCostsPaidBy: payer("the closing costs").optional(),
  message,
});
export type CounterOfferInput = z.infer<typeof CounterOfferSchema>;

export const DeclineOfferSchema = z.object({
  offerId: id("an offer"),
  reason: text({ label: "The reason", min: 3, max: 500, multiline: true, required: "Give a reason for declining." }),
});
export type DeclineOfferInput = z.infer<typeof DeclineOfferSchema>;

export const OfferIdSchema = z.object({ offerId: id("an offer") });
export type OfferIdInput = z.infer<typeof OfferIdSchema>;

export const OfferListSchema = z.object({
  page: int({ min: 1, max: 10_000, message: "Choose a page from 1 to 10,000." }).optional().default(1),
  /** open (still being negotiated), closed, or all. */
  view: z.enum(["open", "closed", "all"]).optional().default("all"),
});
export type OfferListInput = z.infer<typeof OfferListSchema>;

/** SPEC `admin.delete-admin-offers-logs`: the ids of the offers-log rows to delete. */
export const DeleteOffersLogsSchema = z.object({
  logIds: z
    .array(int({ min: 1, max: Number.MAX_SAFE_INTEGER, message: "Choose the log entries to delete." }), {
      error: "Choose the log entries to delete.",
    })
    .min(1, "Choose the log entries to delete.")
    .max(500, "Delete at most 500 log entries at once."),
});

/** Words for each state, for pages and mails. */
export const OFFER_STATUS_LABELS = {
  submitted: "Waiting for the seller",
  countered_by_seller: "Seller countered",
  countered_by_buyer: "Buyer countered",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
} as const;
