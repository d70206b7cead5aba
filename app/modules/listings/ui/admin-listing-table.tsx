import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn, type DataTableSort } from "~/components/ui/data-table";
import { formatDateTimeEastern, formatMoney, formatNumber, useMonthName as monthName } from "~/lib/format";

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
      cell: (r) => <span className="font-medium">{r.listingCode}</span>,
    },
    {
      key: "owner",
      header: "Seller or broker",
      sortKey: "owner",
      wrap: true,
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
      className: "text-right tabular-nums",
      cell: (r) => formatNumber(r.contractPoints),
    },
    {
      key: "ppp",
      header: "$/pt",
      sortKey: "ppp",
      className: "text-right tabular-nums",
      cell: (r) => formatMoney(r.pricePerPointCents, { decimals: true }),
    },
  ];
}

/** A date column shown in America/New_York, newest first on the first click. */
export function easternDateColumn<T>(
  key: string,
  header: ReactNode,
  get: (row: T) => string | null,
  opts: { sortKey?: string; empty?: string } = {},
): DataTableColumn<T> {
  return {
    key,
    header,
    sortKey: opts.sortKey,
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

/** The heading and one-paragraph explanation at the top of an admin screen. */
export function AdminScreenHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-slate-700">{children}</p>
    </div>
  );
}

/** The refusal of an admin action (a 4xx answer), shown above the list. */
export function ActionErrorAlert({ actionData }: { actionData: unknown }) {
  const error = actionData && typeof actionData === "object" && "error" in actionData ? String(actionData.error) : null;
  if (!error) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </div>
  );
}

/** A one-button form on a row of an admin listing screen: posts the row's id (and an `intent`, if given). */
export function RowActionButton({
  id,
  label,
  busyLabel,
  accessibleName,
  intent,
  variant,
}: {
  id: number;
  label: string;
  busyLabel?: string;
  accessibleName: string;
  intent?: string;
  variant?: "secondary";
}) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        size="sm"
        variant={variant}
        name={intent ? "intent" : undefined}
        value={intent}
        disabled={busy}
        aria-label={accessibleName}
      >
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </Form>
  );
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
