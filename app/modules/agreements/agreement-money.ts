/**
 * The agreements' money rules (issue 11, DOMAIN.md "Annual dues" and "Money"), pure: no database, no clock, safe for
 * the browser. The deposit, the dues proration, FIRPTA/HARPTA withholding and the closing statement of both sides.
 *
 * Money is integer cents in and out (ARCHITECTURE rule 4). Every rate is an argument; the exported defaults are
 * DOMAIN.md's figures, for the tweaks and the title companies' cost tables to override. A percent of an amount is
 * rounded to the nearest cent, half a cent up (`percentOfCents`); an amount split between the two sides gives the odd
 * cent to the buyer (`splitCents`). Bad input (a negative price, no points) throws an AppError with code BAD_INPUT.
 */
import { AppError } from "~/lib/errors";
import { MAX_MONEY_CENTS } from "~/lib/money";
import type { Side } from "~/modules/offers/offers.rules";
import { sectionOf, sectionValuesOf } from "~/modules/admin/settings";
import { type Payer, TWEAKS } from "~/modules/settings/tweaks.schema";
import { calendarDate } from "./deal-timeline";
import {
  DEED_STAMP_RULES,
  type DeedStampRule,
  type IsoDate,
  RESORT_STATES,
  rateInForce,
  WITHHOLDING_RATES,
  type WithholdingRate,
} from "./tax-rates";

/** A title company's cost table for one resort or state (the `/admin/companies/costs` screen). */
export type TitleCosts = {
  /** The title company's closing (settlement) fee: a closing cost, paid as "who pays closing costs" says. */
  closingFeeCents: number;
  /** Recording the deed with the county: a closing cost. */
  recordingFeeCents: number;
  /** The title search: a closing cost. */
  titleSearchCents: number;
  /** The seller's own closing fee (preparing and notarising the deed), always the seller's. */
  sellerClosingFeeCents: number;
};

/**
 * DOMAIN.md's figures, as defaults. The buyer's closing costs are "about $400-$800" (here $350 + $100 + $150 = $600),
 * the seller's closing "about $200-$400" (here $300), the estoppel fee "about $150", the deposit "commonly 10%, minimum
 * $1,000", the commission "typically 6.9%-10%" (here 8%). The title costs are examples inside those ranges, for a
 * title company whose cost table is not filled in.
 */
const FEE_DEFAULTS = sectionValuesOf(sectionOf(TWEAKS, "fees"), {});
const DEPOSIT_DEFAULTS = sectionValuesOf(sectionOf(TWEAKS, "agreement"), {});
/** The deposit, commission, estoppel and seller's closing figures are the tweaks' declared defaults (decision 0064). */
export const MONEY_DEFAULTS = {
  depositPercent: DEPOSIT_DEFAULTS.depositPercent,
  depositMinimumCents: DEPOSIT_DEFAULTS.depositMinimumCents,
  estoppelFeeCents: FEE_DEFAULTS.estoppelFeeCents,
  commissionPercent: FEE_DEFAULTS.commissionPercent,
  titleCosts: {
    closingFeeCents: 35_000,
    recordingFeeCents: 10_000,
    titleSearchCents: 15_000,
    sellerClosingFeeCents: FEE_DEFAULTS.sellerClosingFeeCents,
  } satisfies TitleCosts,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Checks and arithmetic

const bad = (message: string) => new AppError("BAD_INPUT", message);

/** A whole number of cents from 0 (or 1 with `positive`) to $1 billion; anything else throws BAD_INPUT. */
function cents(name: string, value: number, opts: { positive?: boolean } = {}): number {
  if (!Number.isSafeInteger(value)) throw bad(`${name} must be a whole number of cents.`);
  if (value < 0) throw bad(`${name} cannot be negative.`);
  if (opts.positive && value === 0) throw bad(`${name} must be more than zero.`);
  if (value > MAX_MONEY_CENTS) throw bad(`${name} is more than $1 billion.`);
  return value;
}

/** A percent from 0 to 100 with at most four decimals (6.9, 7.25, 8.125). */
function percentOk(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw bad(`${name} must be a percent from 0 to 100.`);
  const scaled = value * 10_000;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) throw bad(`${name} can have at most four decimals.`);
  return value;
}

/**
 * `percent`% of an amount in cents, to the nearest cent, half a cent rounded up (10% of $0.05 is $0.01). Exact: the
 * percent is scaled to an integer and the product computed with BigInt, so 7.25% of $17,280 is $1,252.80, not a float
 * a hair off.
 */
