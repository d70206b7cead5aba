import { href, Link, useLocation } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { JOURNAL_PERIOD_LABELS, JOURNAL_PERIODS } from "~/modules/journal/journal-periods";
import { listAdminJournal } from "~/modules/journal/journal-list.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import type { Route } from "./+types/journal";
import { userAdminViewer } from "./users-route.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  const params = new URL(request.url).searchParams;
  return orHttpError(async () =>
    listAdminJournal(await getServices(), {
      actor: viewer,
      input: {
        filter: params.get("filter"),
        selectedTab: params.get("selectedTab"),
        q: params.get("q"),
        page: params.get("page"),
      },
    }),
  );
}

export function meta() {
  return [{ title: "Journal · Admin" }];
}

const TAB_LABELS: Record<string, string> = {
  general: "General",
  security: "Security",
  listing: "Listings",
  impersonation: "Impersonation",
};

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "time",
    header: "When (Eastern)",
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time>,
  },
  {
    key: "user",
    header: "User",
    wrap: true,
    cell: (r) =>
      r.user?.uniqid ? (
        <>
          <Link to={href("/admin/users/:uniqid/edit", { uniqid: r.user.uniqid })} className="text-sky-800 underline">
            {r.user.name}
          </Link>
          <span className="block text-xs break-all text-slate-600">{r.user.email}</span>
        </>
      ) : (
        <span className="text-slate-600">{r.user ? r.user.name : "None"}</span>
      ),
  },
  { key: "summary", header: "What happened", wrap: true, cell: (r) => r.summary },
  {
    key: "actor",
    header: "Done by",
    wrap: true,
    cell: (r) => (
      <>
        {r.actor ? r.actor.name : "The site"}
        {r.actor?.isAdmin ? <span className="block text-xs text-slate-600">Administrator</span> : null}
        {r.impersonator ? (
          <span className="block text-xs font-medium text-amber-900">Impersonated by {r.impersonator.name}</span>
        ) : null}
      </>
    ),
  },
];

function withParams(search: string, set: Record<string, string>) {
  const params = new URLSearchParams(search);
  params.delete("page");
  for (const [k, v] of Object.entries(set)) params.set(k, v);
  return `?${params.toString()}`;
}

export default function AdminJournal({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  if (!loaderData) return null;
  const list = loaderData;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Journal">
        What happened to every account and listing, newest first, with who did it and the administrator behind an
        impersonation.
      </AdminScreenHeading>
      <nav aria-label="Journal categories" className="border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {list.tabs.map((c) => (
            <li key={c}>
              <Link
                to={withParams(search, { selectedTab: c, filter: list.filter })}
                aria-current={list.selectedTab === c ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${list.selectedTab === c ? "border-sky-800 text-sky-900" : "border-transparent text-slate-700 hover:text-slate-950"}`}
              >
                {TAB_LABELS[c]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Journal period" className="flex flex-wrap gap-2">
        {JOURNAL_PERIODS.map((p) => (
          <Link
            key={p}
            to={withParams(search, { filter: p, selectedTab: list.selectedTab })}
            aria-current={list.filter === p ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${list.filter === p ? "border-sky-800 bg-sky-800 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
          >
            {JOURNAL_PERIOD_LABELS[p]}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={`${TAB_LABELS[list.selectedTab]} journal, ${JOURNAL_PERIOD_LABELS[list.filter].toLowerCase()}`}
        captionHidden
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.id}
        empty={list.q ? `No entry for a user matching “${list.q}” in this period.` : "No entries in this period."}
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
        search={{ value: list.q, label: "Search by user name, email or user id" }}
      />
    </div>
  );
}
