import type { Db, Tx } from "~/db/client.server";
import { MONEY_DEFAULTS } from "~/modules/agreements/agreement-money";
import { getFeeTweaks } from "~/modules/settings/tweaks.server";
import { type ClosingCostEstimate, type CostTable, closingCostEstimate } from "./closing-cost-estimate";
import { selectCostRowUpdatedAt, selectResortIdByCode } from "./closing-cost-estimate.queries.server";
import { closingCostsFor } from "./title-companies.server";

/**
 * The cost table an estimate at `resortCode` uses: the default title company's most specific row for the resort
 * (`closingCostsFor`), with the date it was last changed; when no company or row applies, the typical figures
 * (`MONEY_DEFAULTS.titleCosts`, inside DOMAIN.md's "about $400-$800") and the admin fees' estoppel fee. The seller's
 * closing fee is always the admin fees setting. Public data: no permission to check.
 */
export async function costTableFor(db: Db | Tx, resortCode: string): Promise<CostTable> {
  const [fees, resortId] = await Promise.all([getFeeTweaks(db), selectResortIdByCode(db, resortCode)]);
  const costs = await closingCostsFor(db, { resortId });
  if (!costs || costs.noCostTable || costs.source === "none") {
    const t = MONEY_DEFAULTS.titleCosts;
    return {
      closingFeeCents: t.closingFeeCents,
      recordingFeeCents: t.recordingFeeCents,
      titleSearchCents: t.titleSearchCents,
      estoppelFeeCents: fees.estoppelFeeCents,
      sellerClosingFeeCents: fees.sellerClosingFeeCents,
      companyName: null,
      source: "typical",
      updatedOn: null,
    };
  }
  const updatedAt = costs.costRowId ? await selectCostRowUpdatedAt(db, costs.costRowId) : null;
  return {
    closingFeeCents: costs.closingFeeCents,
    recordingFeeCents: costs.recordingFeeCents,
    titleSearchCents: costs.titleSearchCents,
    estoppelFeeCents: costs.estoppelFeeCents,
    sellerClosingFeeCents: fees.sellerClosingFeeCents,
    companyName: costs.company.name,
    source: costs.source,
    updatedOn: updatedAt ? updatedAt.toISOString().slice(0, 10) : null,
  };
}

/** The closing-cost estimate for a price at a resort, closing today's rules (`closingCostEstimate`). */
export async function estimateClosingCosts(
  db: Db | Tx,
  args: { priceCents: number; resortCode: string; today?: Date },
): Promise<ClosingCostEstimate> {
  const table = await costTableFor(db, args.resortCode);
  const closingDate = (args.today ?? new Date()).toISOString().slice(0, 10);
  return closingCostEstimate({ priceCents: args.priceCents, resortCode: args.resortCode, closingDate, table });
}