export function percentOfCents(amountCents: number, percent: number): number {
  cents("The amount", amountCents);
  percentOk("The percent", percent);
  const p = BigInt(Math.round(percent * 10_000)); // percent in ten-thousandths
  const denominator = 1_000_000n; // 100 (percent) x 10,000 (scale)
  return Number((BigInt(amountCents) * p + denominator / 2n) / denominator);
}

/** `numerator`/`denominator` of an amount in cents, half a cent rounded up (3/12 of the dues). */
function fractionOfCents(amountCents: number, numerator: number, denominator: number): number {
  return Number((BigInt(amountCents) * BigInt(numerator) * 2n + BigInt(denominator)) / (BigInt(denominator) * 2n));
}

/**
 * An amount shared as `payer` says: all the buyer's, all the seller's, or half each ("split"), the odd cent to the
 * buyer so the two halves always add up to the whole.
 */
export function splitCents(amountCents: number, payer: Payer): Record<Side, number> {
  cents("The amount", amountCents);
  if (payer === "buyer") return { buyer: amountCents, seller: 0 };
  if (payer === "seller") return { buyer: 0, seller: amountCents };
  if (payer === "split") {
    const buyer = Math.ceil(amountCents / 2);
    return { buyer, seller: amountCents - buyer };
  }
  throw bad("Who pays must be the buyer, the seller or split.");
}

