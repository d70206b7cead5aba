import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { BarList } from "~/components/ui/bar-list";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { requireAdminPage } from "~/auth/session.server";
import { formatNumber, formatPrice } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { getServices } from "~/lib/runtime.server";
import { getAdminOverview } from "~/modules/staff/admin-stats.server";
import { PIPELINE_MONTHS, PIPELINE_OFFER_DAYS } from "~/modules/staff/pipeline";
import { getDealPipeline } from "~/modules/staff/pipeline.server";
import { getTrafficSummary } from "~/modules/voices/page-views.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "AdminDashboard");
  if (!page) return page;
  const services = await getServices();
  const [overview, pipeline, traffic] = await Promise.all([
    getAdminOverview(services, { actor: page.viewer }),
    getDealPipeline(services, { actor: page.viewer }), // Issue 33: the deal pipeline as charts
    getTrafficSummary(services), // Issue 32: page views counted per path per day
  ]);
  return { ...overview, pipeline, traffic };
}

export function meta() {
  return [{ title: "Overview · Admin" }];
}

const ROLE_LABELS: Record<string, string> = { buyer: "Buyer", seller: "Seller", admin: "Admin" };
const STAFF_LABELS: Record<string, string> = { admin: "Admin", writer: "Writer", senior_writer: "Senior writer" };

type NewestUser = NonNullable<Route.ComponentProps["loaderData"]>["newestUsers"][number];

const NEWEST_COLUMNS: DataTableColumn<NewestUser>[] = [
  { key: "name", header: "Name", cell: (u) => <span className="font-medium">{u.name}</span> },
  { key: "email", header: "Email", cell: (u) => u.email },
  {
    key: "role",
    header: "Role",
    cell: (u) =>
      `${ROLE_LABELS[u.role] ?? u.role}${u.staffRole && u.staffRole !== "admin" ? ` · ${STAFF_LABELS[u.staffRole] ?? u.staffRole}` : ""}`,
  },
  {
    key: "joined",
    header: "Joined (Eastern)",
    className: "whitespace-nowrap",
    cell: (u) => <time dateTime={u.createdAt}>{formatDateTimeEastern(u.createdAt)}</time>,
  },
];

type TrafficRow = { path: string; views: number };

const TRAFFIC_COLUMNS: DataTableColumn<TrafficRow>[] = [
  { key: "path", header: "Page", wrap: true, cell: (r) => <span className="[overflow-wrap:anywhere]">{r.path}</span> },
  { key: "views", header: "Views", className: "text-right tabular-nums", cell: (r) => formatNumber(r.views) },
];

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{formatNumber(value)}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const o = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Overview</h1>
        <p className="mt-1 text-slate-700">
          {formatNumber(o.totalUsers)} accounts in total; {formatNumber(o.signUpsLast7Days)} signed up in the last 7
          days.
        </p>
      </div>

      <section aria-labelledby="pipeline-heading">
        <h2 id="pipeline-heading" className="text-lg font-semibold text-slate-900">
          Deal pipeline
        </h2>
        <p className="mt-1 text-slate-700">
          Closed this month: {formatNumber(o.pipeline.closedThisMonth.count)}{" "}
          {o.pipeline.closedThisMonth.count === 1 ? "deal" : "deals"} worth{" "}
          {formatPrice(o.pipeline.closedThisMonth.totalCents)}.{" "}
          <Link to={href("/admin/offer-dashboard")} className="text-sky-800 underline">
            Open the offer dashboard
          </Link>
        </p>
        <div className="mt-3 grid gap-4 lg:grid-cols-3">
          <BarList
            title="Offers by state"
            description={`Offers made in the last ${PIPELINE_OFFER_DAYS} days, by where each stands now.`}
            bars={o.pipeline.offers}
          />
          <BarList
            title="Agreements by step"
            description="Agreements under way, in the order a deal takes the steps."
            bars={o.pipeline.agreements}
          />
          <BarList
            title="Closings per month"
            description={`The last ${PIPELINE_MONTHS} months (Eastern time), this month in green, with the value closed.`}
            bars={o.pipeline.closings.map((c) => ({ ...c, note: formatPrice(c.totalCents) }))}
            highlight={o.pipeline.closings[o.pipeline.closings.length - 1]?.key}
          />
        </div>
      </section>

      <section aria-labelledby="users-heading">
        <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
          Users by role
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Buyers" value={o.usersByRole.buyer} />
          <Stat label="Sellers" value={o.usersByRole.seller} />
          <Stat label="Admins" value={o.usersByRole.admin} />
          <Stat label="Sign-ups this week" value={o.signUpsLast7Days} hint="Last 7 days" />
        </dl>
      </section>

      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="text-lg font-semibold text-slate-900">
          Staff
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Staff admins" value={o.staffByRole.admin} />
          <Stat label="Writers" value={o.staffByRole.writer} />
          <Stat label="Senior writers" value={o.staffByRole.senior_writer} />
        </dl>
      </section>

      <section aria-labelledby="listings-heading">
        <h2 id="listings-heading" className="text-lg font-semibold text-slate-900">
          Listings
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Stat label="Active" value={o.listings.active} />
          <Stat label="Pending" value={o.listings.pending} />
          <Stat label="Deactivated" value={o.listings.deactivated} />
        </dl>
      </section>

      <section aria-labelledby="newest-heading">
        <h2 id="newest-heading" className="text-lg font-semibold text-slate-900">
          Newest users
        </h2>
        <div className="mt-3">
          <DataTable
            caption="The 10 newest accounts"
            captionHidden
            columns={NEWEST_COLUMNS}
            rows={o.newestUsers}
            rowKey={(u) => u.id}
            empty="No one has signed up yet."
          />
        </div>
      </section>

      <section aria-labelledby="traffic-heading">
        <h2 id="traffic-heading" className="text-lg font-semibold text-slate-900">
          Top pages
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Public page views counted on the server, without cookies; visits by search engines and other bots, and the
          admin pages, are left out. App store button clicks in the last 30 days:{" "}
          {o.traffic.clicks.length
            ? o.traffic.clicks
                .map((c) => `${c.store === "playstore" ? "Google Play" : "App Store"} ${formatNumber(c.clicks)}`)
                .join(", ")
            : "none"}
          .
        </p>
        <div className="mt-3 grid gap-6 lg:grid-cols-2">
          <DataTable
            caption="Top pages, last 7 days"
            columns={TRAFFIC_COLUMNS}
            rows={o.traffic.week}
            rowKey={(r) => r.path}
            empty="No page views in the last 7 days."
          />
          <DataTable
            caption="Top pages, last 30 days"
            columns={TRAFFIC_COLUMNS}
            rows={o.traffic.month}
            rowKey={(r) => r.path}
            empty="No page views in the last 30 days."
          />
        </div>
      </section>

      <p className="text-sm text-slate-700">
        Outgoing email is recorded in the{" "}
        <Link to={href("/admin/mail")} className="text-sky-800 underline">
          mail log
        </Link>
        .
      </p>
    </div>
  );
}
