import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import {
  adminNotifications,
  agreementDocuments,
  agreements,
  listings,
  mailOutbox,
  userNotifications,
} from "~/db/schema";
import { AppError } from "~/lib/errors";
import { formatAgreementNumber } from "~/lib/format";
import { STORAGE_WRITE_FAILED, type Storage } from "~/lib/storage.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { listResource, resolveResource } from "~/modules/admin/resource-engine.server";
import { getAgreementDealForStaff } from "~/modules/agreements/agreement-deal.server";
import { retrySeal, SEAL_TRIES } from "~/modules/agreements/agreement-seal.server";
import { AGREEMENTS_QUEUES } from "~/modules/agreements/agreements-queues";
import {
  getAgreementPage,
  sendAgreementForSignature,
  signAgreement,
  takeAgreementStep,
} from "~/modules/agreements/agreements.server";
import { verifyContractFile } from "~/modules/contracts/contracts.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD, giveAddress, viewerOf } from "../factories";
import { sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 28: the seal exists before anyone is told it does. The seal job stores the sealed contract, reads it back and
 * checks it; only then is the agreement sealed (deposit due) and the parties told. Storage faults are retried.
 */
const services = await startTestServices();
const db = services.db;
const SEAL = AGREEMENTS_QUEUES.seal;
const realStorage = services.storage;

const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin" }));

async function aParty(role: "buyer" | "seller") {
  const row = await buildUser(db, { role });
  await giveAddress(db, row.id);
  const cookie = await sessionCookieFor(services, row.email, FACTORY_PASSWORD);
  return { row, viewer: viewerOf(row), headers: new Headers({ cookie, origin: "http://localhost:3000" }) };
}
const seller = await aParty("seller");
const buyer = await aParty("buyer");

const sign = (who: { viewer: Viewer; headers: Headers }, agreementId: number) =>
  signAgreement(services, {
    actor: who.viewer,
    headers: who.headers,
    ipAddress: "203.0.113.7",
    userAgent: "Seal test",
    input: {
      agreementId,
      legalName: who.viewer.name,
      method: "typed",
      initials: ["AB", "AB", "AB", "AB"],
      password: FACTORY_PASSWORD,
      sellerForeign: "no",
      sellerStateResident: "yes",
    },
  });

/** An agreement both parties have signed: `sealing`. */
async function signedByBoth() {
  const listing = await buildListing(db, { seller: seller.row, points: 160, pricePerPointCents: 15000 });
  const offer = await buildOffer(db, { listing, buyer: buyer.row, pricePerPointCents: 15000 });
  const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  await sendAgreementForSignature(services, { actor: admin, input: { agreementId } });
  await sign(buyer, agreementId);
  const second = await sign(seller, agreementId);
  expect(second.status).toBe("sealing");
  expect(second.message).not.toMatch(/is sealed/);
  return agreementId;
}

/** A storage whose first `failures` writes fail (as a full disk or a bucket that is down does); then the real one. */
function failingStorage(failures: number) {
  const state = { writes: 0, storedAt: null as Date | null };
  const storage: Storage = {
    ...realStorage,
    async put(key, body, type) {
      state.writes++;
      if (state.writes <= failures) throw new AppError("UNAVAILABLE", STORAGE_WRITE_FAILED);
      await realStorage.put(key, body, type);
      state.storedAt ??= new Date();
    },
  };
  return { storage, state };
}

const sealJob = APP_PARTS.jobs.find((j) => j.queue === SEAL);
if (!sealJob) throw new Error("no seal job");

/**
 * One try of the seal job as a worker runs it: done, or failed (pg-boss keeps it for a retry with its backoff, which
 * the test makes due now instead of waiting).
 */
async function runSealOnce(agreementId: number): Promise<"done" | "failed" | "none"> {
  const jobs = await services.jobs.boss.fetch(SEAL, { batchSize: 1 });
  const job = jobs[0];
  if (!job) return "none";
  expect(job.data).toEqual({ agreementId });
  try {
    await sealJob?.run(job.data, {
      db,
      mailer: services.mailer,
      sms: services.sms,
      siteUrl: services.config.authUrl,
      storage: services.storage,
      config: services.config,
      jobs: services.jobs,
    });
    await services.jobs.boss.complete(SEAL, job.id);
    return "done";
  } catch (err) {
    await services.jobs.boss.fail(SEAL, job.id, { message: String(err) });
    const [retry] = await services.jobs.boss.findJobs(SEAL, { id: job.id });
    expect(retry?.state).toBe("retry");
    await db.execute(sql`update pgboss.job set start_after = now() where name = ${SEAL} and state = 'retry'`);
    return "failed";
  }
}

const row = async (id: number) => (await db.select().from(agreements).where(eq(agreements.id, id)))[0];
const codeOf = async (id: number) =>
  (
    await db
      .select({ code: listings.listingCode })
      .from(listings)
      .where(eq(listings.id, (await row(id)).listingId))
  )[0].code;
/** The "signed by both sides and sealed" mails of this agreement (its listing's code is in the subject). */
async function sealedMails(id: number) {
  const code = await codeOf(id);
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "agreement-sealed"));
  return rows.filter((m) => m.subject.endsWith(`listing ${code}`));
}
/** The same news in the parties' notifications (the bell). */
async function sealedNotifications(id: number) {
  const code = await codeOf(id);
  const rows = await db.select().from(userNotifications);
  return rows.filter((n) => n.title === `Purchase agreement signed by both sides: listing ${code}`);
}

