import { Form, useNavigation } from "react-router";
import { requireAbility } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import type { DataTableColumn } from "~/components/ui/data-table";
import { replyToListAction } from "~/lib/action-reply.server";
import { AppError } from "~/lib/errors";
import { formatDateTimeEastern } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { setTestListing } from "~/modules/listings/admin-listings.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { ActionErrorAlert, AdminScreenHeading, RowActionButton } from "~/components/admin/admin-chrome";
import { adminListingColumns, AdminListingTable } from "~/modules/listings/ui/admin-listing-table";
import { loadAdminListingView } from "./admin-listing-view.server";
import type { Route } from "./+types/test-listings";

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminListingView(request, "test");
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const form = await request.formData();
  const intent = form.get("intent");
  return replyToListAction(request, async () => {
    const services = await getServices();
    if (intent === "flag") {
      const row = await setTestListing(services, {
        actor: viewer,
        input: { code: form.get("code") ?? "", isTest: true },
      });
      return `Listing ${row.listingCode} is now a test listing; buyers no longer see it.`;
    }
    if (intent === "unflag") {
      const row = await setTestListing(services, { actor: viewer, input: { id: form.get("id"), isTest: false } });
      return `Listing ${row.listingCode} is no longer a test listing.`;
    }
    throw new AppError("BAD_INPUT", "Choose to flag or unflag a listing.");
  });
}

export function meta() {
  return [{ title: "Test listings · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

const STATUS_LABEL: Record<number, string> = {
  [LISTING_STATUS.pending]: "Pending review",
  [LISTING_STATUS.active]: "Active",
  [LISTING_STATUS.deactivated]: "Deactivated",
};

function FlagForm() {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "flag";
  return (
    <Form method="post" className="max-w-xl rounded-lg border border-slate-200 bg-white p-4">
      <label htmlFor="test-listing-code" className="block text-sm font-medium text-slate-800">
        Flag a listing as a test listing
      </label>
      <p id="test-listing-code-hint" className="text-sm text-slate-600">
        Its listing code, like VPM-10001. A test listing stays in the database but never shows in search.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id="test-listing-code"
          name="code"
          required
          maxLength={40}
          autoComplete="off"
          aria-describedby="test-listing-code-hint"
          className="min-w-0 flex-1 basis-40 rounded-md border border-slate-400 bg-white px-3 py-2 text-base uppercase shadow-sm"
        />
        <Button type="submit" name="intent" value="flag" disabled={busy}>
          {busy ? "Flagging..." : "Flag as test"}
        </Button>
      </div>
    </Form>
  );
}

const columns: DataTableColumn<Row>[] = [
  ...adminListingColumns<Row>(),
  {
    key: "status",
    header: "Status, last change (Eastern)",
    sortKey: "updated",
    sortFirst: "desc",
    cell: (r) => (
      <>
        {STATUS_LABEL[r.listingStatusId] ?? `Status ${r.listingStatusId}`}
        <time dateTime={r.updatedAt} className="block text-xs text-slate-600">
          {formatDateTimeEastern(r.updatedAt)}
        </time>
      </>
    ),
  },
  {
    key: "actions",
    header: "Actions",
    cell: (r) => (
      <RowActionButton
        id={r.id}
        label="Unflag"
        intent="unflag"
        variant="secondary"
        accessibleName={`Unflag test listing ${r.listingCode}`}
      />
    ),
  },
];

export default function TestListings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Test listings">
        Listings used to try the site out. They are kept out of search, the listings call and the scores of other
        listings. Unflag one to let buyers see it again (if it is active).
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <FlagForm />
      <AdminListingTable
        caption="Test listings"
        columns={columns}
        data={loaderData}
        noun="test listing"
        empty="No listing is flagged as a test."
      />
    </div>
  );
}
