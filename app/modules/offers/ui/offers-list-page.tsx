import { href, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatPerPoint, formatTerms } from "~/lib/format";
import { formatDateEastern } from "~/lib/format-dates";
import type { OfferStatus } from "../offers.rules";
import { OfferStatusBadge } from "./offer-ui";

export type OfferListRow = {
  id: number;
  listingCode: string;
  resortName: string;
  status: OfferStatus;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
  askingPricePerPointCents: number;
  updatedAt: string;
  counterpart: string;
};

const VIEWS = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
] as const;

/** A buyer's or a seller's offers: status tabs (open, closed, all), a row per offer linking to its page. */
export function OffersListPage({
  title,
  intro,
  counterpartLabel,
  view,
  rows,
  page,
  pageCount,
  total,
  empty,
}: {
  title: string;
  intro: React.ReactNode;
  counterpartLabel: string;
  view: "open" | "closed" | "all";
  rows: OfferListRow[];
  page: number;
  pageCount: number;
  total: number;
  empty: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const columns: DataTableColumn<OfferListRow>[] = [
    {
      key: "listing",
      header: "Listing",
      wrap: true,
      cell: (o) => (
        <Link
          to={href("/v2/profile/offers/:offerId", { offerId: String(o.id) })}
          className="font-medium text-sky-800 underline"
        >
          {o.resortName}, {o.points} points
          <span className="sr-only"> (offer #{o.id})</span>
        </Link>
      ),
    },
    { key: "status", header: "Status", cell: (o) => <OfferStatusBadge status={o.status} /> },
    {
      key: "terms",
      header: "Terms",
      wrap: true,
      className: "tabular-nums",
      cell: (o) => (
        <>
          {formatTerms(o.points, o.pricePerPointCents, o.totalCents)}
          <span className="block text-xs text-slate-600">asking {formatPerPoint(o.askingPricePerPointCents)}</span>
        </>
      ),
    },
    { key: "who", header: counterpartLabel, cell: (o) => o.counterpart },
    {
      key: "updated",
      header: "Last change",
      className: "whitespace-nowrap",
      cell: (o) => <time dateTime={o.updatedAt}>{formatDateEastern(o.updatedAt)}</time>,
    },
  ];
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 max-w-2xl text-slate-700">{intro}</p>
      </div>
      <nav aria-label="Offer status" className="flex gap-2">
        {VIEWS.map((v) => (
          <Link
            key={v.value}
            to={`${pathname}?view=${v.value}`}
            aria-current={view === v.value ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${view === v.value ? "border-sky-800 bg-sky-800 text-white" : "border-slate-300 bg-white text-slate-800"}`}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={title}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        empty={empty}
        pagination={{ page, pageCount, total }}
      />
    </div>
  );
}
