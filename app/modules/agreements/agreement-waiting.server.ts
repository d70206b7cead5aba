import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { selectOpenAddendum } from "./addenda.queries.server";
import { ENDED_AGREEMENT } from "./addendum.workflow";
import { nextStepFor } from "./agreement-steps";
import { type AgreementRow, selectAgreementsOf } from "./agreements.queries.server";

/** One step an agreement waits for from this person, with its deadline when it has one. */
export type AgreementWaiting = {
  agreementId: number;
  kind: "sign" | "deposit" | "addendum";
  title: string;
  resortName: string;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
  /** The deadline (the deposit's), or null when the step has none (signing: reminders every 48 hours). */
  dueAt: Date | null;
  path: string;
};

function waitingOf(a: AgreementRow, side: "buyer" | "seller"): AgreementWaiting | null {
  const step = nextStepFor(a, side);
  const base = {
    agreementId: a.id,
    resortName: a.resortName,
    points: a.points,
    pricePerPointCents: a.pricePerPointCents,
    totalCents: Number(a.totalCents),
    path: href("/v2/profile/agreements/:agreementId", { agreementId: String(a.id) }),
  };
  if (step.sign) {
    return {
      ...base,
      kind: "sign",
      title: "Sign the purchase agreement",
      dueAt: null,
      path: href("/v2/profile/agreements/:agreementId/sign", { agreementId: String(a.id) }),
    };
  }
  if (step.depositForm && !a.depositSentAt) {
    return { ...base, kind: "deposit", title: "Wire the deposit to the title company", dueAt: a.depositDueAt };
  }
  return null;
}

/** The addendum out for signature on the agreement that this side has not signed yet, as a step. */
async function addendumWaiting(
  db: Pick<Services, "db">["db"],
  a: AgreementRow,
  side: "buyer" | "seller",
): Promise<AgreementWaiting | null> {
  if ((ENDED_AGREEMENT as readonly string[]).includes(a.status)) return null;
  const open = await selectOpenAddendum(db, a.id);
  if (!open || (side === "buyer" ? open.buyerSignedAt : open.sellerSignedAt)) return null;
  return {
    agreementId: a.id,
    kind: "addendum",
    title: `Sign addendum ${open.number}: ${open.title}`,
    resortName: a.resortName,
    points: a.points,
    pricePerPointCents: a.pricePerPointCents,
    totalCents: Number(a.totalCents),
    dueAt: null,
    path: href("/v2/profile/agreements/:agreementId/addenda/:number/sign", {
      agreementId: String(a.id),
      number: String(open.number),
    }),
  };
}

/**
 * What the person's agreements wait for from them now (issue 27, the profile's landing page): a contract to sign
 * (either side), the deposit to wire (the buyer, with its deadline), an addendum to sign. Their own agreements only:
 * the actor's id selects them. Read-only; the steps are `nextStepFor`'s, the ones the agreement's page shows.
 */
export async function listAgreementsWaitingOn(deps: Pick<Services, "db">, args: { actor: Viewer }) {
  // Both sides in one statement (issue 34: one round trip fewer on every profile landing), then split by side.
  const rows = await selectAgreementsOf(deps.db, { buyerId: args.actor.id, sellerId: args.actor.id });
  const mine = [
    ...rows.filter((a) => a.buyerId === args.actor.id).map((a) => ({ a, side: "buyer" as const })),
    ...rows.filter((a) => a.sellerId === args.actor.id).map((a) => ({ a, side: "seller" as const })),
  ];
  const addenda = await Promise.all(mine.map(({ a, side }) => addendumWaiting(deps.db, a, side)));
  return [...mine.map(({ a, side }) => waitingOf(a, side)), ...addenda].filter(
    (w): w is AgreementWaiting => w !== null,
  );
}
