import { formatAgreementNumber } from "~/lib/format";
import type { Viewer } from "~/auth/abilities";
import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { defineWorkflow } from "~/lib/workflow.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { isAdministrator, ownSide, type Side } from "~/modules/offers/offers.rules";
import { signingRefusal } from "./agreement-abilities";
import { AGREEMENTS_QUEUES } from "./agreements-queues";
import {
  type AgreementRow,
  type AgreementStatus,
  insertAgreementEvent,
  lockAgreement,
  selectAgreement,
  updateAgreementWhere,
} from "./agreements.queries.server";

/**
 * The agreement's lifecycle (issue 11, decision 0034), declared once: signing by both sides (the contract is then
 * sealed and the deposit falls due), the deposit received, the developer's right of first refusal (ROFR) submitted and
 * answered, estoppel, closing documents, closed; or cancelled by an administrator from any open state. The parties
 * sign; every later step is the back office's (administrators), who are named in the audit trail and the journal.
 */

export const OPEN_AGREEMENT: readonly AgreementStatus[] = [
  "created",
  "out_for_signature",
  "signed_by_buyer",
  "signed_by_seller",
  "sealing",
  "deposit_due",
  "deposit_received",
  "rofr_submitted",
  "rofr_waived",
  "estoppel_received",
  "closing_documents_out",
];
const UNSIGNED: readonly AgreementStatus[] = ["out_for_signature", "signed_by_buyer", "signed_by_seller"];

/** The words for each state, for pages, tables and mails. */
export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  created: "Contract being prepared",
  out_for_signature: "Out for signature",
  signed_by_buyer: "Signed by the buyer",
  signed_by_seller: "Signed by the seller",
  sealing: "Signed by both; the contract is being sealed",
  deposit_due: "Signed; deposit due",
  deposit_received: "Deposit received",
  rofr_submitted: "Submitted for ROFR",
  rofr_waived: "ROFR waived",
  rofr_exercised: "ROFR exercised (bought back)",
  estoppel_received: "Estoppel received",
  closing_documents_out: "Closing documents out",
  closed: "Closed",
  cancelled: "Cancelled",
};

/**
 * The back office's agreement tables (SPEC: agreements, ROFR, closing, closed), by stage: each state belongs to one.
 */
export const AGREEMENT_TABLES = [
  {
    value: "agreements",
    label: "Signing and deposit",
    states: [
      "created",
      "out_for_signature",
      "signed_by_buyer",
      "signed_by_seller",
      "sealing",
      "deposit_due",
      "deposit_received",
    ],
  },
  { value: "rofr", label: "ROFR", states: ["rofr_submitted"] },
  { value: "closing", label: "Closing", states: ["rofr_waived", "estoppel_received", "closing_documents_out"] },
  { value: "closed", label: "Closed", states: ["closed"] },
  { value: "ended", label: "Bought back or cancelled", states: ["rofr_exercised", "cancelled"] },
] as const satisfies readonly { value: string; label: string; states: readonly AgreementStatus[] }[];

/** An agreement's audit-trail event and the journal sentence that goes with it. */
export async function recordAgreementEvent(
  tx: Tx,
  e: {
    agreement: AgreementRow;
    actor: Viewer | null;
    event: string;
    sentence: string;
    side?: Side | null;
    section?: number | null;
    ipAddress?: string | null;
    userAgent?: string | null;
    /** False for an event kept only in the agreement's own trail (a section read), not in the parties' journals. */
    journal?: boolean;
  },
) {
  const forOther =
    e.actor && e.side && isAdministrator(e.actor) && ownSide(e.actor, e.agreement) !== e.side ? e.side : null;
  await insertAgreementEvent(tx, {
    agreementId: e.agreement.id,
    event: e.event,
    section: e.section ?? null,
    actorId: e.actor?.id ?? null,
    onBehalfOf: forOther,
    ipAddress: e.ipAddress ?? null,
    userAgent: e.userAgent ?? null,
    note: e.sentence,
  });
  if (e.journal === false) return;
  for (const userId of new Set([e.agreement.buyerId, e.agreement.sellerId].filter((x): x is string => !!x))) {
    await recordActivity(tx, {
      userId,
      actor: e.actor,
      kind: "agreement.event",
      facts: { sentence: e.sentence },
      data: { agreementId: e.agreement.id, listingCode: e.agreement.listingCode, event: e.event },
    });
  }
}

