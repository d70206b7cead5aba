import { Form, href, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { AppError } from "~/lib/errors";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { ActionErrorAlert, AdminScreenHeading } from "~/components/admin/admin-chrome";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "~/modules/staff/admin-users.schema";
import { listStaff, setStaffRole } from "~/modules/staff/admin-users.server";
import { ROLE_LABEL, SelectField } from "~/modules/staff/ui/admin-users-ui";
import type { Route } from "./+types/admins";
import { replyToUserAction, userAdminActor, userAdminViewer } from "./users-route.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await userAdminViewer(request);
  if (!viewer) return null;
  return orHttpError(async () => ({ staff: await listStaff(await getServices(), { actor: viewer }) }));
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await userAdminActor(request);
  const form = await request.formData();
  const services = await getServices();
  return replyToUserAction(href("/admin/admins"), async () => {
    const intent = form.get("intent");
    if (intent === "change") {
      const u = await setStaffRole(services, {
        actor: viewer,
        input: { uniqid: form.get("uniqid"), staffRole: form.get("staffRole") },
      });
      return `${u.name}'s staff role is now ${STAFF_ROLE_LABELS[u.staffRole]}.`;
    }
    if (intent === "add") {
      const u = await setStaffRole(services, {
        actor: viewer,
        input: { email: String(form.get("email") ?? ""), staffRole: form.get("staffRole") },
      });
      return `${u.name} is now staff: ${STAFF_ROLE_LABELS[u.staffRole]}.`;
    }
    throw new AppError("BAD_INPUT", "Unknown action.");
  });
}

export function meta() {
  return [{ title: "Admins · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["staff"][number];

function ChangeRole({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("uniqid") === row.userUniqid;
  if (row.isSelf) return <span className="text-slate-600">You (cannot change your own)</span>;
  const id = `staff-role-${row.userUniqid}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="uniqid" value={row.userUniqid} />
      <label htmlFor={id} className="sr-only">
        Staff role of {row.name}
      </label>
      <select
        id={id}
        name="staffRole"
        defaultValue={row.staffRole ?? "none"}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
      >
        {(["admin", "writer", "senior_writer", "none"] as const).map((r) => (
          <option key={r} value={r}>
            {STAFF_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        name="intent"
        value="change"
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`Save staff role of ${row.name}`}
      >
        Save
      </Button>
    </Form>
  );
}

const columns: DataTableColumn<Row>[] = [
  {
    key: "name",
    header: "Name",
    wrap: true,
    cell: (u) => (
      <Link
        to={href("/admin/users/:uniqid/edit", { uniqid: u.userUniqid })}
        className="font-medium text-sky-800 underline"
      >
        {u.name}
      </Link>
    ),
  },
  { key: "email", header: "Email", cell: (u) => <span className="break-all">{u.email}</span> },
  {
    key: "staffRole",
    header: "Staff role",
    cell: (u) => (u.staffRole ? STAFF_ROLE_LABELS[u.staffRole] : "None"),
  },
  { key: "role", header: "Account role", cell: (u) => ROLE_LABEL[u.role] ?? u.role },
  { key: "change", header: "Change staff role", cell: (u) => <ChangeRole row={u} /> },
];

export default function Admins({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Admins">
        Staff and their roles. Administrators manage everything; writers and senior writers manage the blog, support
        pages and SEO only. You cannot change your own staff role.
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <DataTable
        caption="Staff"
        captionHidden
        columns={columns}
        rows={loaderData.staff}
        rowKey={(u) => u.id}
        empty="No staff yet."
      />
      <section
        aria-labelledby="add-staff-heading"
        className="max-w-xl space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="add-staff-heading" className="text-lg font-semibold text-slate-900">
          Add an existing user as staff
        </h2>
        <Form method="post" className="space-y-3">
          <Field id="add-staff-email" label="Email of the account" name="email" type="email" required />
          <SelectField id="add-staff-role" label="Staff role" name="staffRole" defaultValue="writer">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" name="intent" value="add">
            Add as staff
          </Button>
        </Form>
      </section>
    </div>
  );
}
