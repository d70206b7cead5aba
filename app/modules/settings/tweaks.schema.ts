import { z } from "zod";
import { int } from "~/lib/fields";
import { formatNumber, formatPercent, formatPrice } from "~/lib/format";

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
  inactive_user_days: int({ min: INACTIVE_USER_DAYS.min, max: INACTIVE_USER_DAYS.max, message: daysMessage }),
});

export const SecurityTweakSchema = z.object({
  intent: z.literal("security"),
  // A checkbox: "on" when ticked, absent when not.
  require_admin_two_factor: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.boolean()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export type Tweaks = {
  inactiveUserDays: number;
  requireAdminTwoFactor: boolean;
  offers: OfferTweaks;
  agreement: AgreementTweaks;
  fees: FeeTweaks;
};

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

/**
 * The offers and "who pays" sections of /admin/tweaks (issue 10): how long an offer or counter stands, how many open
 * offers a buyer may have when the account sets no other number, and who pays the current year's dues and the
 * closing costs unless the offer says otherwise. Read by the offers module; the editing screen comes with the pages.
 */
export const OFFER_TWEAK_KEYS = {
  expiryHours: "offer_expiry_hours",
  allowedOffers: "offers_allowed_default",
  whoPaysDues: "who_pays_dues",
  whoPaysClosingCosts: "who_pays_closing_costs",
} as const;

export const OFFER_EXPIRY_HOURS = { min: 1, max: 336, default: 48 } as const;
export const ALLOWED_OFFERS = { min: 0, max: 100, default: 5 } as const;

export type Payer = "buyer" | "seller" | "split";
export type OfferTweaks = {
  expiryHours: number;
  allowedOffers: number;
  whoPaysDues: Payer;
  whoPaysClosingCosts: Payer;
};

const wholeIn = (value: unknown, r: { min: number; max: number; default: number }) => {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= r.min && n <= r.max ? n : r.default;
};
const payerOf = (value: unknown, fallback: Payer): Payer =>
  value === "buyer" || value === "seller" || value === "split" ? value : fallback;

/** Stored values read defensively: anything missing or out of range falls back to the default. */
export function offerTweaksOf(v: Record<string, unknown>): OfferTweaks {
  return {
    expiryHours: wholeIn(v[OFFER_TWEAK_KEYS.expiryHours], OFFER_EXPIRY_HOURS),
    allowedOffers: wholeIn(v[OFFER_TWEAK_KEYS.allowedOffers], ALLOWED_OFFERS),
    // By custom the buyer reimburses the current year's dues and pays the closing costs (DOMAIN.md).
    whoPaysDues: payerOf(v[OFFER_TWEAK_KEYS.whoPaysDues], "buyer"),
    whoPaysClosingCosts: payerOf(v[OFFER_TWEAK_KEYS.whoPaysClosingCosts], "buyer"),
  };
}

const hoursMessage = `Enter a whole number of hours from ${OFFER_EXPIRY_HOURS.min} to ${OFFER_EXPIRY_HOURS.max}.`;
const allowedMessage = `Enter a whole number of offers from ${ALLOWED_OFFERS.min} to ${ALLOWED_OFFERS.max}.`;
const payerField = (what: string) =>
  z.enum(["buyer", "seller", "split"], { error: `Choose who pays ${what}: the buyer, the seller, or split evenly.` });

/** The offers and "who pays" section of /admin/tweaks. */
export const OffersTweakSchema = z.object({
  intent: z.literal("offers"),
  offer_expiry_hours: int({ min: OFFER_EXPIRY_HOURS.min, max: OFFER_EXPIRY_HOURS.max, message: hoursMessage }),
  offers_allowed_default: int({ min: ALLOWED_OFFERS.min, max: ALLOWED_OFFERS.max, message: allowedMessage }),
  who_pays_dues: payerField("the current year's dues"),
  who_pays_closing_costs: payerField("the closing costs"),
});

/**
 * The agreement section of /admin/tweaks (issue 11): the deposit into escrow, as a percent of the price with a minimum
 * (DOMAIN.md: commonly 10%, at least $1,000), and the hours the buyer has to wire it once both sides signed (24-72).
 */
export const AGREEMENT_TWEAK_KEYS = {
  depositPercent: "agreement_deposit_percent",
  depositMinimumCents: "agreement_deposit_minimum_cents",
  depositHours: "agreement_deposit_hours",
} as const;
export const DEPOSIT_PERCENT = { min: 1, max: 100, default: 10 } as const;
export const DEPOSIT_MINIMUM_DOLLARS = { min: 0, max: 100_000, default: 1_000 } as const;
export const DEPOSIT_HOURS = { min: 1, max: 720, default: 72 } as const;
export type AgreementTweaks = { depositPercent: number; depositMinimumCents: number; depositHours: number };

export function agreementTweaksOf(v: Record<string, unknown>): AgreementTweaks {
  const minimumDollars = wholeIn(
    typeof v[AGREEMENT_TWEAK_KEYS.depositMinimumCents] === "number"
      ? (v[AGREEMENT_TWEAK_KEYS.depositMinimumCents] as number) / 100
      : Number.NaN,
    DEPOSIT_MINIMUM_DOLLARS,
  );
  return {
    depositPercent: wholeIn(v[AGREEMENT_TWEAK_KEYS.depositPercent], DEPOSIT_PERCENT),
    depositMinimumCents: minimumDollars * 100,
    depositHours: wholeIn(v[AGREEMENT_TWEAK_KEYS.depositHours], DEPOSIT_HOURS),
  };
}

const rangeMessage = (what: string, r: { min: number; max: number }) =>
  `Enter ${what} from ${formatNumber(r.min)} to ${formatNumber(r.max)}.`;
const whole = (what: string, r: { min: number; max: number }) =>
  int({ min: r.min, max: r.max, message: rangeMessage(what, r) });

export const AgreementTweakSchema = z.object({
  intent: z.literal("agreement"),
  deposit_percent: whole("a whole percent", DEPOSIT_PERCENT),
  deposit_minimum: whole("a whole number of dollars", DEPOSIT_MINIMUM_DOLLARS),
  deposit_hours: whole("a whole number of hours", DEPOSIT_HOURS),
});

/**
 * The "admin fees" section of /admin/tweaks (issue 11): what the site charges a seller and the fees the closing
 * statement uses when the title company's cost table gives none. DOMAIN.md: commission typically 6.9%-10%; estoppel
 * fee about $150; the seller's closing about $200-$400. A seller's own `adjusted_commission_text` wins over the percent.
 */
export const FEE_TWEAK_KEYS = {
  commissionBps: "admin_fee_commission_bps",
  commissionMinimumCents: "admin_fee_commission_minimum_cents",
  estoppelFeeCents: "admin_fee_estoppel_cents",
  sellerClosingFeeCents: "admin_fee_seller_closing_cents",
} as const;
/** The commission in hundredths of a percent (800 = 8%). */
export const COMMISSION_BPS = { min: 0, max: 2_500, default: 800 } as const;
export const COMMISSION_MINIMUM_DOLLARS = { min: 0, max: 10_000, default: 0 } as const;
export const ESTOPPEL_FEE_DOLLARS = { min: 0, max: 2_000, default: 150 } as const;
export const SELLER_CLOSING_FEE_DOLLARS = { min: 0, max: 5_000, default: 300 } as const;
export type FeeTweaks = {
  commissionPercent: number;
  commissionMinimumCents: number;
  estoppelFeeCents: number;
  sellerClosingFeeCents: number;
};

const dollarsIn = (value: unknown, r: { min: number; max: number; default: number }) =>
  wholeIn(typeof value === "number" && value % 100 === 0 ? value / 100 : Number.NaN, r) * 100;

export function feeTweaksOf(v: Record<string, unknown>): FeeTweaks {
  return {
    commissionPercent: wholeIn(v[FEE_TWEAK_KEYS.commissionBps], COMMISSION_BPS) / 100,
    commissionMinimumCents: dollarsIn(v[FEE_TWEAK_KEYS.commissionMinimumCents], COMMISSION_MINIMUM_DOLLARS),
    estoppelFeeCents: dollarsIn(v[FEE_TWEAK_KEYS.estoppelFeeCents], ESTOPPEL_FEE_DOLLARS),
    sellerClosingFeeCents: dollarsIn(v[FEE_TWEAK_KEYS.sellerClosingFeeCents], SELLER_CLOSING_FEE_DOLLARS),
  };
}

/**
 * The site's commission as every page states it (the quick facts, the seller guides, the sign-up promise, the
 * commission text call): "8% of the price", with the minimum when one is set ("8% of the price, at least $1,500").
 * The closing statement charges the same figure (`applicableCommission`), so what is promised is what is taken.
 */
export function commissionWords(fees: Pick<FeeTweaks, "commissionPercent" | "commissionMinimumCents">): string {
  const minimum = fees.commissionMinimumCents > 0 ? `, at least ${formatPrice(fees.commissionMinimumCents)}` : "";
  return `${formatPercent(fees.commissionPercent)} of the price${minimum}`;
}

const commissionMessage = `Enter a percent from ${COMMISSION_BPS.min} to ${COMMISSION_BPS.max / 100}, with at most two decimals.`;

export const FeeTweakSchema = z.object({
  intent: z.literal("fees"),
  commission_percent: z.coerce
    .number({ error: commissionMessage })
    .min(COMMISSION_BPS.min / 100, commissionMessage)
    .max(COMMISSION_BPS.max / 100, commissionMessage)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
      message: commissionMessage,
    }),
  commission_minimum: whole("a whole number of dollars", COMMISSION_MINIMUM_DOLLARS),
  estoppel_fee: whole("a whole number of dollars", ESTOPPEL_FEE_DOLLARS),
  seller_closing_fee: whole("a whole number of dollars", SELLER_CLOSING_FEE_DOLLARS),
});

export const TweakSchema = z.discriminatedUnion(
  "intent",
  [InactiveUsersTweakSchema, SecurityTweakSchema, OffersTweakSchema, AgreementTweakSchema, FeeTweakSchema],
  { error: "Choose a section to save." },
);
export type TweakInput = z.infer<typeof TweakSchema>;
