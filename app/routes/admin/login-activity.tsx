import { href, Link } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import { describeUserAgent } from "~/modules/staff/admin-users.schema";
import { listLoginActivity } from "~/modules/staff/admin-users.server";
import { FilterBar, LoginResult } from "~/modules/staff/ui/admin-users-ui";
import type { Route } from "./+types/login-activity";
import { userAdminViewer } from "./users-route.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  const params = new URL(request.url).searchParams;
  return orHttpError(async () =>
    listLoginActivity(await getServices(), {
      actor: viewer,
      input: { ...listQueryInput(params), result: params.get("result") },
    }),
  );
}

export function meta() {
  return [{ title: "Login activity · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "time",
    header: "When (Eastern)",
    sortKey: "time",
    sortFirst: "desc",
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time>,
  },
  { key: "email", header: "Email", sortKey: "email", cell: (r) => <span className="break-all">{r.email}</span> },
  {
    key: "user",
    header: "User",
    cell: (r) =>
      r.userUniqid ? (
        <Link to={href("/admin/users/:uniqid/edit", { uniqid: r.userUniqid })} className="text-sky-800 underline">
          {r.userName}
        </Link>
      ) : (
        <span className="text-slate-600">No account</span>
      ),
  },
  { key: "result", header: "Result", cell: (r) => <LoginResult success={r.success} reason={r.reason} /> },
  { key: "ip", header: "IP address", priority: 3, cell: (r) => r.ipAddress ?? "Unknown" },
  {
    key: "agent",
    header: "Browser",
    priority: 2,
    cell: (r) => <span title={r.userAgent ?? undefined}>{describeUserAgent(r.userAgent)}</span>,
  },
];

export default function LoginActivity({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const list = loaderData;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Login activity">
        Every sign-in and failed attempt, newest first, with the address and browser it came from.
      </AdminScreenHeading>
      <FilterBar
        label="Filter sign-ins"
        filters={[
          {
            name: "result",
            label: "Result",
            value: list.result,
            options: [
              { value: "", label: "All attempts" },
              { value: "success", label: "Successful sign-ins" },
              { value: "failure", label: "Failed attempts" },
            ],
          },
        ]}
      />
      <DataTable
        caption="Sign-ins and failed attempts"
        captionHidden
        columns={columns}
        rows={list.rows}
        rowKey={(r) => r.id}
        empty={list.q ? `No sign-in matches “${list.q}”.` : "No sign-ins recorded."}
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
        sort={list.sort}
        search={{ value: list.q, label: "Search by email, name or IP address" }}
      />
    </div>
  );
}
