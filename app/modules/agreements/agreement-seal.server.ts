import { createHash } from "node:crypto";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { logger } from "~/lib/logger.server";
import type { Services } from "~/lib/runtime.server";
import type { Storage } from "~/lib/storage.server";
import { queueJobs, transitionIn } from "~/lib/workflow.server";
import type { SigningIdentity } from "~/lib/pdf-seal.server";
import {
  getContractSigningIdentity,
  type Sealed,
  sealContract,
  verifySealedPdf,
} from "~/modules/contracts/contracts-seal.server";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { isAdministrator } from "~/modules/offers/offers.rules";
import { getAgreementTweaks } from "~/modules/settings/tweaks.server";
import { visibleAgreement } from "./agreement-access.server";
import { certificateOf, contractPdfFor } from "./agreement-contract.server";
import { agreementWorkflow, recordAgreementEvent, SEAL_JOB_ACTOR } from "./agreement.workflow";
import { AGREEMENTS_QUEUES } from "./agreements-queues";
import {
  type AgreementRow,
  insertDocument,
  selectAgreement,
  selectAgreementEvents,
  selectSignatures,
} from "./agreements.queries.server";
import { AgreementIdSchema } from "./agreements.schema";
import { AGREEMENT_SEALED_MAIL } from "./agreements.templates";
import { mailParties } from "./agreements.server";

/**
 * The seal job (decision 0023 amended, 0035 amended): once both parties have signed, the agreement is `sealing` and
 * nobody is told it is sealed until the sealed file is in the storage and reads back intact. Each try seals the
 * contract afresh, stores it, reads it back (same SHA-256, a valid seal with our certificate) and only then, in one
 * transaction, records the file, moves the agreement to `deposit_due` (sealed, the deposit clock starts) and writes
 * the audit trail; the deposit timers are queued and the "sealed" mails sent after that commit. A failed try is in the
 * audit trail with its error and is retried by pg-boss with a growing delay; after `SEAL_TRIES` failed tries the job
 * stops and the administrators are told (their notifications; the deal page shows the error and a "Retry sealing").
 */

/** Failed tries before the job gives up and an administrator is asked to look (pg-boss allows one more). */
export const SEAL_TRIES = 5;

export type SealDeps = Pick<Services, "db" | "mailer" | "storage" | "config"> & {
  jobs?: Pick<Services["jobs"], "send">;
};

const BOTH = ["buyer", "seller"] as const;

export function sealJobOf(data: unknown): { agreementId: number } | null {
  const id = (data as { agreementId?: unknown } | null)?.agreementId;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? { agreementId: id } : null;
}

