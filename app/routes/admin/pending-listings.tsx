import { data, Form, redirect, useNavigation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { formatDateTimeEastern, formatMoney, formatNumber, useMonthName as monthName } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { listPendingListings, reviewListing } from "~/modules/listings/inventory.server";
import type { Route } from "./+types/pending-listings";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "manage", "Listing");
  return orHttpError(async () => {
    const page = new URL(request.url).searchParams.get("page");
    return await listPendingListings(await getServices(), { actor: viewer, input: { page } });
  });
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const form = await request.formData();
  const decision = form.get("decision");
  const id = Number(form.get("id"));
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const headers = new Headers();
  if (decision !== "approve" && decision !== "reject") {
    await setFlash(headers, { kind: "error", message: "Choose Approve or Reject." });
    return redirect(back, { headers, status: 303 });
  }
  try {
    const row = await reviewListing(await getServices(), { actor: viewer, input: { id, decision } });
    await setFlash(headers, {
      kind: "success",
      message:
        decision === "approve"
          ? `Listing ${row.listingCode} is approved and live.`
          : `Listing ${row.listingCode} was rejected.`,
    });
    return redirect(back, { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: err.message }, { status: err.status });
  }
}

export function meta() {
  return [{ title: "Pending listings · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

function ReviewButtons({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(row.id);
  return (
    <Form method="post" className="flex gap-2">
      <input type="hidden" name="id" value={row.id} />
      <Button
        type="submit"
        name="decision"
        value="approve"
        size="sm"
        disabled={busy}
        aria-label={`Approve listing ${row.listingCode}`}
      >
        Approve
      </Button>
      <Button
        type="submit"
        name="decision"
        value="reject"
        size="sm"
        variant="secondary"
        disabled={busy}
        aria-label={`Reject listing ${row.listingCode}`}
      >
        Reject
      </Button>
    </Form>
  );
}

const columns: DataTableColumn<Row>[] = [
  { key: "code", header: "Listing", cell: (r) => <span className="font-medium">{r.listingCode}</span> },
  {
    key: "seller",
    header: "Seller",
    cell: (r) =>
      r.sellerName ? (
        <>
          {r.sellerName}
          <span className="block text-xs text-slate-600">{r.sellerEmail}</span>
        </>
      ) : (
        <span className="text-slate-600">Broker</span>
      ),
  },
  {
    key: "resort",
    header: "Resort",
    cell: (r) => (
      <>
        {r.resortName}
        <span className="block text-xs text-slate-600">{monthName(r.useMonth)} use year</span>
      </>
    ),
  },
  {
    key: "points",
    header: "Points",
    className: "text-right tabular-nums",
    cell: (r) => formatNumber(r.contractPoints),
  },
  {
    key: "ppp",
    header: "$/pt",
    className: "text-right tabular-nums",
    cell: (r) => formatMoney(r.pricePerPointCents, { decimals: true }),
  },
  {
    key: "submitted",
    header: "Submitted (Eastern)",
    cell: (r) => <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time>,
  },
  { key: "actions", header: "Actions", cell: (r) => <ReviewButtons row={r} /> },
];

export default function PendingListings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Pending listings</h1>
        <p className="mt-1 text-slate-700">
          New listings from sellers wait here until you approve them (they go live) or reject them.
        </p>
      </div>
      {actionData && "error" in actionData ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.error}
        </div>
      ) : null}
      <DataTable
        caption="Listings waiting for review"
        captionHidden
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty="No listings are waiting for review."
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
      />
    </div>
  );
}
