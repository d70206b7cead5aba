import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { AppError } from "~/lib/errors";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { ActionErrorAlert, AdminScreenHeading } from "~/components/admin/admin-chrome";
import { listDeletedUsers, restoreUser } from "~/modules/staff/admin-users.server";
import { ROLE_LABEL } from "~/modules/staff/ui/admin-users-ui";
import type { Route } from "./+types/deleted-users";
import { replyToUserAction, samePlace, userAdminActor, userAdminViewer } from "./users-route.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  const params = new URL(request.url).searchParams;
  return orHttpError(async () =>
    listDeletedUsers(await getServices(), { actor: viewer, input: listQueryInput(params) }),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await userAdminActor(request);
  const form = await request.formData();
  return replyToUserAction(samePlace(request), async () => {
    if (form.get("intent") !== "restore") throw new AppError("BAD_INPUT", "Unknown action.");
    const u = await restoreUser(await getServices(), { actor: viewer, input: { uniqid: form.get("uniqid") } });
    return `${u.name}'s account was restored and can sign in again. Their listings stay deactivated.`;
  });
}

export function meta() {
  return [{ title: "Deleted users · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

function RestoreButton({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("uniqid") === row.userUniqid;
  return (
    <Form method="post">
      <input type="hidden" name="uniqid" value={row.userUniqid} />
      <Button type="submit" name="intent" value="restore" size="sm" disabled={busy} aria-label={`Restore ${row.name}`}>
        {busy ? "Restoring..." : "Restore"}
      </Button>
    </Form>
  );
}

const columns: DataTableColumn<Row>[] = [
  {
    key: "name",
    header: "Name",
    sortKey: "name",
    wrap: true,
    cell: (u) => <span className="font-medium">{u.name}</span>,
  },
  { key: "email", header: "Email", sortKey: "email", cell: (u) => <span className="break-all">{u.email}</span> },
  { key: "role", header: "Role", sortKey: "role", cell: (u) => ROLE_LABEL[u.role] ?? u.role },
  {
    key: "deleted",
    header: "Deleted (Eastern)",
    sortKey: "deleted",
    sortFirst: "desc",
    cell: (u) => (u.deletedAt ? <time dateTime={u.deletedAt}>{formatDateTimeEastern(u.deletedAt)}</time> : null),
  },
  { key: "actions", header: "Actions", cell: (u) => <RestoreButton row={u} /> },
];

export default function DeletedUsers({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const list = loaderData;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Deleted users">
        Accounts deleted by their owner or by an administrator. They cannot sign in and their listings were deactivated.
        Restore brings the account back; its listings stay deactivated until the seller activates them.
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <DataTable
        caption="Deleted users"
        captionHidden
        columns={columns}
        rows={list.rows}
        rowKey={(u) => u.id}
        empty={list.q ? `No deleted user matches “${list.q}”.` : "No deleted users."}
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
        sort={list.sort}
        search={{ value: list.q, label: "Search by name, email or user id" }}
      />
    </div>
  );
}
