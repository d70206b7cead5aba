import { LogIn } from "lucide-react";
import { data, Form, href, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format";
import { handleFormAction, readForm, samePlace } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import { CreateUserSchema, type UserOptionalColumn } from "~/modules/staff/admin-users.schema";
import { createUserByAdmin, listUsers } from "~/modules/staff/admin-users.server";
import {
  CreateUserDialog,
  EditUserLink,
  FilterBar,
  ROLE_LABEL,
  UsersTableSettings,
  UserStatusBadge,
} from "~/modules/staff/ui/admin-users-ui";
import type { Route } from "./+types/users";
import { userAdminActor, userAdminViewer } from "./users-route.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  const params = new URL(request.url).searchParams;
  return orHttpError(async () =>
    listUsers(await getServices(), {
      actor: viewer,
      input: {
        ...listQueryInput(params),
        role: params.get("role"),
        status: params.get("status"),
        perPage: params.get("perPage"),
        cog: params.get("cog"),
        show: params.getAll("show"),
      },
    }),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await userAdminActor(request);
  const formData = await readForm(request);
  if (formData.get("intent") !== "create") return data({ result: null, error: "Unknown action." }, { status: 400 });
  const back = new URL(samePlace(request), "http://x");
  back.searchParams.delete("create");
  return handleFormAction(request, {
    form: formData,
    schema: CreateUserSchema,
    hideFields: ["password"],
    echo: { error: null as string | null },
    run: async (input) => {
      const created = await createUserByAdmin(await getServices(), { actor: viewer, input });
      return {
        redirectTo: `${back.pathname}${back.search}`,
        status: 303,
        message:
          input.passwordMode === "email"
            ? `${created.name} was created. We emailed a link to choose a password.`
            : `${created.name} was created.`,
      };
    },
  });
}

export function meta() {
  return [{ title: "Users · Admin" }];
}

type LoaderData = NonNullable<Route.ComponentProps["loaderData"]>;
type Row = LoaderData["rows"][number];

function LoginAsButton({ row }: { row: Row }) {
  // Administrators cannot be impersonated (better-auth allowImpersonatingAdmins: false).
  if (row.role === "admin") return null;
  return (
    <Form
      method="post"
      action={href("/admin/users/impersonate/:user_uniqid", { user_uniqid: row.userUniqid })}
      reloadDocument
    >
      <Button type="submit" size="sm" variant="secondary" aria-label={`Login as ${row.name}`}>
        <LogIn aria-hidden className="size-4" />
        Login
      </Button>
    </Form>
  );
}

function eastern(at: string | null, empty = "Never") {
  return at ? <time dateTime={at}>{formatDateTimeEastern(at)}</time> : <span className="text-slate-600">{empty}</span>;
}

function columnsFor(shown: UserOptionalColumn[]): DataTableColumn<Row>[] {
  const all: (DataTableColumn<Row> & { optional?: UserOptionalColumn })[] = [
    {
      key: "name",
      header: "Name",
      sortKey: "name",
      wrap: true,
      primary: true,
      cell: (u) => (
        <>
          <span className="font-medium">{u.name}</span>
          {u.staffRole && u.staffRole !== "admin" ? (
            <span className="block text-xs text-slate-600">
              Staff: {u.staffRole === "writer" ? "Writer" : "Senior writer"}
            </span>
          ) : null}
        </>
      ),
    },
    { key: "email", header: "Email", sortKey: "email", cell: (u) => <span className="break-all">{u.email}</span> },
    { key: "role", header: "Role", sortKey: "role", priority: 2, cell: (u) => ROLE_LABEL[u.role] ?? u.role },
    { key: "status", header: "Status", cell: (u) => <UserStatusBadge status={u.status} /> },
    {
      key: "uniqid",
      optional: "uniqid",
      header: "User id",
      priority: 3,
      cell: (u) => <code className="text-xs">{u.userUniqid}</code>,
    },
    {
      key: "created",
      optional: "created",
      header: "Joined (Eastern)",
      priority: 3,
      sortKey: "created",
      sortFirst: "desc",
      cell: (u) => eastern(u.createdAt),
    },
    {
      key: "lastActive",
      optional: "lastActive",
      header: "Last active (Eastern)",
      priority: 3,
      sortKey: "lastActive",
      sortFirst: "desc",
      cell: (u) => eastern(u.lastActiveAt),
    },
    {
      key: "actions",
      header: "Actions",
      actions: true,
      cell: (u) => (
        <div className="flex flex-wrap gap-2">
          <EditUserLink uniqid={u.userUniqid} name={u.name} />
          <LoginAsButton row={u} />
        </div>
      ),
    },
  ];
  return all.filter((c) => !c.optional || shown.includes(c.optional));
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  if (!loaderData) return null;
  const list = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminScreenHeading title="Users">
          Every buyer, seller and administrator with an account (deleted accounts are under Deleted users). Use Login to
          see the site as a buyer or seller.
        </AdminScreenHeading>
        <div className="flex flex-wrap items-center gap-2">
          <UsersTableSettings perPage={list.perPage} columns={list.columns} />
          {/* A new location (the redirect after a creation, or a refused one) starts the dialog afresh. */}
          <CreateUserDialog
            key={location.key}
            lastResult={actionData?.result}
            requested={new URLSearchParams(location.search).get("create") === "1"}
          />
        </div>
      </div>
      <FilterBar
        label="Filter users"
        filters={[
          {
            name: "role",
            label: "Role",
            value: list.role,
            options: [
              { value: "", label: "All roles" },
              { value: "buyer", label: "Buyers" },
              { value: "seller", label: "Sellers" },
              { value: "admin", label: "Administrators" },
            ],
          },
          {
            name: "status",
            label: "Status",
            value: list.status,
            options: [
              { value: "", label: "Any status" },
              { value: "active", label: "Active" },
              { value: "unverified", label: "Unverified email" },
              { value: "suspended", label: "Suspended" },
            ],
          },
        ]}
      />
      <DataTable
        caption="Users"
        captionHidden
        columns={columnsFor(list.columns)}
        rows={list.rows}
        rowKey={(u) => u.id}
        empty={list.q ? `No user matches “${list.q}”.` : "No users match these filters."}
        pagination={{ page: list.page, pageCount: list.pageCount, total: list.total }}
        sort={list.sort}
        search={{ value: list.q, label: "Search by name, email or user id" }}
      />
    </div>
  );
}