const backOffice = (actor: Viewer) => isAdministrator(actor);
const BACK_OFFICE_ONLY = "Only the back office (administrators) takes this step of an agreement.";
const label = (a: AgreementRow) => `Agreement ${formatAgreementNumber(a.id)} (listing ${a.listingCode})`;
const isNow = (a: AgreementRow) => `${label(a)} is ${AGREEMENT_STATUS_LABELS[a.status].toLowerCase()}.`;

/** An event written by a transition's effects: the step's sentence, with the administrator who took it. */
const step =
  (event: string, sentence: (a: AgreementRow, input: any) => string) =>
  async (ctx: { tx: Tx; actor: Viewer; input: any; after: AgreementRow }) => {
    await recordAgreementEvent(ctx.tx, {
      agreement: ctx.after,
      actor: ctx.actor,
      event,
      sentence: `${sentence(ctx.after, ctx.input)} (by ${ctx.actor.name})`,
    });
  };

const timer = (a: AgreementRow, queue: string, at: Date) => ({
  queue,
  data: { agreementId: a.id, status: a.status },
  startAfter: at,
});

const HOUR = 3_600_000;
/** Signing reminders: 48 hours after the contract goes out or one side signs. */
export const SIGNING_REMINDER_HOURS = 48;
/** ROFR follow-up: 30 days after the submission (DOMAIN.md: the answer takes 20-30 days, rarely 45). */
export const ROFR_FOLLOW_UP_DAYS = 30;

export type SignInput = { side: Side; now: Date };
export type SealInput = { sealedAt: Date; depositDueAt: Date };

/**
 * Who takes the `seal` step: the seal job, never a person. The transition asks for this very viewer, so no request
 * can take it.
 */
export const SEAL_JOB_ACTOR: Viewer = {
  id: "system:seal-job",
  name: "Vacation Points Market",
  email: "",
  role: "buyer",
  staffRole: null,
  userUniqid: "system",
  emailVerified: true,
  impersonatedBy: null,
};

/** The seal job's queue (agreements-queues.ts); data `{ agreementId }`. */
const sealJob = (a: AgreementRow) => ({ queue: AGREEMENTS_QUEUES.seal, data: { agreementId: a.id } });

export const agreementWorkflow = defineWorkflow<
  AgreementStatus,
  AgreementRow,
  | "send"
  | "sign"
  | "seal"
  | "reportDepositSent"
  | "receiveDeposit"
  | "submitRofr"
  | "waiveRofr"
  | "exerciseRofr"
  | "receiveEstoppel"
  | "sendClosingDocuments"
  | "close"
  | "cancel"
