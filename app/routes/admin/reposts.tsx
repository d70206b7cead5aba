import { requireAbility } from "~/auth/session.server";
import type { DataTableColumn } from "~/components/ui/data-table";
import { replyToListAction } from "~/lib/action-reply.server";
import { formatDateTimeEastern } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { repostListing } from "~/modules/listings/admin-listings.server";
import { ActionErrorAlert, AdminScreenHeading, RowActionButton } from "~/components/admin/admin-chrome";
import { adminListingColumns, AdminListingTable } from "~/modules/listings/ui/admin-listing-table";
import { loadAdminListingView } from "./admin-listing-view.server";
import type { Route } from "./+types/reposts";

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminListingView(request, "reposts");
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const form = await request.formData();
  return replyToListAction(request, async () => {
    const row = await repostListing(await getServices(), { actor: viewer, input: { id: form.get("id") } });
    return `Listing ${row.listingCode} was reposted ${formatDateTimeEastern(row.postedAt)} Eastern and is first among the newest listings.`;
  });
}

export function meta() {
  return [{ title: "Reposts · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  ...adminListingColumns<Row>(),
  {
    key: "posted",
    header: "Posted (Eastern)",
    sortKey: "posted",
    sortFirst: "desc",
    cell: (r) => (
      <>
        <time dateTime={r.postedAt}>{formatDateTimeEastern(r.postedAt)}</time>
        <span className="block text-xs text-slate-600">
          {r.repostedAt ? (
            <>
              {r.repostCount === 1 ? "1 repost" : `${r.repostCount} reposts`}, last{" "}
              <time dateTime={r.repostedAt}>{formatDateTimeEastern(r.repostedAt)}</time>
            </>
          ) : (
            "Never reposted"
          )}
        </span>
      </>
    ),
  },
  {
    key: "actions",
    header: "Actions",
    cell: (r) => (
      <RowActionButton
        id={r.id}
        label="Repost"
        busyLabel="Reposting..."
        accessibleName={`Repost listing ${r.listingCode}`}
      />
    ),
  },
];

export default function Reposts({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Reposts">
        Active listings, the longest on the market first. Reposting gives a listing today's date, so it comes first when
        buyers sort by newest.
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <AdminListingTable
        caption="Active listings to repost"
        columns={columns}
        data={loaderData}
        noun="active listing"
        empty="No listing is active."
      />
    </div>
  );
}
