import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { listMySpecialRequests } from "~/modules/special-requests/special-requests.server";
import type { Route } from "./+types/my-special-requests";

/** /my-special-requests (SPEC: buyers only): the buyer's requests, open first, and how many listings each found. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "SpecialRequest");
  return orHttpError(async () => ({ requests: await listMySpecialRequests(await getServices(), { actor: viewer }) }));
}

export function meta() {
  return [{ title: "My special requests · Vacation Points Market" }];
}

type Row = Route.ComponentProps["loaderData"]["requests"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "request",
    header: "Request",
    wrap: true,
    cell: (r) => (
      <Link to={href("/my-special-requests/:id", { id: String(r.id) })} className="font-medium text-sky-800 underline">
        #{r.id}: {r.criteria}
      </Link>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (r) =>
      r.status === "open" ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Open</span>
      ) : (
        <span className="text-slate-700">Closed: {r.closedReason}</span>
      ),
  },
  { key: "announced", header: "Listings emailed", className: "text-right tabular-nums", cell: (r) => r.announced },
  {
    key: "filed",
    header: "Filed",
    className: "whitespace-nowrap",
    cell: (r) => <time dateTime={r.createdAt}>{formatDateEastern(r.createdAt)}</time>,
  },
];

export default function MySpecialRequests({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My special requests</h1>
          <p className="mt-1 max-w-2xl text-slate-700">
            What you are looking for. We email you when a listing that meets an open request goes live or drops its
            price, once per listing.
          </p>
        </div>
        <Link to={href("/special-request")} className={buttonClass("primary")}>
          New special request
        </Link>
      </div>
      <DataTable
        caption="My special requests"
        captionHidden
        columns={columns}
        rows={loaderData.requests}
        rowKey={(r) => r.id}
        empty="You have no special requests yet. File one and we will tell you when a listing meets it."
      />
    </div>
  );
}
