import type { ReactNode } from "react";
import { DataTable, type DataTableColumn, type DataTableSort } from "~/components/ui/data-table";
import { formatDateTimeEastern, formatNumber, formatPerPoint, useMonthName as monthName } from "~/lib/format";

/** What every admin listing screen's row carries (see listAdminListings). */
export type AdminListingRow = {
  id: number;
  listingCode: string;
  source: "member" | "broker";
  sellerName: string | null;
  sellerEmail: string | null;
  brokerName: string | null;
  resortName: string;
  resortCode: string;
  useMonth: number;
  contractPoints: number;
  pricePerPointCents: number;
};

/** The columns the admin listing screens share: code, seller or broker, resort, points, $/pt. */
export function adminListingColumns<T extends AdminListingRow>(): DataTableColumn<T>[] {
  return [
    {
      key: "code",
      header: "Listing",
      sortKey: "code",
      primary: true,
      cell: (r) => <span className="font-medium">{r.listingCode}</span>,
    },
    {
      key: "owner",
      header: "Seller or broker",
      sortKey: "owner",
      wrap: true,
      priority: 2,
      cell: (r) =>
        r.source === "broker" ? (
          <>
            {r.brokerName}
            <span className="block text-xs text-slate-600">Broker</span>
          </>
        ) : (
          <>
            {r.sellerName ?? "Deleted seller"}
            <span className="block text-xs text-slate-600">{r.sellerEmail}</span>
          </>
        ),
    },
    {
      key: "resort",
      header: "Resort",
      sortKey: "resort",
      wrap: true,
      cell: (r) => (
        <>
          {r.resortName}
          <span className="block text-xs text-slate-600">
            {r.resortCode} · {monthName(r.useMonth)} use year
          </span>
        </>
      ),
    },
    {
      key: "points",
      header: "Points",
      sortKey: "points",
      sortFirst: "desc",
      numeric: true,
      cell: (r) => formatNumber(r.contractPoints),
    },
    {
      key: "ppp",
      header: "$/pt",
      sortKey: "ppp",
      label: "Price per point",
      numeric: true,
      cell: (r) => formatPerPoint(r.pricePerPointCents),
    },
  ];
}

/** A date column shown in America/New_York, newest first on the first click. */
export function easternDateColumn<T>(
  key: string,
  header: ReactNode,
  get: (row: T) => string | null,
  opts: { sortKey?: string; empty?: string; priority?: DataTableColumn<T>["priority"] } = {},
): DataTableColumn<T> {
  return {
    key,
    header,
    sortKey: opts.sortKey,
    priority: opts.priority,
    sortFirst: "desc",
    cell: (r) => {
      const at = get(r);
      return at ? (
        <time dateTime={at}>{formatDateTimeEastern(at)}</time>
      ) : (
        <span className="text-slate-600">{opts.empty ?? "Never"}</span>
      );
    },
  };
}

type AdminListingPage<T> = {
  rows: T[];
  q: string;
  page: number;
  pageCount: number;
  total: number;
  sort?: DataTableSort;
};

/** The one table of an admin listing screen: its rows, paging, sort and search, all from the loader's page. */
export function AdminListingTable<T extends { id: number }>({
  caption,
  columns,
  data,
  noun,
  empty,
}: {
  caption: string;
  columns: DataTableColumn<T>[];
  data: AdminListingPage<T>;
  /** For the empty search result: "No {noun} matches ...". */
  noun: string;
  /** When the screen has no rows at all. */
  empty: string;
}) {
  return (
    <DataTable
      caption={caption}
      captionHidden
      columns={columns}
      rows={data.rows}
      rowKey={(r) => r.id}
      empty={data.q ? `No ${noun} matches “${data.q}”.` : empty}
      pagination={{ page: data.page, pageCount: data.pageCount, total: data.total }}
      sort={data.sort}
      search={{ value: data.q, label: "Search by listing code, resort, seller or broker" }}
    />
  );
}
