import { formatNumber, formatPercent, formatPrice, plural } from "~/lib/format";
import type { BrokerComparisonData } from "~/modules/content/embeds/broker-comparison.server";
import { EmbedNote, EmbedTable } from "./embed-table";

export type Data = BrokerComparisonData;

/**
 * The `broker-comparison` embed: the active brokers on record and their commission as each words it, beside ours,
 * with what each comes to on the median sale here when the wording is a plain figure (loader:
 * app/modules/content/embeds/broker-comparison.server.ts).
 */
export function Embed({ data }: { data: Data }) {
  const ourRule =
    data.ours.minimumCents > 0
      ? `${formatPercent(data.ours.percent)} of the price, at least ${formatPrice(data.ours.minimumCents)}`
      : `${formatPercent(data.ours.percent)} of the price`;
  const example = data.example;
  const head = ["Broker", "Commission as stated", "Active listings here"];
  if (example) head.push(`On a ${formatPrice(example.priceCents)} sale`);
  const cell = (cents: number | null) => (cents === null ? "Not a plain figure" : formatPrice(cents));
  const rows = [
    [
      <strong key="us">{data.siteName} (listing with us)</strong>,
      ourRule,
      "–",
      ...(example ? [formatPrice(data.ours.exampleCommissionCents ?? 0)] : []),
    ],
    ...data.brokers.map((b) => [
      b.website ? (
        <a key={b.name} href={b.website} rel="noopener noreferrer">
          {b.name}
        </a>
      ) : (
        b.name
      ),
      b.commissionText || "Not stated",
      formatNumber(b.activeListings),
      ...(example ? [cell(b.exampleCommissionCents)] : []),
    ]),
  ];
  return (
    <>
      {data.brokers.length === 0 ? (
        <EmbedNote>
          No other broker's listings are on record here at the moment; the table shows our own terms.
        </EmbedNote>
      ) : null}
      <EmbedTable
        caption="What a seller pays: the brokers whose listings we show, and us"
        head={head}
        numeric={example ? [2, 3] : [2]}
        rows={rows}
        footnote={
          example
            ? `The example sale is the median price of the ${plural(example.sales, "contract")} sold here in the last twelve months. A broker's commission is worked out only where its stated terms are a single percent or dollar figure; other terms are shown as the broker words them. Check the current terms with each broker before you sign.`
            : "Commissions as each broker words them on the listings it sends us. Check the current terms with each broker before you sign."
        }
      />
    </>
  );
}
