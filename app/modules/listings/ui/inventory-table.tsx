import { Eye } from "lucide-react";
import { href, Link } from "react-router";
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
          <span aria-hidden title={r.resortName}>
            {r.resortCode}
          </span>
          <span className="sr-only">{r.resortName}</span>
        </>
      ),
    },
    { key: "uy", header: "Use year", cell: (r) => monthName(r.useMonth) },
    {
      key: "points",
      header: "Points",
      className: "text-right tabular-nums",
      cell: (r) => formatNumber(r.contractPoints),
    },
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
      className: "tabular-nums",
      cell: (r) =>
        `${formatNumber(r.prevYearPoints)} / ${formatNumber(r.currYearPoints)} / ${formatNumber(r.nextYearPoints)}`,
    },
    {
      key: "ppp",
      header: "$/pt",
      className: "text-right tabular-nums",
      cell: (r) => formatPerPoint(r.pricePerPointCents),
    },
    {
      key: "total",
      header: "Total",
      className: "text-right tabular-nums",
      cell: (r) => formatPrice(r.pricePerPointCents * r.contractPoints),
    },
    {
      key: "actions",
      header: "Actions",
      // Stays in view while the table scrolls sideways on narrow screens.
      className: "sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]",
      cell: (r) => <div className="flex flex-col gap-1.5">{actions(r)}</div>,
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

/** The Edit action every inventory row offers. */
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
