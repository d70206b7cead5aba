import { Eye } from "lucide-react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { LinkButton } from "~/components/ui/button";
import type { ReactNode } from "react";
import { DataTable, type DataTableColumn, type DataTablePagination } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint, formatPrice, useMonthName as monthName } from "~/lib/format";
import { LISTING_STATUS } from "../listing-status";

export type InventoryTableRow = {
  id: number;
  listingCode: string;
  resortCode: string;
  resortName: string;
  useMonth: number;
  contractPoints: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
  pricePerPointCents: number;
  listingStatusId: number;
};

const STATUS: Record<number, { label: string; className: string }> = {
  [LISTING_STATUS.active]: { label: "Active", className: "bg-emerald-100 text-emerald-900" },
  [LISTING_STATUS.pending]: { label: "Pending review", className: "bg-amber-100 text-amber-900" },
  [LISTING_STATUS.underContract]: { label: "Under contract", className: "bg-sky-100 text-sky-900" },
  [LISTING_STATUS.sold]: { label: "Sold", className: "bg-violet-100 text-violet-900" },
  [LISTING_STATUS.deactivated]: { label: "Deactivated", className: "bg-slate-200 text-slate-900" },
};

export function ListingStatusBadge({ statusId }: { statusId: number }) {
  const s = STATUS[statusId] ?? { label: `Status ${statusId}`, className: "bg-slate-100 text-slate-900" };
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${s.className}`}>{s.label}</span>;
}

/** A seller's listings: code, resort, use year, points, points per use year, $/pt, total, status, actions. */
export function InventoryTable<T extends InventoryTableRow>({
  caption,
  rows,
  pagination,
  empty,
  actions,
}: {
  caption: string;
  rows: T[];
  pagination: DataTablePagination;
  empty: ReactNode;
  actions: (row: T) => ReactNode;
}) {
  const columns: DataTableColumn<T>[] = [
    {
      key: "code",
      header: "Listing",
      primary: true,
      cell: (r) => (
        <>
          {/* The listing's public page, as buyers see it (issue 13); its seller also sees it while pending or deactivated. */}
          <Link
            to={href("/listing-info/:id", { id: String(r.id) })}
            className="inline-flex items-center gap-1 font-medium text-sky-800 underline underline-offset-2 hover:text-sky-950"
          >
            {r.listingCode}
            <span className="sr-only">: view the listing's page</span>
            <Eye aria-hidden className="size-4 shrink-0" />
          </Link>
          <span className="block">
            <ListingStatusBadge statusId={r.listingStatusId} />
          </span>
        </>
      ),
    },
    {
      key: "resort",
      header: "Resort",
      cell: (r) => (
        <>
          {/* The code in the table's narrow column; the name on a phone's card, which has the room. */}
          <span aria-hidden title={r.resortName} className="@max-2xl/table:hidden">
            {r.resortCode}
          </span>
          <span className="sr-only @max-2xl/table:not-sr-only">{r.resortName}</span>
        </>
      ),
    },
    { key: "uy", header: "Use year", priority: 3, cell: (r) => monthName(r.useMonth) },
    { key: "points", header: "Points", numeric: true, cell: (r) => formatNumber(r.contractPoints) },
    {
      key: "per-year",
      header: (
        <>
          Per use year
          <span className="sr-only"> (previous, current, next)</span>
          <span aria-hidden className="block text-xs font-normal text-slate-600">
            prev / curr / next
          </span>
        </>
      ),
      label: "Per use year (prev / curr / next)",
      priority: 2,
      className: "tabular-nums",
      cell: (r) => (
        <span className="whitespace-nowrap">
          {formatNumber(r.prevYearPoints)} / {formatNumber(r.currYearPoints)} / {formatNumber(r.nextYearPoints)}
        </span>
      ),
    },
    {
      key: "ppp",
      header: "$/pt",
      label: "Price per point",
      numeric: true,
      cell: (r) => formatPerPoint(r.pricePerPointCents),
    },
    {
      key: "total",
      header: "Total",
      numeric: true,
      cell: (r) => formatPrice(r.pricePerPointCents * r.contractPoints),
    },
    {
      key: "actions",
      header: "Actions",
      actions: true,
      // Side by side when there is room, one under the other when there is not (the table's own width decides).
      cell: (r) => <div className="flex flex-wrap gap-1.5">{actions(r)}</div>,
    },
  ];
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty={empty}
      pagination={pagination}
    />
  );
}

/** Why a row offers no Edit or Deactivate (under contract, sold): what the server would answer, said up front. */
export function LockedListingNote({ reason, statusId }: { reason: string; statusId: number }) {
  return (
    <p className="max-w-56 text-left text-xs whitespace-normal text-slate-700">
      {reason}
      {statusId === LISTING_STATUS.underContract ? (
        <>
          {" "}
          <Link to={href("/v2/profile/seller-agreements")} className="font-medium text-sky-800 underline">
            See your agreements
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The Edit action of a row the seller may still change. */
export function EditListingLink({ listing }: { listing: { id: number; listingCode: string } }) {
  return (
    <LinkButton
      to={href("/v2/profile/inventory-for-sale/:id/edit", { id: String(listing.id) })}
      variant="secondary"
      size="sm"
      aria-label={`Edit listing ${listing.listingCode}`}
    >
      Edit
    </LinkButton>
  );
}
