import { DataTable } from "~/components/ui/data-table";
import { formatDateEastern, formatPerPoint, formatPoints } from "~/lib/format";

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
            captionHidden
            rows={sales}
            rowKey={(s) => String(s.id)}
            empty="No sales yet."
            columns={[
              { key: "resort", header: "Resort", wrap: true, cell: () => resortName },
              { key: "points", header: "Points", numeric: true, cell: (s) => formatPoints(s.points) },
              { key: "uy", header: "Use year", cell: (s) => s.useMonth },
              {
                key: "ppp",
                header: "Price per point",
                numeric: true,
                cell: (s) => formatPerPoint(s.pricePerPointCents),
              },
              { key: "closed", header: "Closed", cell: (s) => formatDateEastern(s.closedAt) },
            ]}
          />
        </div>
      ) : null}
    </section>
  );
}
