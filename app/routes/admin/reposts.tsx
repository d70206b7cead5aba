import { Form, useNavigation } from "react-router";
import { requireAbility, requireUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { replyToListAction } from "~/lib/action-reply.server";
import { formatDateTimeEastern } from "~/lib/format";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { listAdminListings, repostListing } from "~/modules/listings/admin-listings.server";
import { ActionErrorAlert, AdminScreenHeading, adminListingColumns } from "~/modules/listings/ui/admin-listing-table";
import type { Route } from "./+types/reposts";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireUser(request);
  if (me.impersonatedBy) return null; // the layout shows the impersonation notice instead
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const query = listQueryInput(new URL(request.url).searchParams);
  return orHttpError(async () =>
    listAdminListings(await getServices(), { actor: viewer, input: { view: "reposts", query } }),
  );
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

function RepostButton({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(row.id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={row.id} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Repost listing ${row.listingCode}`}>
        {busy ? "Reposting..." : "Repost"}
      </Button>
    </Form>
  );
}

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
  { key: "actions", header: "Actions", cell: (r) => <RepostButton row={r} /> },
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
      <DataTable
        caption="Active listings to repost"
        captionHidden
        columns={columns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty={loaderData.q ? `No active listing matches “${loaderData.q}”.` : "No listing is active."}
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
        sort={loaderData.sort}
        search={{ value: loaderData.q, label: "Search by listing code, resort, seller or broker" }}
      />
    </div>
  );
}
