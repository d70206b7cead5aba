import { formatAgreementNumber } from "~/lib/format";
import { AppError } from "~/lib/errors";
import { defineWorkflow } from "~/lib/workflow.server";
import { isAdministrator, type Side } from "~/modules/offers/offers.rules";
import { signingRefusal } from "./agreement-abilities";
import { OPEN_AGREEMENT } from "./agreement.workflow";
import type { AgreementStatus } from "./agreements.queries.server";
import {
  type AddendumRow,
  type AddendumStatus,
  lockAddendum,
  selectAddendum,
  updateAddendumWhere,
} from "./addenda.queries.server";

/**
 * An addendum's lifecycle (issue 11: "Nobody can change a sealed agreement; corrections are an addendum signed the
 * same way"; decision 0036). An administrator writes it (out for signature; created by the service, not a
 * transition); each party signs it once; the second signature seals it. Before that an administrator may withdraw
 * it with a reason. Sealed and withdrawn are final.
 */

export const UNSIGNED_ADDENDUM: readonly AddendumStatus[] = [
  "out_for_signature",
  "signed_by_buyer",
  "signed_by_seller",
];

export const ADDENDUM_STATUS_LABELS: Record<AddendumStatus, string> = {
  out_for_signature: "Out for signature",
  signed_by_buyer: "Signed by the buyer",
  signed_by_seller: "Signed by the seller",
  sealed: "Signed by both; sealed",
  withdrawn: "Withdrawn",
};

/** The agreement states in which it takes no addendum any more (the deal is over). */
export const ENDED_AGREEMENT = ["closed", "cancelled", "rofr_exercised"] as const;
/** The agreement states that take an addendum: signed by both (sealed), the deal not over. */
export const AMENDABLE_AGREEMENT: readonly AgreementStatus[] = OPEN_AGREEMENT.slice(
  OPEN_AGREEMENT.indexOf("deposit_due"),
);

const label = (d: AddendumRow) => `Addendum ${d.number} to agreement ${formatAgreementNumber(d.agreementId)}`;
const isNow = (d: AddendumRow) => `${label(d)} is ${ADDENDUM_STATUS_LABELS[d.status].toLowerCase()}.`;
/** "addendum 1 to agreement VPM-000003": the first letter only (the number keeps its capitals). */
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export type AddendumSignInput = { side: Side; now: Date };
const otherSigned = (d: AddendumRow, side: Side) => (side === "buyer" ? d.sellerSignedAt : d.buyerSignedAt) !== null;

export const addendumWorkflow = defineWorkflow<AddendumStatus, AddendumRow, "sign" | "withdraw">({
  name: "addendum",
  states: [...UNSIGNED_ADDENDUM, "sealed", "withdrawn"],
  stateOf: (d) => d.status,
  load: selectAddendum,
  // The row lock: two signatures at the same moment take turns, so the second always seals (decision 0023).
  lock: lockAddendum,
  apply: updateAddendumWhere,
  transitions: {
    /**
     * A party signs (the service has checked the fresh password and stores the signature); the second signature
     * seals the addendum (the service draws, seals and stores its PDF in the same transaction).
     */
    sign: {
      from: UNSIGNED_ADDENDUM,
      to: ({ before, input }: { before: AddendumRow; input: AddendumSignInput }) =>
        otherSigned(before, input.side) ? "sealed" : input.side === "buyer" ? "signed_by_buyer" : "signed_by_seller",
      // The signing ability (agreement-abilities.ts): a party, in their own account, never staff.
      can: (actor, d) => signingRefusal(actor, d, "refused") === null,
      forbidden: "Only the buyer and the seller sign an addendum to their agreement, each in their own account.",
      conflict: isNow,
      guard: ({ before, input }: { before: AddendumRow; input: AddendumSignInput }) => {
        if ((input.side === "buyer" ? before.buyerSignedAt : before.sellerSignedAt) !== null) {
          throw new AppError("CONFLICT", `You have already signed ${lower(label(before))}.`);
        }
        if ((ENDED_AGREEMENT as readonly string[]).includes(before.agreementStatus)) {
          throw new AppError(
            "CONFLICT",
            `Agreement ${formatAgreementNumber(before.agreementId)} has ended: ${lower(label(before))} can no longer be signed.`,
          );
        }
      },
      set: ({ before, input }: { before: AddendumRow; input: AddendumSignInput }) => ({
        [input.side === "buyer" ? "buyerSignedAt" : "sellerSignedAt"]: input.now,
        ...(otherSigned(before, input.side) ? { sealedAt: input.now } : {}),
      }),
    },
    withdraw: {
      from: UNSIGNED_ADDENDUM,
      to: "withdrawn",
      can: (actor) => isAdministrator(actor),
      forbidden: "Only an administrator withdraws an addendum.",
      conflict: (d) =>
        d.status === "sealed"
          ? `${label(d)} is signed by both and sealed: it cannot be withdrawn. Write a new addendum to correct it.`
          : isNow(d),
      set: ({ input }: { input: { reason: string } }) => ({ withdrawnAt: new Date(), withdrawReason: input.reason }),
    },
  },
});
