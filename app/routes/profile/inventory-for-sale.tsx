import { href } from "react-router";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { requireAbility } from "~/auth/session.server";
import { Button, LinkButton } from "~/components/ui/button";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { listMyInventory } from "~/modules/listings/inventory.server";
import { DeactivateListingDialog } from "~/modules/listings/ui/deactivate-listing-dialog";
import { EditListingLink, InventoryTable, LockedListingNote } from "~/modules/listings/ui/inventory-table";
import type { Route } from "./+types/inventory-for-sale";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "Listing");
  return orHttpError(async () => {
    const page = new URL(request.url).searchParams.get("page");
    return await listMyInventory(await getServices(), { actor: viewer, input: { view: "for-sale", page } });
  });
}

export function meta() {
  return [{ title: "Inventory for sale · Vacation Points Market" }];
}

export default function InventoryForSale({ loaderData }: Route.ComponentProps) {
  const [deactivating, setDeactivating] = useState<{ id: number; listingCode: string } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Inventory for sale</h1>
          <p className="mt-1 text-slate-700">Your active listings and those waiting for our review.</p>
        </div>
        <LinkButton to={href("/v2/profile/inventory-for-sale/new")}>
          <Plus aria-hidden className="size-4" />
          List a contract
        </LinkButton>
      </div>
      <InventoryTable
        caption="Your listings for sale"
        rows={loaderData.rows}
        pagination={{ page: loaderData.page, pageCount: loaderData.pageCount, total: loaderData.total }}
        empty="You have no listings for sale. List a contract to get started."
        actions={(r) => (
          <>
            {r.actions.lockedReason ? (
              <LockedListingNote reason={r.actions.lockedReason} statusId={r.listingStatusId} />
            ) : null}
            {r.actions.edit ? <EditListingLink listing={r} /> : null}
            {r.actions.deactivate ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Deactivate listing ${r.listingCode}`}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setDeactivating({ id: r.id, listingCode: r.listingCode });
                }}
              >
                Deactivate
              </Button>
            ) : null}
          </>
        )}
      />
      <DeactivateListingDialog listing={deactivating} onClose={() => setDeactivating(null)} returnFocusTo={opener} />
    </div>
  );
}
