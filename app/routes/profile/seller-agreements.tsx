import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { requireAbility } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { listAgreementsForParty } from "~/modules/agreements/agreements.server";
import { AgreementsListPage } from "~/modules/agreements/ui/agreements-list-page";
import type { Route } from "./+types/seller-agreements";

/** /v2/profile/seller-agreements (SPEC: the seller's Agreement): the sales an accepted offer started. */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "read", "RequiredPage");
  const rows = await listAgreementsForParty(await getServices(), { actor: viewer, input: { side: "seller" } });
  return { rows: rows.map((a) => ({ ...a, totalCents: Number(a.totalCents), updatedAt: a.updatedAt.toISOString() })) };
}

export function meta() {
  return [{ title: "My agreements · Vacation Points Market" }];
}

export default function SellerAgreements({ loaderData }: Route.ComponentProps) {
  return (
    <AgreementsListPage
      title="My agreements"
      intro="Each offer you accepted becomes a purchase agreement: both sides sign it, the buyer's deposit goes to the title company, the developer answers its right of first refusal, and you are paid from escrow once the deed is recorded."
      rows={loaderData.rows}
      empty={
        <>
          No agreements yet. An agreement starts when you accept an{" "}
          <Link to={href("/v2/profile/seller-offers")} className="text-sky-800 underline">
            offer
          </Link>
          .
        </>
      }
    />
  );
}
