import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { loadOffersList } from "~/modules/offers/offers-pages.server";
import { OffersListPage } from "~/modules/offers/ui/offers-list-page";
import type { Route } from "./+types/seller-offers";

/** /v2/profile/seller-offers (SPEC: the seller's Offers): the offers on the seller's listings, open first. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "RequiredPage");
  const params = new URL(request.url).searchParams;
  return orHttpError(async () => loadOffersList(await getServices(), { actor: viewer, side: "seller", params }));
}

export function meta() {
  return [{ title: "Offers on my listings · Vacation Points Market" }];
}

export default function SellerOffers({ loaderData }: Route.ComponentProps) {
  return (
    <OffersListPage
      title="Offers on my listings"
      intro="Offers buyers made on your contracts. Accept, counter or decline each before it expires."
      counterpartLabel="Buyer"
      {...loaderData}
      empty={
        <>
          No offers here yet. Buyers make offers from your listings' pages; see{" "}
          <Link to={href("/v2/profile/inventory-for-sale")} className="text-sky-800 underline">
            your listings
          </Link>
          .
        </>
      }
    />
  );
}
