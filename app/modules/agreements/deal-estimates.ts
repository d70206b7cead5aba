/**
 * Estimates of a deal's money before there is an agreement (issue 27): the buyer's all-in total while they type an
 * offer, and the seller's estimated net when they are about to accept one. Pure and browser-safe: the make-offer form
 * recomputes the total on each keystroke with the same function the server uses.
 *
 * No arithmetic of its own: the figures are `closingStatement`'s (agreement-money.ts), the same rules the agreement's
 * closing statement uses (commission with the site's minimum or the seller's own, estoppel, closing costs, the
 * seller's closing fee, the dues reimbursed), and the deposit is `depositCents`. What an offer cannot know yet is
 * taken as the agreement's page takes it when it is unknown: no title company yet (the typical cost table), no tax
 * declaration yet (nothing withheld), and the closing date expected from DOMAIN.md's typical timeline.
 */
import type { Payer } from "~/modules/settings/tweaks.schema";
import {
  applicableCommission,
  type Commission,
  closingStatement,
  depositCents,
  type StatementLine,
  type TitleCosts,
} from "./agreement-money";
import { expectedDates } from "./deal-timeline";
import type { IsoDate } from "./tax-rates";

/** What an estimate needs besides the terms: the settings and rows the agreement's closing statement reads. */
export type DealEstimateBasis = {
  resortCode: string;
  points: number;
  /** This year's dues per point at the resort (null: not known, the dues line is left out). */
  duesPerPointCents: number | null;
  titleCosts: TitleCosts;
  estoppelFeeCents: number;
  /** The admin fees settings: the commission percent and its minimum. */
  fees: { commissionPercent: number; commissionMinimumCents: number };
  /** The seller's own (adjusted) commission when it reads as one. */
  sellersCommission: Commission | null;
  /** The agreement settings: the deposit percent and its minimum. */
  deposit: { percent: number; minimumCents: number };
  /** The closing date the estimate assumes (the expected closing of a deal accepted today). */
  closingDate: IsoDate;
  /** Where `closingDate` comes from, for the page's words. */
  closingDateBasis: string;
};

export type DealTerms = { pricePerPointCents: number; duesPaidBy: Payer; closingCostsPaidBy: Payer };

export type DealEstimate = {
  priceCents: number;
  closingDate: IsoDate;
  buyer: {
    lines: StatementLine[];
    /** Everything the buyer pays for the deal: price, dues reimbursed, their closing costs and fees. */
    allInCents: number;
    /** This year's dues reimbursed to the seller (0 when the seller keeps them). */
    duesCents: number;
    /** The buyer's share of the closing costs and of the estoppel fee. */
    closingCostsCents: number;
    /** The deposit into escrow when both sides have signed. */
    depositAtSigningCents: number;
    /** The rest, wired at closing. */
    balanceAtClosingCents: number;
  };
  seller: {
    lines: StatementLine[];
    /** What escrow pays the seller, before any tax withholding (declared when signing). */
    netCents: number;
    commissionCents: number;
  };
};

const CLOSING_COST_KEYS = new Set(["closing-fee", "recording-fee", "title-search", "deed-stamps", "estoppel-fee"]);

/**
 * The expected closing date of a deal accepted on `today`, from DOMAIN.md's typical step lengths (the same
 * `expectedDates` the agreement's timeline uses, with no closed deals to take medians from).
 */
export function expectedClosingOf(resortCode: string, today: Date | IsoDate): IsoDate {
  const t = expectedDates({ done: { accepted: today }, resortCode, history: [], today });
  return t.expectedClosing as IsoDate;
}

/**
 * The buyer's all-in total and the seller's estimated net for `terms` on `basis`. Throws BAD_INPUT (AppError) for a
 * price that is not a positive whole number of cents, as `closingStatement` does.
 */
export function estimateDeal(basis: DealEstimateBasis, terms: DealTerms): DealEstimate {
  const priceCents = basis.points * terms.pricePerPointCents;
  const deposit = depositCents({
    totalCents: priceCents,
    percent: basis.deposit.percent,
    minimumCents: basis.deposit.minimumCents,
  });
  const commission = applicableCommission(priceCents, basis.fees, basis.sellersCommission);
  const s = closingStatement({
    priceCents,
    points: basis.points,
    resortCode: basis.resortCode,
    closingDate: basis.closingDate,
    duesPerPointCents: basis.duesPerPointCents ?? 0,
    duesPaidBy: terms.duesPaidBy,
    closingCostsPaidBy: terms.closingCostsPaidBy,
    depositPaidCents: deposit,
    titleCosts: basis.titleCosts,
    estoppelFeeCents: basis.estoppelFeeCents,
    commission,
  });
  const sumOf = (lines: StatementLine[], keep: (l: StatementLine) => boolean) =>
    lines.filter(keep).reduce((sum, l) => sum + l.amountCents, 0);
  return {
    priceCents,
    closingDate: basis.closingDate,
    buyer: {
      lines: s.buyer.lines,
      allInCents: s.buyer.totalDueCents,
      duesCents: sumOf(s.buyer.lines, (l) => l.key === "dues"),
      closingCostsCents: sumOf(s.buyer.lines, (l) => CLOSING_COST_KEYS.has(l.key)),
      depositAtSigningCents: s.buyer.depositPaidCents,
      balanceAtClosingCents: s.buyer.balanceToWireCents,
    },
    seller: {
      lines: s.seller.lines,
      netCents: s.seller.netProceedsCents,
      commissionCents: -sumOf(s.seller.lines, (l) => l.key === "commission"),
    },
  };
}
