import { requireAdminPage } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { listQueryInput } from "~/lib/list-query";
import { getServices } from "~/lib/runtime.server";
import { type AdminListingView, listAdminListings } from "~/modules/listings/admin-listings.server";

/**
 * The loader of the admin listing screens (pending, deactivated, test listings, reposts): one page of `view`
 * as the query string says, for an administrator. While impersonating, null: the layout shows its notice instead.
 */
export async function loadAdminListingView(request: Request, view: AdminListingView) {
  const page = await requireAdminPage(request, "manage", "Listing");
  if (!page) return null;
  const { viewer } = page;
  const query = listQueryInput(new URL(request.url).searchParams);
  return orHttpError(async () => listAdminListings(await getServices(), { actor: viewer, input: { view, query } }));
}