>({
  name: "agreement",
  states: [...OPEN_AGREEMENT, "rofr_exercised", "closed", "cancelled"],
  stateOf: (a) => a.status,
  load: selectAgreement,
  // The row lock: two signatures at the same moment take turns, so the second always sees the first (decision 0023).
  lock: lockAgreement,
  apply: updateAgreementWhere,
  transitions: {
    /** The contract goes to both parties to sign (send-sign-email); sending again re-sends the mails. */
    send: {
      from: ["created", "out_for_signature"],
      to: "out_for_signature",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: isNow,
      set: ({ input }: { input: { titleCompanyId: number | null; depositCents: number } }) => ({
        sentForSignatureAt: new Date(),
        titleCompanyId: input.titleCompanyId,
        depositCents: input.depositCents,
      }),
      effects: step("sent", (a) => `${label(a)} was sent to the buyer and the seller to sign`),
      jobs: ({ after }) => [
        timer(after, AGREEMENTS_QUEUES.signingReminder, new Date(Date.now() + SIGNING_REMINDER_HOURS * HOUR)),
      ],
    },
    /**
     * A party signs (the service has checked the fresh confirmation and stores the signature in the same
     * transaction). The second signature moves to `sealing` and queues the seal job; the contract is sealed, and the
     * deposit clock starts, only once the sealed file is stored and verified (`seal`).
     */
    sign: {
      from: UNSIGNED,
      to: ({ before, input }: { before: AgreementRow; input: SignInput }) =>
        (input.side === "buyer" ? before.sellerSignedAt : before.buyerSignedAt)
          ? "sealing"
          : input.side === "buyer"
            ? "signed_by_buyer"
            : "signed_by_seller",
      // The signing ability (agreement-abilities.ts): a party, in their own account, never staff.
      can: (actor, a) => signingRefusal(actor, a, "refused") === null,
      forbidden: "Only the buyer and the seller sign their agreement, each in their own account.",
      conflict: (a) =>
        a.status === "sealing" || OPEN_AGREEMENT.indexOf(a.status) > OPEN_AGREEMENT.indexOf("sealing")
          ? `Agreement ${formatAgreementNumber(a.id)} is already signed by both sides.`
          : isNow(a),
      guard: ({ before, input }: { before: AgreementRow; input: SignInput }) => {
        if ((input.side === "buyer" ? before.buyerSignedAt : before.sellerSignedAt) !== null) {
          throw new AppError("CONFLICT", `You have already signed agreement ${formatAgreementNumber(before.id)}.`);
        }
      },
      set: ({ input }: { input: SignInput }) => ({
        [input.side === "buyer" ? "buyerSignedAt" : "sellerSignedAt"]: input.now,
      }),
      jobs: ({ after }) =>
        after.status === "sealing"
          ? [sealJob(after)]
          : [timer(after, AGREEMENTS_QUEUES.signingReminder, new Date(Date.now() + SIGNING_REMINDER_HOURS * HOUR))],
    },
    /**
     * The seal job stored the sealed contract and read it back intact: the contract is sealed and the deposit falls
     * due (its reminder halfway, the escalation at the deadline).
     */
    seal: {
      from: ["sealing"],
      to: "deposit_due",
      can: (actor) => actor.id === SEAL_JOB_ACTOR.id,
      forbidden: "Only the seal job seals a contract.",
      conflict: isNow,
      set: ({ input }: { input: SealInput }) => ({ sealedAt: input.sealedAt, depositDueAt: input.depositDueAt }),
      jobs: ({ after }) =>
        after.depositDueAt
          ? [
              timer(
                after,
                AGREEMENTS_QUEUES.depositReminder,
                new Date((after.depositDueAt.getTime() + (after.sealedAt ?? new Date()).getTime()) / 2),
              ),
              timer(after, AGREEMENTS_QUEUES.depositOverdue, after.depositDueAt),
            ]
          : [],
    },
    /**
     * The buyer says the deposit was wired (the back office then checks with the title company and marks it
     * received). The state stays `deposit_due`; the report is taken once (the row lock makes the second report read
     * the first), with its audit event and the administrators' notification in the same transaction.
     */
    reportDepositSent: {
      from: ["deposit_due"],
      to: "deposit_due",
      can: (actor, a) => ownSide(actor, a) === "buyer" || isAdministrator(actor),
      forbidden: "Only the buyer says when the deposit was sent.",
      conflict: (a) =>
        OPEN_AGREEMENT.indexOf(a.status) < OPEN_AGREEMENT.indexOf("deposit_due")
          ? `Agreement ${formatAgreementNumber(a.id)} is not signed by both sides yet: no deposit is due.`
          : `The deposit for agreement ${formatAgreementNumber(a.id)} is already received.`,
      guard: ({ before }: { before: AgreementRow }) => {
        if (before.depositSentAt) {
          throw new AppError("CONFLICT", "We already know the deposit was sent; the title company confirms it next.");
        }
      },
      set: () => ({ depositSentAt: new Date() }),
      effects: async ({ tx, actor, after }) => {
        await recordAgreementEvent(tx, {
          agreement: after,
          actor,
          side: "buyer",
          event: "deposit-sent",
          sentence: `The buyer reported the deposit for agreement ${formatAgreementNumber(after.id)} as wired`,
        });
        await notifyAdmins(tx, {
          type: "listing",
          user: actor.name,
          role: actor.role,
          user_uniqid: actor.userUniqid,
          notification: `${actor.name} wired the deposit for agreement ${formatAgreementNumber(after.id)} (listing ${after.listingCode}): check with the title company and mark it received.`,
          agreement_id: after.id,
          listing_code: after.listingCode,
        });
      },
    },
    /** make-deposit: the title company has the buyer's deposit in escrow. */
    receiveDeposit: {
      from: ["deposit_due"],
      to: "deposit_received",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: (a) =>
        UNSIGNED.includes(a.status) || a.status === "created"
          ? `${label(a)} is not signed by both sides yet: no deposit is due.`
          : isNow(a),
      set: () => ({ depositReceivedAt: new Date() }),
      effects: step("deposit-received", (a) => `The deposit for ${label(a)} was received in escrow`),
    },
    /** The contract goes to the developer for its right of first refusal, on the date given. */
    submitRofr: {
      from: ["deposit_received"],
      to: "rofr_submitted",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: (a) =>
        a.status === "deposit_due"
          ? `${label(a)} waits for the deposit: submit it for ROFR once it is received.`
          : isNow(a),
      set: ({ input }: { input: { submittedAt: Date } }) => ({ rofrSubmittedAt: input.submittedAt }),
      effects: step(
        "rofr-submitted",
        (a, input) =>
          `${label(a)} was submitted to the developer for ROFR on ${(input.submittedAt as Date).toISOString().slice(0, 10)}`,
      ),
      jobs: ({ after }) => [
        timer(
          after,
          AGREEMENTS_QUEUES.rofrFollowUp,
          new Date((after.rofrSubmittedAt ?? new Date()).getTime() + ROFR_FOLLOW_UP_DAYS * 24 * HOUR),
        ),
      ],
    },
    waiveRofr: {
      from: ["rofr_submitted"],
      to: "rofr_waived",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: isNow,
      set: () => ({ rofrAnsweredAt: new Date(), rofrResult: "waived" }),
      effects: step("rofr-waived", (a) => `The developer waived its right of first refusal on ${label(a)}`),
    },
    /** The developer buys the contract on the same terms: the deal ends, the deposit is refunded (buy-back). */
    exerciseRofr: {
      from: ["rofr_submitted"],
      to: "rofr_exercised",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: isNow,
      set: () => ({ rofrAnsweredAt: new Date(), rofrResult: "exercised" }),
      effects: step(
        "rofr-exercised",
        (a) => `The developer exercised its right of first refusal on ${label(a)}: the buyer's deposit is refunded`,
      ),
    },
    receiveEstoppel: {
      from: ["rofr_waived"],
      to: "estoppel_received",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: (a) =>
        a.status === "rofr_submitted" ? `${label(a)} waits for the developer's ROFR answer.` : isNow(a),
      set: () => ({ estoppelReceivedAt: new Date() }),
      effects: step("estoppel-received", (a) => `The estoppel for ${label(a)} was received from the developer`),
    },
    sendClosingDocuments: {
      from: ["estoppel_received"],
      to: "closing_documents_out",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: isNow,
      set: () => ({ closingDocumentsSentAt: new Date() }),
      effects: step("closing-documents-sent", (a) => `The closing documents for ${label(a)} were sent to both parties`),
    },
    /** The deed is recorded and the points transferred (the service checks the recorded deed is uploaded). */
    close: {
      from: ["closing_documents_out"],
      to: "closed",
      can: backOffice,
      forbidden: BACK_OFFICE_ONLY,
      conflict: (a) =>
        OPEN_AGREEMENT.includes(a.status)
          ? `${label(a)} cannot close before its closing documents are out (now: ${AGREEMENT_STATUS_LABELS[a.status].toLowerCase()}).`
          : isNow(a),
      set: () => ({ closedAt: new Date() }),
      effects: step("closed", (a) => `${label(a)} closed: the deed is recorded and the points transferred`),
    },
    cancel: {
      from: OPEN_AGREEMENT,
      to: "cancelled",
      can: backOffice,
      forbidden: "Only an administrator cancels an agreement.",
      conflict: isNow,
      set: ({ input }: { input: { reason: string } }) => ({ cancelledAt: new Date(), cancelReason: input.reason }),
      effects: step("cancelled", (a, input) => `${label(a)} was cancelled: ${input.reason}`),
    },
  },
});
