import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { listAgreementsForParty } from "~/modules/agreements/agreements.server";
import { AgreementsListPage } from "~/modules/agreements/ui/agreements-list-page";
import type { Route } from "./+types/buyer-agreements";

/** /v2/profile/buyer-agreements (SPEC: the buyer's Agreement): the purchases an accepted offer started. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "create", "Offer");
  const rows = await listAgreementsForParty(await getServices(), { actor: viewer, input: { side: "buyer" } });
  return { rows: rows.map((a) => ({ ...a, totalCents: Number(a.totalCents), updatedAt: a.updatedAt.toISOString() })) };
}

export function meta() {
  return [{ title: "My agreements · Vacation Points Market" }];
}

export default function BuyerAgreements({ loaderData }: Route.ComponentProps) {
  return (
    <AgreementsListPage
      title="My agreements"
      intro="Each accepted offer becomes a purchase agreement: you sign it, wire the deposit to the title company, the developer answers its right of first refusal, and the contract closes in your name."
      rows={loaderData.rows}
      empty={
        <>
          No agreements yet. An agreement starts when a seller accepts one of your{" "}
          <Link to={href("/v2/profile/buyer-offers")} className="text-sky-800 underline">
            offers
          </Link>
          .
        </>
      }
    />
  );
}
