import type { Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { confirmPassword } from "~/modules/accounts/auth-password-confirm.server";
import { type OfferParties, ownSide, type Side } from "~/modules/offers/offers.rules";
import { signingRefusal, STAFF_CANNOT_SIGN } from "./agreement-abilities";
import { recordAgreementEvent } from "./agreement.workflow";
import { type AgreementRow, selectAgreementEvents } from "./agreements.queries.server";

/**
 * Who may sign, before anything else is checked (the agreement's and an addendum's): the signing ability
 * (`agreement-abilities.ts`: their own side, in their own account, never staff). Returns their side.
 */
export function signerSide(actor: Viewer, parties: OfferParties, refusal: string): Side {
  const refused = signingRefusal(actor, parties, refusal);
  const side = ownSide(actor, parties);
  if (refused || !side) throw new AppError("FORBIDDEN", refused ?? refusal);
  return side;
}

/**
 * The checks before a party signs, the same for the agreement and for an addendum to it: `signerSide`, and they
 * entered their password again (the confirmation the security settings use, with its count of wrong passwords).
 * Returns their side. Call it last, after every check that needs no password: a refusal then costs no attempt.
 */
export async function confirmSigner(
  deps: Pick<Services, "db" | "auth">,
  args: { actor: Viewer; parties: OfferParties; password: string; headers: Headers; refusal: string },
): Promise<Side> {
  const side = signerSide(args.actor, args.parties, args.refusal);
  await confirmPassword(deps, { actor: args.actor, input: { password: args.password }, headers: args.headers });
  return side;
}

const signing = new Map<string, Promise<unknown>>();

/**
 * Runs the signings of one document one after the other in this process (`key`: the agreement or addendum). A party
 * who presses Sign several times at once (or both parties at the same moment) then get one signature and "already
 * signed" for the rest, told before their password is counted: concurrent password checks of one account would
 * otherwise pass the confirmation's limit and lock a signer out with the right password. Across processes the row
 * lock of the signing transaction keeps the outcome right (decision 0023).
 */
export async function oneSigningAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = signing.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  signing.set(key, settled);
  try {
    return await mine;
  } finally {
    if (signing.get(key) === settled) signing.delete(key);
  }
}

/** Compares legal names as people type them: case, surrounding and repeated spaces do not matter. */
export const sameLegalName = (a: string, b: string) => {
  const norm = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-US");
  return norm(a) === norm(b);
};

/** The refusal when the typed legal name is not the party's name on the document (422, nothing written). */
export function refuseOtherLegalName(typed: string, expected: string, side: Side, what: string) {
  if (sameLegalName(typed, expected)) return;
  const message = `The name you typed is not the ${side}'s legal name on ${what}: type “${expected}”, as the contract prints it. If that name is wrong, correct it in your profile first.`;
  throw new AppError("UNPROCESSABLE", message, { legalName: [message] });
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
  const staff = side && signingRefusal(args.actor, args.agreement, "") === STAFF_CANNOT_SIGN;
  const state = !side
    ? "not-a-party"
    : args.actor.impersonatedBy
      ? "impersonating"
      : staff
        ? "staff"
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
