import { href } from "react-router";
import type { Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { parseOrThrow } from "~/lib/action.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { transitionIn } from "~/lib/workflow.server";
import { addendumLabel, drawAddendumPdf } from "~/modules/contracts/contracts-pdf.server";
import { getContractSigningIdentity, sealContract } from "~/modules/contracts/contracts-seal.server";
import { storeSealedDocument } from "~/modules/contracts/contracts.server";
import { formatAgreementNumber, type SignatureStamp } from "~/modules/contracts/contracts.types";
import { isAdministrator, ownSide, type Side } from "~/modules/offers/offers.rules";
import {
  type AddendumRow,
  insertAddendum,
  insertAddendumSignature,
  lockAgreement,
  nextAddendumNumber,
  selectAddenda,
  selectAddendumByNumber,
  selectAddendumSignatures,
  selectOpenAddendum,
  setAddendumDocument,
} from "./addenda.queries.server";
import { ADDENDUM_STATUS_LABELS, addendumWorkflow, ENDED_AGREEMENT, UNSIGNED_ADDENDUM } from "./addendum.workflow";
import { visibleAgreement } from "./agreement-access.server";
import { certificateOf } from "./agreement-contract.server";
import { confirmSigner, oneSigningAtATime, signingState } from "./agreement-signing.server";
import { AGREEMENT_STATUS_LABELS, recordAgreementEvent } from "./agreement.workflow";
import { type AgreementRow, selectAgreementEvents, selectSignatures } from "./agreements.queries.server";
import {
  AddendumRefSchema,
  AgreementIdSchema,
  CreateAddendumSchema,
  SignAddendumSchema,
  WithdrawAddendumSchema,
} from "./agreements.schema";
import { documentPath, mailParties } from "./agreements.server";
import { ADDENDUM_READY_MAIL, ADDENDUM_SEALED_MAIL, ADDENDUM_WITHDRAWN_MAIL } from "./agreements.templates";

/**
 * Addenda (issue 11: "Nobody can change a sealed agreement; corrections are an addendum signed the same way";
 * decision 0036). An administrator writes one to a sealed agreement whose deal is not over, numbered 1, 2, … per
 * agreement, one out for signature at a time; both parties sign it as they signed the agreement (the password again,
 * their own account, the legal name, a drawn or typed signature, their initials); the second signature seals it as
 * its own PDF with the contract's certificate page and seal, which /verify recognises. Before it is sealed an administrator
 * may withdraw it with a reason. Every step is in the agreement's audit trail and the parties' journals, and mailed.
 */

type MailDeps = Pick<Services, "db" | "mailer"> & { config?: Pick<Services["config"], "authUrl"> };
type SignDeps = Pick<Services, "db" | "mailer" | "auth" | "storage" | "config">;

const BOTH: readonly Side[] = ["buyer", "seller"];
const CREATE_REFUSAL = "Only an administrator writes an addendum.";
const SIGN_REFUSAL = "Only the buyer and the seller sign an addendum to their agreement, each in their own account.";

const missing = () => new AppError("NOT_FOUND", "This addendum does not exist.");
const siteLink = (deps: MailDeps, path: string) => `${(deps.config?.authUrl ?? "").replace(/\/$/, "")}${path}`;
const ended = (a: Pick<AgreementRow, "status">) => (ENDED_AGREEMENT as readonly string[]).includes(a.status);

/** The addendum's signing page (the same for both parties). */
export const addendumSignPath = (agreementId: number, number: number) =>
  href("/v2/profile/agreements/:agreementId/addenda/:number/sign", {
    agreementId: String(agreementId),
    number: String(number),
  });

/** Whether an agreement takes a new addendum: signed by both (sealed) and the deal not over. */
export function takesAddendum(a: Pick<AgreementRow, "sealedAt" | "status" | "id">) {
  if (!a.sealedAt) {
    return `Agreement ${formatAgreementNumber(a.id)} is not signed by both sides yet: an addendum corrects a sealed agreement.`;
  }
  if (ended(a)) {
    return `Agreement ${formatAgreementNumber(a.id)} is ${AGREEMENT_STATUS_LABELS[a.status].toLowerCase()}: it takes no more addenda.`;
  }
  return null;
}

const addendumVars = (d: Pick<AddendumRow, "number" | "title">) => ({
  addendum_number: d.number,
  addendum_title: d.title,
});

// ---------------------------------------------------------------------------------------------------------------
// Writing, signing, withdrawing

/** An administrator writes an addendum to a sealed agreement; both parties are asked to sign it. */
export async function createAddendum(deps: MailDeps, args: { actor: Viewer; input: unknown }) {
  if (!isAdministrator(args.actor)) throw new AppError("FORBIDDEN", CREATE_REFUSAL);
  const input = parseOrThrow(CreateAddendumSchema, args.input);
  const done = await deps.db.transaction(async (tx) => {
    // One writer per agreement at a time: the number and the "one open at a time" rule hold under races.
    await lockAgreement(tx, input.agreementId);
    const a = await visibleAgreement(tx, args.actor, input.agreementId);
    const refusal = takesAddendum(a);
    if (refusal) throw new AppError("CONFLICT", refusal);
    const open = await selectOpenAddendum(tx, a.id);
    if (open) {
      throw new AppError(
        "CONFLICT",
        `Addendum ${open.number} to agreement ${formatAgreementNumber(a.id)} is still out for signature: withdraw it, or wait until both parties have signed it, before writing another.`,
      );
    }
    const number = await nextAddendumNumber(tx, a.id);
    const id = await insertAddendum(tx, {
      agreementId: a.id,
      number,
      title: input.title,
      text: input.text,
      createdBy: args.actor.id,
    });
    await recordAgreementEvent(tx, {
      agreement: a,
      actor: args.actor,
      event: "addendum-created",
      sentence: `Addendum ${number} to agreement ${formatAgreementNumber(a.id)} (“${input.title}”) was written and sent to the buyer and the seller to sign (by ${args.actor.name})`,
    });
    return { a, id, number };
  });
  await mailParties(deps, done.a, BOTH, ADDENDUM_READY_MAIL, {
    ...addendumVars({ number: done.number, title: input.title }),
    link: siteLink(deps, addendumSignPath(done.a.id, done.number)),
  });
  return {
    message: `Addendum ${done.number} to agreement ${formatAgreementNumber(done.a.id)} was sent to the buyer and the seller to sign.`,
    agreementId: done.a.id,
    addendumId: done.id,
    number: done.number,
  };
}

/**
 * A party signs an addendum, with the same checks as the agreement's signature (`confirmSigner`): their own account,
 * their password again, the legal name, a drawn or typed signature and their initials, in the audit trail with the IP
 * address and the user agent. The second signature seals it in the same transaction: its PDF drawn, sealed and
 * stored as an `addendum` document (a failure signs nothing and leaves no file behind).
 */
export async function signAddendum(
  deps: SignDeps,
  args: { actor: Viewer; input: unknown; headers: Headers; ipAddress: string | null; userAgent: string | null },
) {
  const input = parseOrThrow(SignAddendumSchema, args.input);
  const a = await visibleAgreement(deps.db, args.actor, input.agreementId);
  const existing = await selectAddendumByNumber(deps.db, a.id, input.number);
  if (!existing) throw missing();
  // One signing of this addendum at a time in this process; "already signed" before the password is counted.
  return oneSigningAtATime(`addendum:${existing.id}`, async () => {
    const now0 = await selectAddendumByNumber(deps.db, a.id, input.number);
    const mySide = ownSide(args.actor, a);
    if (
      now0 &&
      mySide &&
      !args.actor.impersonatedBy &&
      (mySide === "buyer" ? now0.buyerSignedAt : now0.sellerSignedAt)
    ) {
      throw new AppError(
        "CONFLICT",
        `You have already signed addendum ${now0.number} to agreement ${formatAgreementNumber(a.id)}.`,
      );
    }
    const side = await confirmSigner(deps, {
      actor: args.actor,
      parties: a,
      password: input.password,
      headers: args.headers,
      refusal: SIGN_REFUSAL,
    });
    const now = new Date();
    const stored: { key: string | null } = { key: null };
    const done = await deps.db
      .transaction(async (tx) => {
        const r = await transitionIn(tx, addendumWorkflow, existing.id, "sign", {
          actor: args.actor,
          input: { side, now },
        });
        await insertAddendumSignature(tx, {
          addendumId: r.after.id,
          side,
          signerId: args.actor.id,
          legalName: input.legalName,
          method: input.method,
          imagePng: input.method === "drawn" ? (input.imagePng ?? null) : null,
          initials: input.initials,
          ipAddress: args.ipAddress,
          userAgent: args.userAgent,
          signedAt: now,
        });
        const trail = { agreement: a, actor: args.actor, side, ipAddress: args.ipAddress, userAgent: args.userAgent };
        const what = `addendum ${r.after.number} to agreement ${formatAgreementNumber(a.id)}`;
        await recordAgreementEvent(tx, {
          ...trail,
          event: "addendum-initialled",
          sentence: `${input.legalName} (the ${side}) initialled ${what} as “${input.initials}”`,
        });
        await recordAgreementEvent(tx, {
          ...trail,
          event: "addendum-signed",
          sentence: `Addendum ${r.after.number} signed by the ${side}: ${input.legalName} signed ${what} (${input.method === "drawn" ? "drawn signature" : "typed name"})`,
        });
        if (r.after.status !== "sealed") return { addendum: r.after, documentId: null };
        const doc = await sealAddendum(deps, tx, a, r.after);
        stored.key = doc.storageKey;
        await setAddendumDocument(tx, r.after.id, doc.id);
        await recordAgreementEvent(tx, {
          agreement: a,
          actor: null,
          event: "addendum-sealed",
          sentence: `Addendum ${r.after.number} to agreement ${formatAgreementNumber(a.id)} is signed by both sides and sealed (SHA-256 ${doc.sha256.slice(0, 16)}…)`,
        });
        return { addendum: r.after, documentId: doc.id };
      })
      .catch(async (err) => {
        if (stored.key) await deps.storage.delete(stored.key).catch(() => {});
        throw err;
      });
    const d = done.addendum;
    if (done.documentId) {
      await mailParties(deps, a, BOTH, ADDENDUM_SEALED_MAIL, {
        ...addendumVars(d),
        link: siteLink(deps, documentPath(a.id, done.documentId)),
      });
    }
    const other = side === "buyer" ? "seller" : "buyer";
    return {
      message: done.documentId
        ? `You signed addendum ${d.number} to agreement ${formatAgreementNumber(a.id)}. Both sides have signed: the addendum is sealed.`
        : `You signed addendum ${d.number} to agreement ${formatAgreementNumber(a.id)}. It now waits for the ${other}'s signature.`,
      agreementId: a.id,
      number: d.number,
      status: d.status,
      documentId: done.documentId,
    };
  });
}

/**
 * Draws the signed addendum, adds the contract's certificate page (the addendum's signers and its events in the
 * agreement's audit trail) and seal, and stores it (inside the signing transaction).
 */
async function sealAddendum(deps: Pick<Services, "storage" | "config">, tx: Tx, a: AgreementRow, d: AddendumRow) {
  const signatures = await selectAddendumSignatures(tx, d.id);
  // Its events: the addendum steps since it was written (one addendum is open at a time, so they are all its own).
  const events = (await selectAgreementEvents(tx, a.id)).filter(
    (e) => e.event.startsWith("addendum-") && e.createdAt >= d.createdAt,
  );
  // The parties as they signed the agreement.
  const agreementSignatures = await selectSignatures(tx, a.id);
  const partyName = (side: Side) => [
    agreementSignatures.find((s) => s.side === side)?.legalName ?? (side === "buyer" ? "The buyer" : "The seller"),
  ];
  const stamps: Partial<Record<Side, SignatureStamp>> = {};
  for (const s of signatures) {
    stamps[s.side] = {
      legalName: s.legalName,
      method: s.method,
      imagePng: s.imagePng,
      signedAt: s.signedAt,
      initials: [{ section: 1, initials: s.initials, at: s.signedAt }],
    };
  }
  const pdf = await drawAddendumPdf({
    agreementId: a.id,
    number: d.number,
    title: d.title,
    text: d.text,
    createdAt: d.createdAt,
    agreementSealedAt: a.sealedAt,
    buyer: { legalNames: partyName("buyer") },
    seller: { legalNames: partyName("seller") },
    resort: { code: a.resortCode, name: a.resortName },
    points: a.points,
    signatures: stamps,
  });
  const sealed = await sealContract({
    pdfBytes: pdf,
    ...certificateOf(signatures, events),
    sealedAt: d.sealedAt ?? new Date(),
    identity: await getContractSigningIdentity(deps.config),
    document: { noun: "addendum", label: addendumLabel(a.id, d.number) },
  });
  return storeSealedDocument(
    { db: tx, storage: deps.storage },
    {
      agreementId: a.id,
      sealed,
      kind: "addendum",
      fileName: `addendum-${d.number}-${formatAgreementNumber(a.id)}-sealed.pdf`,
    },
  );
}

/** An administrator withdraws an addendum not yet signed by both (default: the one out for signature), with a reason. */
export async function withdrawAddendum(deps: MailDeps, args: { actor: Viewer; input: unknown }) {
  if (!isAdministrator(args.actor)) throw new AppError("FORBIDDEN", "Only an administrator withdraws an addendum.");
  const input = parseOrThrow(WithdrawAddendumSchema, args.input);
  const done = await deps.db.transaction(async (tx) => {
    const a = await visibleAgreement(tx, args.actor, input.agreementId);
    const d = input.number ? await selectAddendumByNumber(tx, a.id, input.number) : await selectOpenAddendum(tx, a.id);
    if (!d) {
      if (input.number) throw missing();
      throw new AppError("CONFLICT", `Agreement ${formatAgreementNumber(a.id)} has no addendum out for signature.`);
    }
    const r = await transitionIn(tx, addendumWorkflow, d.id, "withdraw", {
      actor: args.actor,
      input: { reason: input.reason },
    });
    await recordAgreementEvent(tx, {
      agreement: a,
      actor: args.actor,
      event: "addendum-withdrawn",
      sentence: `Addendum ${d.number} to agreement ${formatAgreementNumber(a.id)} was withdrawn: ${input.reason} (by ${args.actor.name})`,
    });
    return { a, d: r.after };
  });
  await mailParties(deps, done.a, BOTH, ADDENDUM_WITHDRAWN_MAIL, { ...addendumVars(done.d), reason: input.reason });
  return {
    message: `Addendum ${done.d.number} to agreement ${formatAgreementNumber(done.a.id)} was withdrawn; both parties are told.`,
    agreementId: done.a.id,
    number: done.d.number,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/**
 * An agreement's addenda for its page (its parties and administrators; anyone else: the agreement does not exist):
 * each with its state and dates, whether the viewer signs it now, and its sealed PDF once sealed.
 */
export async function listAddendaForViewer(deps: Pick<Services, "db">, args: { actor: Viewer; input: unknown }) {
  const { agreementId } = parseOrThrow(AgreementIdSchema, args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  return addendaForViewer(deps, { actor: args.actor, agreement: a });
}

/**
 * listAddendaForViewer for an agreement its caller has already read for this actor with `visibleAgreement` (the
 * agreement's page, through getAgreementPage): one statement, the addenda.
 */
export async function addendaForViewer(deps: Pick<Services, "db">, args: { actor: Viewer; agreement: AgreementRow }) {
  const { actor, agreement: a } = args;
  const side = ownSide(actor, a);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return (await selectAddenda(deps.db, a.id)).map((d) => {
    const mine = side === "buyer" ? d.buyerSignedAt : side === "seller" ? d.sellerSignedAt : null;
    return {
      number: d.number,
      title: d.title,
      status: d.status,
      statusLabel: ADDENDUM_STATUS_LABELS[d.status],
      createdAt: d.createdAt.toISOString(),
      buyerSignedAt: iso(d.buyerSignedAt),
      sellerSignedAt: iso(d.sellerSignedAt),
      sealedAt: iso(d.sealedAt),
      withdrawnAt: iso(d.withdrawnAt),
      withdrawReason: d.withdrawReason,
      signPath: addendumSignPath(a.id, d.number),
      canSign: !!side && !actor.impersonatedBy && !mine && UNSIGNED_ADDENDUM.includes(d.status) && !ended(a),
      documentPath: d.documentId ? documentPath(a.id, d.documentId) : null,
    };
  });
}

export type AddendumListItem = Awaited<ReturnType<typeof listAddendaForViewer>>[number];

/**
 * The addendum for its signing page: its text, and whether the viewer signs it now (`state`: sign, signed,
 * withdrawn, ended, impersonating, not-a-party). A party's first look is the audit trail's "addendum-opened".
 */
export async function getAddendumForSigning(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: unknown; client?: { ipAddress: string | null; userAgent: string | null } },
) {
  const ref = AddendumRefSchema.safeParse(args.input);
  if (!ref.success) throw missing();
  const a = await visibleAgreement(deps.db, args.actor, ref.data.agreementId);
  const d = await selectAddendumByNumber(deps.db, a.id, ref.data.number);
  if (!d) throw missing();
  const { side, state, signedAt } = await signingState(deps.db, {
    agreement: a,
    actor: args.actor,
    signedAt: { buyer: d.buyerSignedAt, seller: d.sellerSignedAt },
    unsigned:
      d.status === "withdrawn" ? "withdrawn" : ended(a) || !UNSIGNED_ADDENDUM.includes(d.status) ? "ended" : "sign",
    opened: {
      event: "addendum-opened",
      what: `addendum ${d.number} to agreement ${formatAgreementNumber(a.id)}`,
      since: d.createdAt,
    },
    client: args.client,
  });
  const ownSignature = side ? (await selectSignatures(deps.db, a.id)).find((s) => s.side === side) : undefined;
  return {
    agreement: { id: a.id, listingCode: a.listingCode, resortName: a.resortName, points: a.points },
    addendum: {
      number: d.number,
      title: d.title,
      text: d.text,
      statusLabel: ADDENDUM_STATUS_LABELS[d.status],
      withdrawReason: d.withdrawReason,
      documentPath: d.documentId ? documentPath(a.id, d.documentId) : null,
    },
    side,
    state,
    signedAt: signedAt?.toISOString() ?? null,
    // The name they signed the agreement with, else their account's.
    legalName: ownSignature?.legalName ?? args.actor.name,
  };
}
