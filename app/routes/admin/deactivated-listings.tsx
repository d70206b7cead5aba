import { requireAbility } from "~/auth/session.server";
import type { DataTableColumn } from "~/components/ui/data-table";
import { replyToListAction } from "~/lib/action-reply.server";
import { formatDateTimeEastern } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { reactivateListing } from "~/modules/listings/admin-listings.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { ActionErrorAlert, AdminScreenHeading, RowActionButton } from "~/components/admin/admin-chrome";
import { adminListingColumns, AdminListingTable } from "~/modules/listings/ui/admin-listing-table";
import { loadAdminListingView } from "./admin-listing-view.server";
import type { Route } from "./+types/deactivated-listings";

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminListingView(request, "deactivated");
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
  {
    key: "actions",
    header: "Actions",
    cell: (r) => (
      <RowActionButton
        id={r.id}
        label="Reactivate"
        busyLabel="Reactivating..."
        accessibleName={`Reactivate listing ${r.listingCode}`}
      />
    ),
  },
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
      <AdminListingTable
        caption="Deactivated listings"
        columns={columns}
        data={loaderData}
        noun="deactivated listing"
        empty="No listing is deactivated."
      />
    </div>
  );
}
