import { href, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useListingStatusFetcher } from "./inventory-status-fetcher";

/** Puts a deactivated listing back on the market (SPEC `listings.update`, value 3); a plain POST form that comes back to this list. */
export function ActivateListingButton({ listing }: { listing: { id: number; listingCode: string } }) {
  const fetcher = useListingStatusFetcher();
  const busy = fetcher.state !== "idle";
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form method="post" action={href("/listings/update")}>
      <input type="hidden" name="id" value={listing.id} />
      <input type="hidden" name="name" value="listing_status_id" />
      <input type="hidden" name="value" value="3" />
      {/* Back to this list afterwards, not the profile overview (issue 13). */}
      <input type="hidden" name="returnTo" value={pathname + search} />
      <Button type="submit" size="sm" disabled={busy} aria-label={`Activate listing ${listing.listingCode}`}>
        {busy ? "Activating..." : "Activate"}
      </Button>
    </fetcher.Form>
  );
}
