import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { loadOffersList } from "~/modules/offers/offers-pages.server";
import { OffersListPage } from "~/modules/offers/ui/offers-list-page";
import type { Route } from "./+types/buyer-offers";

/** /v2/profile/buyer-offers (SPEC: the buyer's Offers): the offers the buyer made, open first. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "Offer");
  const params = new URL(request.url).searchParams;
  return orHttpError(async () => loadOffersList(await getServices(), { actor: viewer, side: "buyer", params }));
}

export function meta() {
  return [{ title: "My offers · Vacation Points Market" }];
}

export default function BuyerOffers({ loaderData }: Route.ComponentProps) {
  return (
    <OffersListPage
      title="My offers"
      intro="The offers you made. An offer waits for the seller's answer until it expires; a counter waits for yours."
      counterpartLabel="Seller"
      {...loaderData}
      empty={
        <>
          No offers here yet. Find a contract in the{" "}
          <Link to={href("/listings")} className="text-sky-800 underline">
            listings for sale
          </Link>{" "}
          and make an offer from its page.
        </>
      }
    />
  );
}