function points(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw bad("The contract must have a whole number of points above 0.");
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Deposit

/**
 * The deposit into the title company's escrow: `percent` of the total (rounded to the cent, half up), at least
 * `minimumCents`, and never more than the total itself (DOMAIN.md: "commonly 10%, minimum $1,000"). A $24,000 contract
 * deposits $2,400; a $6,500 one the $1,000 minimum; an $800 one all $800.
 */
export function depositCents(input: { totalCents: number; percent?: number; minimumCents?: number }): number {
  const total = cents("The total", input.totalCents, { positive: true });
  const percent = percentOk("The deposit percent", input.percent ?? MONEY_DEFAULTS.depositPercent);
  const minimum = cents("The minimum deposit", input.minimumCents ?? MONEY_DEFAULTS.depositMinimumCents);
  return Math.min(total, Math.max(minimum, percentOfCents(total, percent)));
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Dues proration

/**
 * The whole months of the calendar year left after the month of closing: 12 minus the closing month (1-12). The
 * closing month itself is the seller's. Closing in March leaves 9 (April-December), in September 3, in December 0,
 * in January 11. The closing date is a calendar date (an ISO "YYYY-MM-DD", or an instant read in America/New_York).
 */
export function monthsLeftInYear(closingDate: Date | IsoDate): number {
  const month = Number(calendarDate(closingDate).slice(5, 7));
  return 12 - month;
}

export type DuesProration = {
  /** This calendar year's dues on the contract: dues per point x points (the seller paid them by January 15). */
  fullYearCents: number;
  monthsLeft: number;
  /** The share of the year after closing: months left / 12 x the year's dues, half a cent up. */
  proratedCents: number;
  paidBy: Payer;
  /** What the buyer reimburses the seller at closing: all of the prorated share, none, or half (odd cent to the buyer). */
  creditToSellerCents: number;
};

/**
 * The dues proration (DOMAIN.md "Annual dues"): the seller has paid the calendar year's dues; the buyer reimburses the
 * months left after closing as the agreement's "who pays the current year's dues" says: "buyer" all of the prorated
 * share, "seller" none of it, "split" half. 160 BLT points at $7.08 (2022) closing in September: $1,132.80 for the
 * year, 3 months left, $283.20 to the seller.
 */
export function prorateDues(input: {
  points: number;
  duesPerPointCents: number;
  closingDate: Date | IsoDate;
  paidBy: Payer;
}): DuesProration {
  const fullYearCents = cents("The dues", points(input.points) * cents("The dues per point", input.duesPerPointCents));
  const monthsLeft = monthsLeftInYear(input.closingDate);
  const proratedCents = fractionOfCents(fullYearCents, monthsLeft, 12);
  return {
    fullYearCents,
    monthsLeft,
    proratedCents,
    paidBy: input.paidBy,
    creditToSellerCents: splitCents(proratedCents, input.paidBy).buyer,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Withholding

/** What the withholding rules need to know about the seller. */
export type SellerTaxStatus = {
  /** A foreign person for US tax (FIRPTA). */
  foreign: boolean;
  /** Not a resident of the state the resort is in (HARPTA, for Aulani in Hawaii). */
  nonResident: boolean;
};

export type WithholdingLine = {
  kind: WithholdingRate["kind"];
  label: string;
  percent: number;
  /** The amount the percent is taken of: the gross price (FIRPTA) or the amount realised (HARPTA). */
  baseCents: number;
  amountCents: number;
  forms: string;
};

/**
 * The taxes withheld from the seller's proceeds at closing (DOMAIN.md "Money"), from dated rates: FIRPTA on the gross
 * price when the seller is foreign (15% since 2016-02-17), HARPTA on the amount realised when the seller is not a
 * resident of the resort's state and a rate exists for that state (Hawaii: 7.25% from 2018-09-15, 5% before). Both can
 * apply to one sale. The rate is the one in force on the closing date. The amount realised is taken to be the price
 * unless given (DOMAIN.md does not define it further).
 */
export function withholding(input: {
  priceCents: number;
  amountRealisedCents?: number;
  resortCode: string;
  closingDate: Date | IsoDate;
  seller: SellerTaxStatus;
  rates?: readonly WithholdingRate[];
  resortStates?: Readonly<Record<string, string>>;
}): { lines: WithholdingLine[]; totalCents: number } {
  const price = cents("The price", input.priceCents, { positive: true });
  const realised = cents("The amount realised", input.amountRealisedCents ?? price);
  const date = calendarDate(input.closingDate);
  const state = (input.resortStates ?? RESORT_STATES)[input.resortCode] ?? null;
  const rates = input.rates ?? WITHHOLDING_RATES;
  const lines: WithholdingLine[] = [];
  for (const kind of [...new Set(rates.map((r) => r.kind))]) {
    const rate = rateInForce(
      rates.filter((r) => r.kind === kind),
      date,
    );
    if (!rate) continue;
    if (rate.state !== undefined && rate.state !== state) continue;
    const applies = rate.appliesTo === "foreign" ? input.seller.foreign : input.seller.nonResident;
    if (!applies) continue;
    const baseCents = rate.appliesTo === "foreign" ? price : realised;
    lines.push({
      kind,
      label: rate.label,
      percent: rate.percent,
      baseCents,
      amountCents: percentOfCents(baseCents, rate.percent),
      forms: rate.forms,
    });
  }
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Deed stamps, commission, closing statement

/**
 * The deed stamp tax on the price for a resort in a state with a rule in force on the closing date, or null. Florida:
 * $0.70 for every $100 or part of $100 ($24,000 pays $168.00; $16,350 pays $114.80).
 */
export function deedStamps(input: {
  priceCents: number;
  resortCode: string;
  closingDate: Date | IsoDate;
  rules?: readonly DeedStampRule[];
  resortStates?: Readonly<Record<string, string>>;
}): { label: string; amountCents: number } | null {
  const price = cents("The price", input.priceCents, { positive: true });
  const state = (input.resortStates ?? RESORT_STATES)[input.resortCode];
  if (!state) return null;
  const rule = rateInForce(
    (input.rules ?? DEED_STAMP_RULES).filter((r) => r.state === state),
    calendarDate(input.closingDate),
  );
  if (!rule) return null;
  const units = rule.roundUpPartUnit ? Math.ceil(price / rule.unitCents) : Math.floor(price / rule.unitCents);
  return { label: rule.label, amountCents: units * rule.centsPerUnit };
}

/** The broker's commission: a percent of the price, or a flat amount (the seller's adjusted commission). */
export type Commission = { percent: number } | { flatCents: number };

/** The commission in cents: `percent`% of the price (half a cent up) or the flat amount. */
export function commissionCents(priceCents: number, commission: Commission): number {
  if ("flatCents" in commission) return cents("The commission", commission.flatCents);
  return percentOfCents(cents("The price", priceCents), percentOk("The commission percent", commission.percent));
}

/**
 * The commission that applies to a sale: the seller's own (adjusted) commission when set, else the site's percent of
 * the price, raised to the site's minimum when the percent comes to less (the "admin fees" tweaks). 8% of $4,000 is
 * $320; with a $500 minimum the commission is $500.
 */
export function applicableCommission(
  priceCents: number,
  fees: { commissionPercent: number; commissionMinimumCents: number },
  sellersOwn: Commission | null,
): Commission {
  if (sellersOwn) return sellersOwn;
  const minimum = cents("The minimum commission", fees.commissionMinimumCents);
  const byPercent = commissionCents(priceCents, { percent: fees.commissionPercent });
  return byPercent < minimum ? { flatCents: minimum } : { percent: fees.commissionPercent };
}

/**
 * The seller's `adjusted_commission_text` (a user setting) read as a commission when it is one: "7%", "6.9 %" or a
 * dollar amount ("$1,500", "1500.00"). Null for anything else (free text: the default commission applies).
 */
export function parseCommissionText(text: string | null | undefined): Commission | null {
  const s = (text ?? "").trim();
  const pct = /^(\d{1,3}(?:\.\d{1,4})?)\s*%$/.exec(s);
  if (pct) {
    const percent = Number(pct[1]);
    return percent <= 100 ? { percent } : null;
  }
  const dollars = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!dollars) return null;
  const whole = Number(dollars[1].replaceAll(",", ""));
  const flatCents = whole * 100 + Number((dollars[2] ?? "").padEnd(2, "0"));
  return flatCents <= MAX_MONEY_CENTS ? { flatCents } : null;
}

/**
 * One line of a closing statement. `amountCents` is signed from the statement's side: on the buyer's, what the buyer
 * pays; on the seller's, what the seller receives (positive: the price, the dues reimbursed) or gives up (negative:
 * fees, commission, withholding). `who` is the side whose statement it is on.
 */
export type StatementLine = {
  key: string;
  label: string;
  amountCents: number;
  who: Side;
};

export type ClosingStatementInput = {
  /** The contract's price: points x price per point. */
  priceCents: number;
  points: number;
  resortCode: string;
  closingDate: Date | IsoDate;
  /** This calendar year's dues per point at the resort. */
  duesPerPointCents: number;
  /** Who pays the current year's dues (the agreement's "who pays"). */
  duesPaidBy: Payer;
  /** Who pays the closing costs: the title company's closing fee, recording, title search and any deed stamps. */
  closingCostsPaidBy: Payer;
  /** The deposit the buyer already paid into escrow. */
  depositPaidCents: number;
  /** The title company's cost table for this resort or state (defaults: MONEY_DEFAULTS.titleCosts). */
  titleCosts?: TitleCosts;
  estoppelFeeCents?: number;
  /** Who pays the estoppel fee: the seller by custom (DOMAIN.md). */
  estoppelPaidBy?: Payer;
  /** Defaults to MONEY_DEFAULTS.commissionPercent of the price. */
  commission?: Commission;
  /** Defaults to a US seller resident in the resort's state (nothing withheld). */
  seller?: SellerTaxStatus;
  rates?: {
    withholding?: readonly WithholdingRate[];
    deedStamps?: readonly DeedStampRule[];
    resortStates?: Readonly<Record<string, string>>;
  };
};

export type ClosingStatement = {
  buyer: {
    lines: StatementLine[];
    /** The sum of the buyer's lines: everything the buyer pays for the deal. */
    totalDueCents: number;
    depositPaidCents: number;
    /** What the buyer wires to escrow for closing: the total due minus the deposit already paid. */
    balanceToWireCents: number;
  };
  seller: {
    lines: StatementLine[];
    /** The sum of the seller's lines: what escrow pays the seller once the deed is recorded (negative: owed). */
    netProceedsCents: number;
  };
  dues: DuesProration;
  withholding: { lines: WithholdingLine[]; totalCents: number };
};

const shareLabel = (label: string, payer: Payer) => (payer === "split" ? `${label} (half)` : label);

/**
 * The closing statement of both sides (issue 11 "Money"). The buyer's: the price, the dues reimbursed to the seller,
 * and the buyer's share of the closing costs (closing fee, recording, title search, deed stamps where the resort's
 * state charges them) and of the estoppel fee. The seller's: the price, the dues reimbursed, then deducted: the
 * seller's share of the estoppel fee and closing costs, the seller's own closing fee, the commission and any
 * withholding; what is left is the net proceeds. Lines of zero are left out. Every line is whole cents and each
 * side's lines add up exactly to its total; the buyer's total also equals the seller's net proceeds plus everything
 * paid to others (fees, taxes, commission), so escrow balances.
 */
export function closingStatement(input: ClosingStatementInput): ClosingStatement {
  const price = cents("The price", input.priceCents, { positive: true });
  const deposit = cents("The deposit paid", input.depositPaidCents);
  const costs = input.titleCosts ?? MONEY_DEFAULTS.titleCosts;
  const estoppel = cents("The estoppel fee", input.estoppelFeeCents ?? MONEY_DEFAULTS.estoppelFeeCents);
  const estoppelPaidBy = input.estoppelPaidBy ?? "seller";
  const dues = prorateDues({
    points: input.points,
    duesPerPointCents: input.duesPerPointCents,
    closingDate: input.closingDate,
    paidBy: input.duesPaidBy,
  });
  const stamps = deedStamps({
    priceCents: price,
    resortCode: input.resortCode,
    closingDate: input.closingDate,
    rules: input.rates?.deedStamps,
    resortStates: input.rates?.resortStates,
  });
  const held = withholding({
    priceCents: price,
    resortCode: input.resortCode,
    closingDate: input.closingDate,
    seller: input.seller ?? { foreign: false, nonResident: false },
    rates: input.rates?.withholding,
    resortStates: input.rates?.resortStates,
  });
  const commission = commissionCents(price, input.commission ?? { percent: MONEY_DEFAULTS.commissionPercent });

  const buyer: StatementLine[] = [];
  const seller: StatementLine[] = [];
  const add = (lines: StatementLine[], who: Side, key: string, label: string, amountCents: number) => {
    if (amountCents !== 0) lines.push({ key, label, amountCents, who });
  };

  add(buyer, "buyer", "price", "Purchase price", price);
  add(seller, "seller", "price", "Sale price", price);
  const duesShare = `${dues.monthsLeft} of 12 months${dues.paidBy === "split" ? ", half" : ""}`;
  // The closing's calendar year, named: "This year" misreads on a statement dated in another year.
  const duesYear = calendarDate(input.closingDate).slice(0, 4);
  add(buyer, "buyer", "dues", `${duesYear} dues reimbursed to the seller (${duesShare})`, dues.creditToSellerCents);
  add(seller, "seller", "dues", `${duesYear} dues reimbursed by the buyer (${duesShare})`, dues.creditToSellerCents);

  const closingCosts: [key: string, label: string, amountCents: number][] = [
    ["closing-fee", "Closing fee", cents("The closing fee", costs.closingFeeCents)],
    ["recording-fee", "Recording fee", cents("The recording fee", costs.recordingFeeCents)],
    ["title-search", "Title search", cents("The title search", costs.titleSearchCents)],
  ];
  if (stamps) closingCosts.push(["deed-stamps", stamps.label, stamps.amountCents]);
  for (const [key, label, amount] of closingCosts) {
    const share = splitCents(amount, input.closingCostsPaidBy);
    add(buyer, "buyer", key, shareLabel(label, input.closingCostsPaidBy), share.buyer);
    add(seller, "seller", key, shareLabel(label, input.closingCostsPaidBy), -share.seller);
  }
  const estoppelShare = splitCents(estoppel, estoppelPaidBy);
  add(buyer, "buyer", "estoppel-fee", shareLabel("Estoppel fee", estoppelPaidBy), estoppelShare.buyer);
  add(seller, "seller", "estoppel-fee", shareLabel("Estoppel fee", estoppelPaidBy), -estoppelShare.seller);
  add(
    seller,
    "seller",
    "seller-closing-fee",
    "Seller's closing fee",
    -cents("The seller's closing fee", costs.sellerClosingFeeCents),
  );
  const commissionLabel =
    input.commission && "flatCents" in input.commission
      ? "Broker commission"
      : `Broker commission (${input.commission && "percent" in input.commission ? input.commission.percent : MONEY_DEFAULTS.commissionPercent}%)`;
  add(seller, "seller", "commission", commissionLabel, -commission);
  for (const l of held.lines) add(seller, "seller", l.kind.toLowerCase(), `${l.label} (${l.percent}%)`, -l.amountCents);

  const sum = (lines: StatementLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);
  const totalDueCents = sum(buyer);
  if (deposit > totalDueCents) throw bad("The deposit paid is more than the buyer's total due at closing.");
  return {
    buyer: { lines: buyer, totalDueCents, depositPaidCents: deposit, balanceToWireCents: totalDueCents - deposit },
    seller: { lines: seller, netProceedsCents: sum(seller) },
    dues,
    withholding: held,
  };
}
