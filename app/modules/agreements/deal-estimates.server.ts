import type { Db } from "~/db/client.server";
import { getAgreementTweaksForPage, getFeeTweaksForPage } from "~/modules/settings/tweaks.server";
import { MONEY_DEFAULTS, parseCommissionText } from "./agreement-money";
import { selectAdjustedCommissionText, selectResortDues } from "./agreements.queries.server";
import { calendarDate } from "./deal-timeline";
import { type DealEstimateBasis, expectedClosingOf } from "./deal-estimates";

/**
 * What the estimates of a deal not yet agreed need (deal-estimates.ts), read as the agreement's closing statement
 * reads them (`closingStatementOf`): the resort's dues per point, the admin fees settings (commission percent and
 * minimum, estoppel fee, seller's closing fee), the seller's own commission, the deposit settings, and the typical
 * title costs (no title company is chosen before the agreement). A read for a page whose caller has already checked
 * that the viewer may see the listing or offer. The two settings sections are shared reads (decision 0098: kept until
 * the change feed moves), so it is never given a transaction; the agreement's own figures are read in its transaction.
 */
export async function getDealEstimateBasis(
  db: Db,
  args: { resortId: number; resortCode: string; sellerId: string | null; points: number; today?: Date },
): Promise<DealEstimateBasis> {
  const [fees, agreementTweaks, dues, commissionText] = await Promise.all([
    getFeeTweaksForPage(db),
    getAgreementTweaksForPage(db),
    selectResortDues(db, args.resortId),
    selectAdjustedCommissionText(db, args.sellerId),
  ]);
  const today = calendarDate(args.today ?? new Date());
  return {
    resortCode: args.resortCode,
    points: args.points,
    duesPerPointCents: dues.duesPerPointCents,
    titleCosts: { ...MONEY_DEFAULTS.titleCosts, sellerClosingFeeCents: fees.sellerClosingFeeCents },
    estoppelFeeCents: fees.estoppelFeeCents,
    fees: { commissionPercent: fees.commissionPercent, commissionMinimumCents: fees.commissionMinimumCents },
    sellersCommission: parseCommissionText(commissionText),
    deposit: { percent: agreementTweaks.depositPercent, minimumCents: agreementTweaks.depositMinimumCents },
    closingDate: expectedClosingOf(args.resortCode, today),
    closingDateBasis: "the typical timeline of a resale (60-90 days from the offer)",
  };
}
