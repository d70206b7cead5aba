import { useId } from "react";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAdminPage } from "~/auth/session.server";
import { formatNumber } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { getCampaignStats } from "~/modules/marketing/marketing.server";
import type { Route } from "./+types/marketing-dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "MarketingAdmin");
  if (!page) return null;
  const services = await getServices();
  return { campaigns: await getCampaignStats(services.db, page.viewer) };
}

export const meta = () => [{ title: "Marketing dashboard · Admin" }];

type Stats = NonNullable<Route.ComponentProps["loaderData"]>["campaigns"][number];

const MEASURES = [
  { key: "sent", label: "Sent", color: "#0c4a6e" },
  { key: "delivered", label: "Delivered", color: "#0369a1" },
  { key: "opened", label: "Opened", color: "#15803d" },
  { key: "clicked", label: "Clicked", color: "#a16207" },
] as const;

/**
 * /admin/marketing/dashboard (issue 33, decision 0087): per campaign, the mails sent, delivered (kept by the outbox or
 * accepted by the mail server), opened (the tracking image, or a click) and clicked. A bar chart drawn as SVG on the
 * server (no chart library), with the same figures in a table.
 */
export default function MarketingDashboard({ loaderData }: Route.ComponentProps) {
  const campaigns = loaderData?.campaigns ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Marketing dashboard</h1>
        <p className="mt-1 text-slate-700">
          Per campaign, newest first: mails sent, delivered, opened and clicked (each person counted once). Opens are
          counted when a mail's images load, so some opens are never seen.{" "}
          <Link to={href("/admin/marketing/emails")} className="text-sky-800 underline">
            Campaigns
          </Link>
        </p>
      </div>
      {campaigns.length === 0 ? (
        <p className="text-slate-700">No campaign yet.</p>
      ) : (
        <>
          <BarChart campaigns={campaigns.slice(0, 10)} />
          <StatsTable campaigns={campaigns} />
        </>
      )}
    </div>
  );
}

function BarChart({ campaigns }: { campaigns: Stats[] }) {
  const titleId = useId();
  const max = Math.max(1, ...campaigns.flatMap((c) => MEASURES.map((m) => c[m.key])));
  const bar = 12;
  const group = MEASURES.length * bar + 28;
  const labelW = 0;
  const width = 640;
  const chartW = width - 60;
  const height = campaigns.length * group + 40;
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          Sent, delivered, opened and clicked per campaign (the table below gives the same figures)
        </title>
        {campaigns.map((c, i) => {
          const y0 = i * group + 4;
          return (
            <g key={c.id}>
              <text x={labelW} y={y0 + 10} fontSize="13" fill="#0f172a">
                {c.name.length > 70 ? `${c.name.slice(0, 69)}…` : c.name}
              </text>
              {MEASURES.map((m, j) => {
                const w = Math.round((c[m.key] / max) * chartW);
                const y = y0 + 16 + j * bar;
                return (
                  <g key={m.key}>
                    <rect x={0} y={y} width={Math.max(w, 1)} height={bar - 2} fill={m.color} />
                    <text x={Math.max(w, 1) + 4} y={y + bar - 3} fontSize="10" fill="#334155">
                      {formatNumber(c[m.key])}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
        <g transform={`translate(0 ${height - 16})`}>
          {MEASURES.map((m, j) => (
            <g key={m.key} transform={`translate(${j * 110} 0)`}>
              <rect width="10" height="10" fill={m.color} />
              <text x="14" y="9" fontSize="11" fill="#0f172a">
                {m.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </figure>
  );
}

function StatsTable({ campaigns }: { campaigns: Stats[] }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label="Marketing campaigns' results"
      data-scrolls-sideways
      className="overflow-x-auto"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Marketing campaigns' results</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Campaign
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              State
            </th>
            {MEASURES.map((m) => (
              <th key={m.key} scope="col" className="py-2 pr-4 text-right font-semibold">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c.id} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-normal">
                <Link
                  to={href("/admin/marketing/emails/:id", { id: String(c.id) })}
                  className="text-sky-800 underline [overflow-wrap:anywhere]"
                >
                  {c.name}
                </Link>
              </th>
              <td className="py-2 pr-4 capitalize">{c.status}</td>
              {MEASURES.map((m) => (
                <td key={m.key} className="py-2 pr-4 text-right tabular-nums">
                  {formatNumber(c[m.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
