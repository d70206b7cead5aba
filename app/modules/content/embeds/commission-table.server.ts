import type { Db, Tx } from "~/db/client.server";
import { applicableCommission, commissionCents } from "~/modules/agreements/agreement-money";
import { getFeeTweaks } from "~/modules/settings/tweaks.server";

/**
 * The `commission-table` embed (issue 32, the seller pages "variable commission", "why sell" and "compare brokers"):
 * the site's commission as the closing statement charges it (decision 0058: the admin fees tweaks are the one
 * truth; `applicableCommission` is the closing statement's own arithmetic), worked out on a few sale prices, with the
 * estoppel fee and the seller's closing fee the statement uses when the title company's cost table gives none.
 * The example prices are illustrations of the arithmetic, not market figures.
 */
export const EXAMPLE_PRICES_CENTS = [500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000] as const;

export type CommissionExample = {
  priceCents: number;
  commissionCents: number;
  /** The minimum applied: the percent came to less. */
  atMinimum: boolean;
  /** The price less the commission (before the estoppel and closing fees). */
  afterCommissionCents: number;
};

export type CommissionTableData = {
  percent: number;
  minimumCents: number;
  estoppelFeeCents: number;
  sellerClosingFeeCents: number;
  examples: CommissionExample[];
};

export async function load(db: Db | Tx): Promise<CommissionTableData> {
  const fees = await getFeeTweaks(db);
  const examples = EXAMPLE_PRICES_CENTS.map((priceCents) => {
    const c = applicableCommission(priceCents, fees, null);
    const amount = commissionCents(priceCents, c);
    return {
      priceCents,
      commissionCents: amount,
      atMinimum: "flatCents" in c,
      afterCommissionCents: priceCents - amount,
    };
  });
  return {
    percent: fees.commissionPercent,
    minimumCents: fees.commissionMinimumCents,
    estoppelFeeCents: fees.estoppelFeeCents,
    sellerClosingFeeCents: fees.sellerClosingFeeCents,
    examples,
  };
}
