import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatAgreementNumber, formatPrice, formatTerms } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";

export type AgreementListRow = {
  id: number;
  listingCode: string;
  resortName: string;
  points: number;
  totalCents: number;
  /** When given, the terms read as the market reads them: points, price per point and total (issue 27). */
  pricePerPointCents?: number;
  statusLabel: string;
  updatedAt: string;
};

/** A buyer's or a seller's agreements: one row per deal, linking to its page (terms, timeline, what to do now). */
export function AgreementsListPage({
  title,
  intro,
  rows,
  empty,
}: {
  title: string;
  intro: React.ReactNode;
  rows: AgreementListRow[];
  empty: React.ReactNode;
}) {
  const columns: DataTableColumn<AgreementListRow>[] = [
    {
      key: "contract",
      header: "Contract",
      wrap: true,
      cell: (a) => (
        <Link
          to={href("/v2/profile/agreements/:agreementId", { agreementId: String(a.id) })}
          className="font-medium text-sky-800 underline"
        >
          {a.resortName}, {a.points} points
          <span className="block text-xs font-normal text-slate-600 no-underline">
            Agreement {formatAgreementNumber(a.id)} · listing {a.listingCode}
          </span>
        </Link>
      ),
    },
    { key: "status", header: "Stage", cell: (a) => a.statusLabel },
    {
      key: "total",
      header: "Terms",
      wrap: true,
      className: "tabular-nums",
      cell: (a) =>
        a.pricePerPointCents !== undefined
          ? formatTerms(a.points, a.pricePerPointCents, a.totalCents)
          : formatPrice(a.totalCents),
    },
    {
      key: "updated",
      header: "Last step",
      className: "whitespace-nowrap",
      cell: (a) => <time dateTime={a.updatedAt}>{formatDateEastern(a.updatedAt)}</time>,
    },
  ];
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 max-w-2xl text-slate-700">{intro}</p>
      </div>
      <DataTable caption={title} captionHidden columns={columns} rows={rows} rowKey={(a) => a.id} empty={empty} />
    </div>
  );
}
