import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireUser } from "~/auth/session.server";
import { LazyErrorPage as ErrorPage } from "~/components/errors/lazy-error-page";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm, idParam } from "~/lib/fields";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { ListingFormSchema } from "~/modules/listings/inventory.schema";
import {
  getListingForEdit,
  getListingLimits,
  getResortComparables,
  listListableResorts,
  updateListing,
} from "~/modules/listings/inventory.server";
import { InventoryListingForm } from "~/modules/listings/ui/inventory-listing-form";
import type { Route } from "./+types/inventory-edit";

const INVENTORY = href("/v2/profile/inventory-for-sale");

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return orHttpError(async () => {
    const id = idParam(params.id, "There is no such listing.");
    const listing = await getListingForEdit(services, { actor: viewer, input: { id } });
    const [resorts, comparables, limits] = await Promise.all([
      listListableResorts(services),
      getResortComparables(services, { excludeListingId: id }),
      getListingLimits(services.db),
    ]);
    return { listing, resorts, comparables, limits };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "save",
    intents: {
      save: intent(fromForm(ListingFormSchema), async ({ actor, input: values }) => {
        const id = idParam(params.id, "There is no such listing.");
        const row = await updateListing(await getServices(), { actor, input: { id, values } });
        return {
          redirectTo: row.listingStatusId === 9 ? href("/v2/profile/inventory-not-for-sale") : INVENTORY,
          message: `Listing ${row.listingCode} was saved.`,
        };
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Edit listing ${loaderData?.listing.listingCode ?? ""} · Vacation Points Market` }];
}

export default function InventoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, resorts, comparables, limits } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to={INVENTORY} className="text-sm text-sky-800 underline">
          Back to Inventory for sale
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Edit listing {listing.listingCode}</h1>
      </div>
      <InventoryListingForm
        resorts={resorts}
        comparables={comparables}
        limits={limits}
        defaults={listing.values}
        actionData={actionData}
        submitLabel="Save changes"
        busyLabel="Saving..."
        cancelTo={INVENTORY}
      />
    </div>
  );
}

/** Unknown listing (404) or someone else's (403), shown inside the profile layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
