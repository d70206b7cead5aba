import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { Services } from "~/lib/runtime.server";
import { nextStepFor } from "./agreement-steps";
import { type AgreementRow, selectAgreementsOf } from "./agreements.queries.server";

/** One step an agreement waits for from this person, with its deadline when it has one. */
export type AgreementWaiting = {
  agreementId: number;
  kind: "sign" | "deposit";
  title: string;
  resortName: string;
  points: number;
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

/**
 * What the person's agreements wait for from them now (issue 27, the profile's landing page): a contract to sign
 * (either side), the deposit to wire (the buyer, with its deadline). Their own agreements only: the actor's id
 * selects them. Read-only; the steps are `nextStepFor`'s, the ones the agreement's page shows.
 */
export async function listAgreementsWaitingOn(deps: Pick<Services, "db">, args: { actor: Viewer }) {
  const [asBuyer, asSeller] = await Promise.all([
    selectAgreementsOf(deps.db, { buyerId: args.actor.id }),
    selectAgreementsOf(deps.db, { sellerId: args.actor.id }),
  ]);
  return [...asBuyer.map((a) => waitingOf(a, "buyer")), ...asSeller.map((a) => waitingOf(a, "seller"))].filter(
    (w): w is AgreementWaiting => w !== null,
  );
}
