import { DataTable } from "~/modules/content/ui/content-blocks";
import { formatPerPoint, formatPoints } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";

export type LastSale = {
  id: number;
  points: number;
  useMonth: string;
  pricePerPointCents: number;
  closedAt: string;
};

/** A resort page's last closed sales (issue 27): what contracts there actually sold for, newest first. */
export function LastSales({ resortName, sales }: { resortName: string; sales: LastSale[] }) {
  return (
    <section id="last-sales" aria-labelledby="last-sales-title" className="mt-10 scroll-mt-24">
      <h2 id="last-sales-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Last sales
      </h2>
      <p className="mt-2 text-slate-700">
        {sales.length === 0
          ? `No sale of a ${resortName} contract has closed through our marketplace yet.`
          : `What ${resortName} contracts sold for when their sale closed through our marketplace.`}
      </p>
      {sales.length > 0 ? (
        <div className="mt-4" data-testid="last-sales">
          <DataTable
            caption={`Last sales at ${resortName}`}
            head={["Closed", "Points", "Use year", "Price per point"]}
            numeric={[1, 3]}
            rows={sales.map((s) => [
              formatDateEastern(s.closedAt),
              formatPoints(s.points),
              s.useMonth,
              formatPerPoint(s.pricePerPointCents),
            ])}
          />
        </div>
      ) : null}
    </section>
  );
}
