import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import type { DataTableColumn } from "~/components/ui/data-table";
import { handleAction, intent } from "~/lib/action.server";
import { id } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { reviewListing } from "~/modules/listings/inventory.server";
import { ActionErrorAlert, AdminScreenHeading } from "~/components/admin/admin-chrome";
import { adminListingColumns, AdminListingTable, easternDateColumn } from "~/modules/listings/ui/admin-listing-table";
import { loadAdminListingView } from "./admin-listing-view.server";
import type { Route } from "./+types/pending-listings";

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminListingView(request, "pending");
}

const Review = z.object({
  id: id("Choose a listing to review."),
  decision: z.enum(["approve", "reject"], { error: "Choose Approve or Reject." }),
});

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "Listing");
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "review",
    intents: {
      review: intent(Review, async ({ actor, input }) => {
        const row = await reviewListing(services, { actor, input });
        return input.decision === "approve"
          ? `Listing ${row.listingCode} is approved and live.`
          : `Listing ${row.listingCode} was rejected.`;
      }),
    },
  });
}

export function meta() {
  return [{ title: "Pending listings · Admin" }];
}

type Row = NonNullable<Route.ComponentProps["loaderData"]>["rows"][number];

function ReviewButtons({ row }: { row: Row }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle" && nav.formData?.get("id") === String(row.id);
  return (
    <Form method="post" className="flex flex-wrap gap-2">
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
  ...adminListingColumns<Row>(),
  easternDateColumn<Row>("submitted", "Submitted (Eastern)", (r) => r.createdAt, { sortKey: "submitted", priority: 3 }),
  { key: "actions", header: "Actions", actions: true, cell: (r) => <ReviewButtons row={r} /> },
];

export default function PendingListings({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className="space-y-6">
      <AdminScreenHeading title="Pending listings">
        New listings from sellers wait here until you approve them (they go live) or reject them.
      </AdminScreenHeading>
      <ActionErrorAlert actionData={actionData} />
      <AdminListingTable
        caption="Listings waiting for review"
        columns={columns}
        data={loaderData}
        noun="pending listing"
        empty="No listings are waiting for review."
      />
    </div>
  );
}
