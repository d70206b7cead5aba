import { href, Link } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { orHttpError } from "~/lib/http.server";
import { formatMoney } from "~/lib/money";
import { getServices } from "~/lib/runtime.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import { listResortFacts } from "~/modules/resorts/resorts-admin.server";
import type { Route } from "./+types/resorts-annual-dues";

/** /admin/resorts/annual-dues (SPEC admin menu): every resort's dues per point and contract end years. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "manage", "all");
  return orHttpError(async () => ({ resorts: await listResortFacts(await getServices(), { actor: viewer }) }));
}

export function meta() {
  return [{ title: "Annual dues · Admin" }];
}

const editHref = (code: string) => href("/admin/resorts/annual-dues/:code", { code: code.toLowerCase() });

type Row = NonNullable<Route.ComponentProps["loaderData"]>["resorts"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "resort",
    header: "Resort",
    wrap: true,
    className: "min-w-44",
    cell: (r) => (
      <>
        {/* The name opens the edit form too: on a phone the Edit column is off screen. */}
        <Link to={editHref(r.code)} className="font-medium text-sky-800 underline">
          {r.name}
        </Link>
        <span className="block text-xs text-slate-600">{r.code}</span>
      </>
    ),
  },
  {
    key: "dues",
    header: "Dues per point",
    className: "text-right tabular-nums",
    cell: (r) =>
      r.duesPerPointCents === null ? "Not on record" : formatMoney(r.duesPerPointCents, { decimals: true }),
  },
  {
    key: "end",
    header: "Contract end",
    className: "tabular-nums",
    cell: (r) => (r.contractEndYear === null ? "Not on record" : `Jan 31, ${r.contractEndYear}`),
  },
  {
    key: "extended",
    header: "Extended end",
    className: "tabular-nums",
    cell: (r) =>
      r.extendedEndYear === null ? <span className="text-slate-600">None</span> : `Jan 31, ${r.extendedEndYear}`,
  },
  {
    key: "unverified",
    header: "End year",
    cell: (r) =>
      r.endYearUnverified ? (
        <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Unverified</span>
      ) : (
        "Verified"
      ),
  },
  { key: "listings", header: "Active listings", className: "text-right tabular-nums", cell: (r) => r.activeListings },
  {
    key: "edit",
    header: <span className="sr-only">Actions</span>,
    className: "hidden md:table-cell",
    cell: (r) => (
      <Link
        to={editHref(r.code)}
        className="font-medium text-sky-800 underline"
        aria-label={`Edit dues and end years of ${r.name}`}
      >
        Edit
      </Link>
    ),
  },
];

export default function AdminResortAnnualDues({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Annual dues">
        Each resort's annual dues per point and the year its contracts end (on January 31). Listing scores use the dues
        and the contract end year: after you save a change, every listing's score is recomputed in the background within
        a few seconds.
      </AdminScreenHeading>
      <DataTable
        caption="Resorts, their dues and end years"
        columns={columns}
        rows={loaderData.resorts}
        rowKey={(r) => r.id}
        empty="No resorts on record."
      />
    </div>
  );
}
