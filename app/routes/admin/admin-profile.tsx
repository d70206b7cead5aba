import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAdminPage } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { AdminScreenHeading } from "~/components/admin/admin-chrome";
import { describeUserAgent, STAFF_ROLE_LABELS } from "~/modules/staff/admin-users.schema";
import { getAdminProfile } from "~/modules/staff/admin-users.server";
import { LoginResult } from "~/modules/staff/ui/admin-users-ui";
import type { Route } from "./+types/admin-profile";

export async function loader({ request }: Route.LoaderArgs) {
  // Any staff member's own page (the header's Profile button); the layout shows its notice while impersonating.
  const page = await requireAdminPage(request, "access", "AdminArea");
  if (!page) return null;
  return orHttpError(async () => getAdminProfile(await getServices(), { actor: page.viewer }));
}

export function meta() {
  return [{ title: "My profile · Admin" }];
}

type SignIn = NonNullable<Route.ComponentProps["loaderData"]>["signIns"][number];

const columns: DataTableColumn<SignIn>[] = [
  {
    key: "time",
    header: "When (Eastern)",
    cell: (s) => <time dateTime={s.createdAt}>{formatDateTimeEastern(s.createdAt)}</time>,
  },
  { key: "result", header: "Result", cell: (s) => <LoginResult success={s.success} reason={s.reason} /> },
  { key: "ip", header: "IP address", cell: (s) => s.ipAddress ?? "Unknown" },
  {
    key: "agent",
    header: "Browser",
    cell: (s) => <span title={s.userAgent ?? undefined}>{describeUserAgent(s.userAgent)}</span>,
  },
];

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const me = loaderData;
  return (
    <div className="max-w-4xl space-y-6">
      <AdminScreenHeading title="My profile">
        Your own administrator account. Change your details and password on your profile, and two-factor authentication
        and browser sessions on the security page.
      </AdminScreenHeading>
      <section aria-labelledby="me-heading" className="rounded-lg border border-slate-200 bg-white p-4 md:p-6">
        <h2 id="me-heading" className="text-lg font-semibold text-slate-900">
          Account
        </h2>
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium text-slate-700">Name</dt>
          <dd className="break-words">{me.name}</dd>
          <dt className="font-medium text-slate-700">Email</dt>
          <dd className="break-all">
            {me.email} {me.emailVerified ? "(verified)" : "(not verified)"}
          </dd>
          <dt className="font-medium text-slate-700">Staff role</dt>
          <dd>{STAFF_ROLE_LABELS[me.staffRole]}</dd>
          <dt className="font-medium text-slate-700">Two-factor</dt>
          <dd>{me.twoFactorEnabled ? "On" : "Off: turn it on from the security page"}</dd>
          <dt className="font-medium text-slate-700">Member since</dt>
          <dd>
            <time dateTime={me.createdAt}>{formatDateTimeEastern(me.createdAt)}</time> Eastern
          </dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={href("/profile")} className={buttonClass("secondary")}>
            Edit profile and password
          </Link>
          <Link to={href("/profile/security")} className={buttonClass("secondary")}>
            Security and two-factor
          </Link>
        </div>
      </section>
      <section aria-labelledby="signins-heading" className="space-y-3">
        <h2 id="signins-heading" className="text-lg font-semibold text-slate-900">
          Your recent sign-ins
        </h2>
        <DataTable
          caption="Your recent sign-ins"
          captionHidden
          columns={columns}
          rows={me.signIns}
          rowKey={(s) => s.id}
          empty="No sign-ins recorded yet."
        />
      </section>
    </div>
  );
}
