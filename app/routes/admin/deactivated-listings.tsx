import { Form, useNavigation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { replyToListAction } from "~/lib/action-reply.server";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { listAdminListings, reactivateListing } from "~/modules/listings/admin-listings.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { ActionErrorAlert, AdminScreenHeading, adminListingColumns } from "~/modules/listings/ui/admin-listing-table";
import type { Route } from "./+types/deactivated-listings";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const query = listQueryInput(new URL(request.url).searchParams);
  return orHttpError(async () =>
    listAdminListings(await getServices(), { actor: viewer, input: { view: "deactivated", query } }),
  );
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const form = await request.formData();
  return replyToListAction(request, async () => {
    const row = await reactivateListing(await getServices(), { actor: viewer, input: { id: form.get("id") } });
    return row.listingStatusId === LISTING_STATUS.pending
      ? `Listing ${row.listingCode} was never approved, so it went back to Pending listings for review.`
      : `Listing ${row.listingCode} is active again.`;
  });
}

export function meta() {
  return [{ title: "Deactivated listings · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

function ReactivateButton({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(row.id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={row.id} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Reactivate listing ${row.listingCode}`}>
        {busy ? "Reactivating..." : "Reactivate"}
      </Button>
    </Form>
  );
}

const columns: DataTableColumn<Row>[] = [
  ...adminListingColumns<Row>(),
  {
    key: "deactivated",
    header: "When and why (Eastern)",
    sortKey: "updated",
    sortFirst: "desc",
    wrap: true,
    cell: (r) => (
      <>
        <time dateTime={r.updatedAt} className="whitespace-nowrap">
          {formatDateTimeEastern(r.updatedAt)}
        </time>
        <span className="block text-slate-700">{r.deactivationReason}</span>
      </>
    ),
  },
  { key: "actions", header: "Actions", cell: (r) => <ReactivateButton row={r} /> },
];

export default function DeactivatedListings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Deactivated listings">
        Listings taken off the market by their seller (with the reason they gave), by an administrator, or rejected in
        review. Reactivating puts a listing back on sale; one that was never approved goes to Pending listings first.
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <DataTable
        caption="Deactivated listings"
        captionHidden
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty={loaderData.q ? `No deactivated listing matches “${loaderData.q}”.` : "No listing is deactivated."}
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
        sort={loaderData.sort}
        search={{ value: loaderData.q, label: "Search by listing code, resort, seller or broker" }}
      />
    </div>
  );
}
