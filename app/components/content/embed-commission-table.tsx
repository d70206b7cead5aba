import { formatPercent, formatPrice } from "~/lib/format";
import type { CommissionTableData } from "~/modules/content/embeds/commission-table.server";
import { EmbedTable } from "./embed-table";

export type Data = CommissionTableData;

/**
 * The `commission-table` embed: the site's commission (the admin fees tweaks, decision 0058) worked out on example
 * sale prices as the closing statement works it out (loader: app/modules/content/embeds/commission-table.server.ts).
 */
export function Embed({ data }: { data: Data }) {
  const rule =
    data.minimumCents > 0
      ? `${formatPercent(data.percent)} of the sale price, at least ${formatPrice(data.minimumCents)}`
      : `${formatPercent(data.percent)} of the sale price`;
  return (
    <EmbedTable
      caption={`Our commission: ${rule}`}
      head={["Sale price (example)", "Commission", "Price less commission"]}
      numeric={[0, 1, 2]}
      rows={data.examples.map((e) => [
        formatPrice(e.priceCents),
        e.atMinimum ? `${formatPrice(e.commissionCents)} (the minimum)` : formatPrice(e.commissionCents),
        formatPrice(e.afterCommissionCents),
      ])}
      footnote={`The prices are examples of the arithmetic, not market figures. The commission is taken from the sale proceeds at closing, never paid up front. The closing statement also deducts the developer's estoppel fee (${formatPrice(data.estoppelFeeCents)} unless the title company's costs say otherwise) and the seller's closing fee (${formatPrice(data.sellerClosingFeeCents)} likewise). A commission agreed with you in writing replaces the standard one on your statement.`}
    />
  );
}
