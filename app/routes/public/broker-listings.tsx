import { Form, href } from "react-router";
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatNumber, formatPerPoint, formatPrice } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { listBrokerListings } from "~/modules/listings/broker-index.server";
import { GoodDealMeter, NoHaggleBadge } from "~/modules/listings/ui/good-deal-meter";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import type { Route } from "./+types/broker-listings";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "Broker listings",
    "DVC resale contracts listed by licensed brokers, side by side: resort, points, use year, price per point and value score.",
  );
});

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { result, ...rest } = await listBrokerListings(await getServices(), {
    input: { broker: params.get("broker"), page: params.get("page") },
  });
  return { ...rest, listings: result.data, total: result.meta.total };
}

type Row = Route.ComponentProps["loaderData"]["listings"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "listing",
    header: "Listing",
    wrap: true,
    cell: (l) => (
      <span className="flex items-center gap-3">
        <ResortPicture
          resort={{ slug: l.resort_slug, photoPath: l.resort_photo_path }}
          className="h-12 w-16 shrink-0 rounded-lg ring-1 ring-slate-900/5"
        />
        <span>
          <Link
            to={href("/broker-listings/:id", { id: String(l.id) })}
            className="font-medium text-sky-800 underline hover:text-sky-950"
          >
            {l.resort_name}
          </Link>
          <span className="block text-xs text-slate-600">
            <span className="whitespace-nowrap">{l.listing_code}</span>
            {l.no_haggle ? (
              <span className="ml-2">
                <NoHaggleBadge />
              </span>
            ) : null}
          </span>
        </span>
      </span>
    ),
  },
  { key: "broker", header: "Broker", wrap: true, cell: (l) => l.broker?.name ?? "" },
  {
    key: "points",
    header: "Points",
    className: "text-right tabular-nums",
    cell: (l) => formatNumber(l.contract_points),
  },
  { key: "useYear", header: "Use year", cell: (l) => l.use_month_full },
  {
    key: "ppp",
    header: "$/pt",
    className: "text-right tabular-nums",
    cell: (l) => formatPerPoint(l.price_per_point_cents),
  },
  {
    key: "total",
    header: "Total",
    className: "text-right tabular-nums",
    cell: (l) => formatPrice(l.total_price_cents),
  },
  { key: "score", header: "Score", className: "min-w-36", cell: (l) => <GoodDealMeter score={l.score} /> },
];

export default function BrokerListings({ loaderData }: Route.ComponentProps) {
  const { listings, brokers, broker, page, pageCount, total, ignored } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6 lg:py-14">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Broker listings</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Contracts for sale through licensed resale brokers, best value first. They appear beside members' own listings
          in the{" "}
          <Link to={href("/listings")} className="text-sky-800 underline">
            full search
          </Link>
          ; here you see them alone, and can narrow them to one broker.
        </p>
      </div>
      {ignored.length > 0 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {ignored.includes("broker") ? "That broker is not listing contracts here; showing every broker. " : ""}
          {ignored.includes("page") ? `There is no such page; showing page ${page}.` : ""}
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="broker-filter" className="block text-sm font-medium text-slate-800">
            Broker
          </label>
          <select
            id="broker-filter"
            name="broker"
            defaultValue={broker ? String(broker.id) : ""}
            key={broker?.id ?? "all"}
            className="mt-1 block rounded-md border border-slate-400 bg-white px-3 py-2 text-base shadow-sm"
          >
            <option value="">All brokers</option>
            {brokers.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <DataTable
        caption={broker ? `Listings from ${broker.name}` : "Listings from every broker"}
        columns={columns}
        rows={listings}
        rowKey={(l) => l.id}
        empty={
          broker ? `${broker.name} has no listing for sale right now.` : "No broker has a listing for sale right now."
        }
        pagination={{ page, pageCount, total }}
      />
    </div>
  );
}