async function readAll(storage: Storage, key: string) {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Stores the sealed file and reads it back: the same bytes (SHA-256) and a seal that verifies, or it throws. */
async function storeAndCheck(
  storage: Storage,
  key: string,
  sealed: Sealed,
  agreementId: number,
  identity: SigningIdentity,
) {
  await storage.put(key, sealed.bytes, "application/pdf");
  const back = await readAll(storage, key);
  if (!back) throw new Error(`the sealed file ${key} is not in the storage after it was written`);
  const sha256 = createHash("sha256").update(back).digest("hex");
  if (sha256 !== sealed.sha256) throw new Error(`the sealed file ${key} reads back changed (SHA-256 ${sha256})`);
  const check = await verifySealedPdf(back, async () => ({ agreementId, sealedAt: sealed.sealedAt }), { identity });
  if (!check.valid) throw new Error(`the sealed file ${key} does not verify: ${check.message}`);
}

/**
 * One try of the seal job. Does nothing when the agreement is not `sealing` (sealed already, cancelled): a repeated or
 * late job is harmless. Throws when the file could not be stored or checked (the job then retries).
 */
export async function sealAgreementContract(deps: SealDeps, agreementId: number): Promise<"sealed" | "not-sealing"> {
  const a = await selectAgreement(deps.db, agreementId);
  if (a?.status !== "sealing") return "not-sealing";
  const tweaks = await getAgreementTweaks(deps.db);
  const identity = await getContractSigningIdentity(deps.config);
  const sealedAt = new Date();
  const sealed = await sealContract({
    pdfBytes: await contractPdfFor(deps.db, a),
    ...certificateOf(await selectSignatures(deps.db, a.id), await selectAgreementEvents(deps.db, a.id)),
    agreementNumber: formatAgreementNumber(a.id),
    sealedAt,
    identity,
  });
  const key = `agreements/${a.id}/sealed-${sealed.sha256.slice(0, 16)}.pdf`;
  let result: Awaited<ReturnType<typeof transitionIn<AgreementRow["status"], AgreementRow, "seal">>>;
  try {
    await storeAndCheck(deps.storage, key, sealed, a.id, identity);
    result = await deps.db.transaction(async (tx) => {
      const r = await transitionIn(tx, agreementWorkflow, a.id, "seal", {
        actor: SEAL_JOB_ACTOR,
        input: { sealedAt, depositDueAt: new Date(sealedAt.getTime() + tweaks.depositHours * 3_600_000) },
      });
      await insertDocument(tx, {
        agreementId: a.id,
        kind: "sealed_contract",
        storageKey: key,
        fileName: `contract-${formatAgreementNumber(a.id)}-sealed.pdf`,
        contentType: "application/pdf",
        byteSize: sealed.bytes.byteLength,
        sha256: sealed.sha256,
        uploadedBy: null,
        sealedAt,
      });
      await recordAgreementEvent(tx, {
        agreement: r.after,
        actor: null,
        event: "sealed",
        sentence: `Agreement ${formatAgreementNumber(a.id)} is signed by both sides and sealed; the deposit is due by ${formatDateTimeEastern(r.after.depositDueAt ?? sealedAt)}`,
      });
      await recordAgreementEvent(tx, {
        agreement: r.after,
        actor: null,
        event: "contract-sealed",
        sentence: `The signed contract of agreement ${formatAgreementNumber(a.id)} was sealed (SHA-256 ${sealed.sha256.slice(0, 16)}…)`,
      });
      return r;
    });
  } catch (err) {
    // Nothing refers to a file whose row was not written.
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  await queueJobs(deps, agreementWorkflow, "seal", result);
  await mailParties(deps, result.after, BOTH, AGREEMENT_SEALED_MAIL);
  return "sealed";
}

/** The failed tries since sealing began (or since an administrator's last "Retry sealing"), newest last. */
export async function sealFailuresOf(db: SealDeps["db"], agreementId: number) {
  const events = await selectAgreementEvents(db, agreementId);
  const retried = events.findLastIndex((e) => e.event === "seal-retried");
  return events.slice(retried + 1).filter((e) => e.event === "seal-failed");
}

const errorWords = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").slice(0, 300) || "unknown error";

/**
 * The seal job's handler: one try; a failure is written to the audit trail (with its error) and thrown so pg-boss
 * retries it with backoff, until the `SEAL_TRIES`th failure: then the administrators are told and the job stops.
 */
export async function runSealJob(deps: SealDeps, data: unknown) {
  const job = sealJobOf(data);
  if (!job) return;
  try {
    await sealAgreementContract(deps, job.agreementId);
  } catch (err) {
    logger.error({ err, agreementId: job.agreementId }, "agreement contract not sealed: the seal job retries");
    const a = await selectAgreement(deps.db, job.agreementId);
    if (a?.status !== "sealing") throw err;
    const tries = (await sealFailuresOf(deps.db, a.id)).length + 1;
    const stuck = tries >= SEAL_TRIES;
    await deps.db.transaction(async (tx) => {
      await recordAgreementEvent(tx, {
        agreement: a,
        actor: null,
        event: "seal-failed",
        sentence: `Sealing agreement ${formatAgreementNumber(a.id)} failed (try ${tries} of ${SEAL_TRIES}): ${errorWords(err)}`,
        journal: false,
      });
      if (stuck) {
        await notifyAdmins(tx, {
          type: "listing",
          user: "Agreements",
          role: "system",
          user_uniqid: "",
          notification: `The contract of agreement ${formatAgreementNumber(a.id)} (listing ${a.listingCode}) could not be sealed after ${SEAL_TRIES} tries: ${errorWords(err).replace(/\.$/, "")}. Retry sealing on its deal page.`,
          agreement_id: a.id,
          listing_code: a.listingCode,
        });
      }
    });
    if (!stuck) throw err;
  }
}

/** Where sealing stands for the back office: null unless the agreement is `sealing`. */
export async function sealStateOf(db: SealDeps["db"], a: AgreementRow) {
  if (a.status !== "sealing") return null;
  const failures = await sealFailuresOf(db, a.id);
  const last = failures.at(-1);
  return {
    tries: failures.length,
    stuck: failures.length >= SEAL_TRIES,
    error: last?.note ?? null,
    failedAt: last?.createdAt.toISOString() ?? null,
  };
}

/**
 * An administrator retries a stuck seal: the audit trail says who, the tries count from zero again and the seal job
 * is queued. Only while the agreement is `sealing`.
 */
export async function retrySeal(
  deps: Pick<Services, "db"> & { jobs: Pick<Services["jobs"], "send"> },
  args: { actor: Viewer; input: unknown },
) {
  if (!isAdministrator(args.actor) || args.actor.impersonatedBy) {
    throw new AppError("FORBIDDEN", "Only administrators retry sealing a contract.");
  }
  const parsed = AgreementIdSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("NOT_FOUND", "This agreement does not exist.");
  const a = await visibleAgreement(deps.db, args.actor, parsed.data.agreementId);
  if (a.status !== "sealing") {
    throw new AppError("CONFLICT", `Agreement ${formatAgreementNumber(a.id)} is not waiting to be sealed.`);
  }
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor: args.actor,
      event: "seal-retried",
      sentence: `${args.actor.name} asked to seal agreement ${formatAgreementNumber(a.id)} again`,
      journal: false,
    }),
  );
  await deps.jobs.send(AGREEMENTS_QUEUES.seal, { agreementId: a.id });
  return { message: `Agreement ${formatAgreementNumber(a.id)} is being sealed again.` };
}
