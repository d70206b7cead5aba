import type { Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { confirmPassword } from "~/modules/accounts/auth-password-confirm.server";
import { type OfferParties, ownSide, type Side } from "~/modules/offers/offers.rules";
import { recordAgreementEvent } from "./agreement.workflow";
import { type AgreementRow, selectAgreementEvents } from "./agreements.queries.server";

/**
 * The checks before a party signs, the same for the agreement and for an addendum to it: it is their own side, in
 * their own account (never while an administrator impersonates them: `refusal`), and they entered their password
 * again (the confirmation the security settings use, with its count of wrong passwords). Returns their side.
 */
export async function confirmSigner(
  deps: Pick<Services, "db" | "auth">,
  args: { actor: Viewer; parties: OfferParties; password: string; headers: Headers; refusal: string },
): Promise<Side> {
  const side = ownSide(args.actor, args.parties);
  if (!side || args.actor.impersonatedBy) throw new AppError("FORBIDDEN", args.refusal);
  await confirmPassword(deps, { actor: args.actor, input: { password: args.password }, headers: args.headers });
  return side;
}

/**
 * Where the viewer stands on a signing page (the contract's, an addendum's): not a party, an administrator
 * impersonating the party, signed already, or else `unsigned`, the document's own word ("sign" when it is out for
 * signature). A party's first look at a page they are to sign now is the audit trail's `opened.event` ("The buyer
 * opened <what> to sign it"), written once per person (counted from `opened.since`).
 */
export async function signingState<S extends string>(
  db: Db,
  args: {
    agreement: AgreementRow;
    actor: Viewer;
    signedAt: Record<Side, Date | null>;
    unsigned: S;
    opened: { event: string; what: string; since?: Date };
    client?: { ipAddress: string | null; userAgent: string | null };
  },
) {
  const side = ownSide(args.actor, args.agreement);
  const signedAt = side ? args.signedAt[side] : null;
  const state = !side
    ? "not-a-party"
    : args.actor.impersonatedBy
      ? "impersonating"
      : signedAt
        ? "signed"
        : args.unsigned;
  if (state === "sign" && side) {
    const { event, since } = args.opened;
    const seen = (await selectAgreementEvents(db, args.agreement.id)).some(
      (x) => x.event === event && x.actorId === args.actor.id && (!since || x.createdAt >= since),
    );
    if (!seen) {
      await db.transaction((tx) =>
        recordAgreementEvent(tx, {
          agreement: args.agreement,
          actor: args.actor,
          side,
          event,
          sentence: `The ${side} opened ${args.opened.what} to sign it`,
          ipAddress: args.client?.ipAddress ?? null,
          userAgent: args.client?.userAgent ?? null,
        }),
      );
    }
  }
  return { side, state, signedAt };
}
