import { requireAbility } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { listMyInventory } from "~/modules/listings/inventory.server";
import { ActivateListingButton } from "~/modules/listings/ui/inventory-activate-button";
import { EditListingLink, InventoryTable } from "~/modules/listings/ui/inventory-table";
import type { Route } from "./+types/inventory-not-for-sale";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "Listing");
  return orHttpError(async () => {
    const page = new URL(request.url).searchParams.get("page");
    return await listMyInventory(await getServices(), { actor: viewer, input: { view: "not-for-sale", page } });
  });
}

export function meta() {
  return [{ title: "Inventory not for sale · Vacation Points Market" }];
}

export default function InventoryNotForSale({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Inventory not for sale</h1>
        <p className="mt-1 text-slate-700">Listings you have taken off the market. Activate one to offer it again.</p>
      </div>
      <InventoryTable
        caption="Your deactivated listings"
        rows={loaderData.rows}
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
        empty="You have no deactivated listings."
        actions={(r) => (
          <>
            <EditListingLink listing={r} />
            <ActivateListingButton listing={r} />
          </>
        )}
      />
    </div>
  );
}
