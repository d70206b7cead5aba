import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { handleAction, intent } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { getServices } from "~/lib/runtime.server";
import { ListingFormSchema } from "~/modules/listings/inventory.schema";
import { listingPrefill } from "~/modules/listings/inventory-prefill";
import {
  createListing,
  getListingLimits,
  getResortComparables,
  listListableResorts,
} from "~/modules/listings/inventory.server";
import { InventoryListingForm } from "~/modules/listings/ui/inventory-listing-form";
import { VERIFY_EMAIL_PATH, VERIFY_FIRST_MESSAGE } from "~/modules/accounts/accounts.schema";
import type { Route } from "./+types/inventory-new";

const INVENTORY = href("/v2/profile/inventory-for-sale");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "Listing");
  // An unverified seller is asked to verify the email first (the service refuses too).
  if (!viewer.emailVerified) return { verified: false as const, resorts: [], comparables: {}, prefill: {} };
  const services = await getServices();
  const [resorts, comparables, limits] = await Promise.all([
    listListableResorts(services),
    getResortComparables(services),
    getListingLimits(services.db),
  ]);
  // "List at this price" on the resale value calculator fills the form from the address.
  const prefill = listingPrefill(new URL(request.url).searchParams);
  return { verified: true as const, resorts, comparables, limits, prefill };
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "create", "Listing");
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "save",
    intents: {
      save: intent(fromForm(ListingFormSchema), async ({ actor, input }) => {
        const created = await createListing(await getServices(), { actor, input });
        return {
          redirectTo: INVENTORY,
          message: `Listing ${created.listingCode} was submitted. It goes live once our team has reviewed it.`,
        };
      }),
    },
  });
}

export function meta() {
  return [{ title: "List a contract · Vacation Points Market" }];
}

export default function InventoryNew({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.verified) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-slate-900">List a contract for sale</h1>
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          {VERIFY_FIRST_MESSAGE}{" "}
          <Link to={VERIFY_EMAIL_PATH} className="font-medium underline">
            Verify my email
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <Link to={INVENTORY} className="text-sm text-sky-800 underline">
          Back to Inventory for sale
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">List a contract for sale</h1>
        <p className="mt-1 text-slate-700">
          Our team reviews each new listing before buyers can see it; you will find it as "Pending review" in your
          inventory.
        </p>
      </div>
      <InventoryListingForm
        resorts={loaderData.resorts}
        comparables={loaderData.comparables}
        limits={loaderData.limits}
        defaults={loaderData.prefill}
        actionData={actionData}
        submitLabel="Submit for review"
        busyLabel="Submitting..."
        cancelTo={INVENTORY}
      />
    </div>
  );
}