async function storedFileVerifies(agreementId: number) {
  const [doc] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "sealed_contract")));
  const file = await realStorage.get(doc.storageKey);
  const chunks: Buffer[] = [];
  for await (const c of file?.body ?? []) chunks.push(Buffer.from(c));
  return verifyContractFile(services, { bytes: new Uint8Array(Buffer.concat(chunks)) });
}

describe("the seal job", () => {
  it("retries a storage that fails twice; the agreement is sealed, and anyone told so, only once the file is stored", async () => {
    const faulty = failingStorage(2);
    services.storage = faulty.storage;
    try {
      const agreementId = await signedByBoth();
      // While sealing, the parties see it: both signed, the contract is being sealed.
      const page = await getAgreementPage(services, { actor: buyer.viewer, input: { agreementId } });
      expect(page.statusLabel).toBe("Signed by both; the contract is being sealed");
      expect(page.next.title).toBe("Both signed: sealing the contract");
      expect(page.depositFormPath).not.toBeNull();

      for (const n of [1, 2]) {
        expect(await runSealOnce(agreementId)).toBe("failed");
        const a = await row(agreementId);
        expect(a.status).toBe("sealing");
        expect(a.sealedAt).toBeNull();
        expect(await sealedMails(agreementId)).toEqual([]);
        expect(await sealedNotifications(agreementId)).toEqual([]);
        const deal = await getAgreementDealForStaff(services, { actor: admin, input: { agreementId } });
        expect(deal.seal).toMatchObject({ tries: n, stuck: false });
        expect(deal.seal?.error).toContain(STORAGE_WRITE_FAILED);
      }
      // Nothing is due while the contract is not sealed.
      const early = await takeAgreementStep(services, {
        actor: admin,
        input: { agreementId },
        step: "receiveDeposit",
      }).catch((e: AppError) => e);
      expect((early as AppError).code).toBe("CONFLICT");

      expect(await runSealOnce(agreementId)).toBe("done");
      expect(faulty.state.writes).toBe(3);
      const sealed = await row(agreementId);
      expect(sealed.status).toBe("deposit_due");
      expect(sealed.sealedAt).not.toBeNull();
      expect(sealed.depositDueAt?.getTime()).toBe((sealed.sealedAt as Date).getTime() + 72 * 3_600_000);
      expect(await storedFileVerifies(agreementId)).toMatchObject({ valid: true, agreementId });
      // Told only now: one mail and one notification per party, none before the write succeeded.
      const mails = await sealedMails(agreementId);
      expect(mails.map((m) => m.to).sort()).toEqual([buyer.viewer.email, seller.viewer.email].sort());
      const storedAt = faulty.state.storedAt as Date;
      expect(mails.every((m) => m.createdAt.getTime() >= storedAt.getTime())).toBe(true);
      const bells = await sealedNotifications(agreementId);
      expect(bells).toHaveLength(2);
      expect(bells.every((b) => b.createdAt.getTime() >= storedAt.getTime())).toBe(true);
      // The deposit clock runs now: its reminder and deadline timers are queued.
      const timers = await services.jobs.boss.findJobs(AGREEMENTS_QUEUES.depositOverdue, { data: { agreementId } });
      expect(timers).toHaveLength(1);
      // A repeated job does nothing.
      await services.jobs.send(SEAL, { agreementId });
      expect(await runSealOnce(agreementId)).toBe("done");
      expect(await sealedMails(agreementId)).toHaveLength(2);
    } finally {
      services.storage = realStorage;
    }
  }, 120_000);

  it(`gives up after ${SEAL_TRIES} failed tries: the administrators are told with the error, and can retry`, async () => {
    const broken = failingStorage(1_000);
    services.storage = broken.storage;
    let agreementId = 0;
    try {
      agreementId = await signedByBoth();
      for (let i = 1; i < SEAL_TRIES; i++) expect(await runSealOnce(agreementId)).toBe("failed");
      // The last try gives up: the job is done, not retried, and an administrator hears of it.
      expect(await runSealOnce(agreementId)).toBe("done");
      expect(await runSealOnce(agreementId)).toBe("none");
      expect((await row(agreementId)).status).toBe("sealing");
      expect(await sealedMails(agreementId)).toEqual([]);
      const notes = await db
        .select()
        .from(adminNotifications)
        .where(sql`${adminNotifications.data}->>'agreement_id' = ${String(agreementId)}`);
      expect(notes).toHaveLength(1);
      expect(String((notes[0].data as { notification: string }).notification)).toBe(
        `The contract of agreement ${formatAgreementNumber(agreementId)} (listing ${(await getAgreementPage(services, { actor: admin, input: { agreementId } })).agreement.listingCode}) could not be sealed after ${SEAL_TRIES} tries: ${STORAGE_WRITE_FAILED} Retry sealing on its deal page.`,
      );
      const deal = await getAgreementDealForStaff(services, { actor: admin, input: { agreementId } });
      expect(deal.seal).toMatchObject({ tries: SEAL_TRIES, stuck: true });
      expect(deal.now.title).toBe("The contract could not be sealed");
      expect(deal.now.text).toContain(STORAGE_WRITE_FAILED);
      // The back office's list of agreements says so on the row, with the error.
      const list = await listResource(services, {
        actor: admin,
        input: { resource: await resolveResource("admin/agreements"), params: new URLSearchParams("f.status=sealing") },
      });
      const listed = list.rows.find((r) => String(r.cells.aid ?? r.id) === String(agreementId));
      expect(JSON.stringify(listed)).toContain(`Seal stuck after ${SEAL_TRIES} tries:`);
      expect(JSON.stringify(listed)).toContain(STORAGE_WRITE_FAILED);
      // Only an administrator retries.
      expect(
        await retrySeal(services, { actor: buyer.viewer, input: { agreementId } }).catch((e: AppError) => e.code),
      ).toBe("FORBIDDEN");
    } finally {
      services.storage = realStorage;
    }
    // The storage is back: the administrator retries, and it is sealed.
    expect((await retrySeal(services, { actor: admin, input: { agreementId } })).message).toBe(
      `Agreement ${formatAgreementNumber(agreementId)} is being sealed again.`,
    );
    expect(await runSealOnce(agreementId)).toBe("done");
    expect((await row(agreementId)).status).toBe("deposit_due");
    expect(await storedFileVerifies(agreementId)).toMatchObject({ valid: true, agreementId });
    expect(await sealedMails(agreementId)).toHaveLength(2);
  }, 120_000);
});
