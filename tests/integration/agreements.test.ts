import { formatAgreementNumber } from "~/lib/format";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminNotifications,
  agreementDocuments,
  agreementEvents,
  agreementSignatures,
  agreements,
  listings,
  mailOutbox,
  offers,
  sales,
  user,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { AGREEMENTS_QUEUES } from "~/modules/agreements/agreements-queues";
import {
  answerRofr,
  cancelAgreement,
  closeAgreement,
  getAgreementForViewer,
  listAgreementsForParty,
  markDepositSent,
  sendAgreementForSignature,
  submitForRofr,
  takeAgreementStep,
} from "~/modules/agreements/agreements.server";
import { verifyContractFile } from "~/modules/contracts/contracts.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { acceptOffer } from "~/modules/offers/offers.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { buildListing, buildOffer, buildUser, viewerOf } from "../factories";
import { demoParty } from "../fixtures/parties";
import { makeDue, workQueued } from "../fixtures/jobs";
import { startTestServices } from "../fixtures/services";
import { typedSignature, type SigningParty } from "../fixtures/signing";

const services = await startTestServices();
const db = services.db;

const demo = (email: string) => demoParty(services, email);

const admin = await demo("admin@example.com");
const seller = await demo("seller@example.com");
const buyer = await demo("buyer2@example.com");

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

const agreementRow = async (id: number) => (await db.select().from(agreements).where(eq(agreements.id, id)))[0];
const mailsTo = (email: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));

/** A fresh listing of the demo seller, an offer by the demo buyer, accepted: the agreement. */
async function anAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    points: 160,
    pricePerPointCents: 15000,
  });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  const accepted = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  return { listing, offerId: offer.id, agreementId: accepted.agreementId };
}

const sign = (who: SigningParty, agreementId: number, over: Record<string, unknown> = {}) =>
  typedSignature(services, who, agreementId, over);

describe("an agreement from acceptance to closing", () => {
  it("goes through signing, the deposit, ROFR, estoppel and closing, each step checked, mailed and in the audit trail", async () => {
    const { listing, agreementId } = await anAgreement();
    expect((await agreementRow(agreementId)).status).toBe("created");

    // Nothing can skip ahead.
    expect(await outcome(markDepositSent(services, { actor: buyer.viewer, input: { agreementId } }))).toMatch(
      /^409 CONFLICT: Agreement VPM-\d+ is not signed by both sides yet/,
    );
    expect(
      await outcome(
        takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "receiveDeposit" }),
      ),
    ).toMatch(/^409 CONFLICT: .* not signed by both sides yet: no deposit is due/);
    expect(await outcome(closeAgreement(services, { actor: admin.viewer, input: { agreementId } }))).toMatch(
      /^409 CONFLICT: .*cannot close before its closing documents are out/,
    );
    // Only the back office takes its steps; a stranger does not see the agreement at all.
    expect(
      await outcome(sendAgreementForSignature(services, { actor: seller.viewer, input: { agreementId } })),
    ).toMatch(/^403 FORBIDDEN/);
    const stranger = viewerOf(await buildUser(db, { role: "buyer" }));
    expect(await outcome(getAgreementForViewer(services, { actor: stranger, input: { agreementId } }))).toBe(
      "404 NOT_FOUND: This agreement does not exist.",
    );

    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
    const sent = await agreementRow(agreementId);
    expect(sent.status).toBe("out_for_signature");
    // 10% of $24,000, above the $1,000 minimum.
    expect(sent.depositCents).toBe(240_000);
    expect((await mailsTo(seller.viewer.email, "agreement-sent")).length).toBeGreaterThan(0);
    expect((await mailsTo(buyer.viewer.email, "agreement-sent")).length).toBeGreaterThan(0);

    // A wrong password signs nothing; bad initials are refused with a field message.
    expect(await outcome(sign(buyer, agreementId, { password: "wrong-password" }))).toMatch(/^400 BAD_INPUT/);
    expect(await outcome(sign(buyer, agreementId, { initials: ["AB", "AB"] }))).toBe(
      "400 BAD_INPUT: Initial each of the four sections.",
    );
    expect(await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId))).toEqual(
      [],
    );

    const first = await sign(buyer, agreementId);
    expect(first.status).toBe("signed_by_buyer");
    expect(await outcome(sign(buyer, agreementId))).toMatch(/^409 CONFLICT/);
    expect((await mailsTo(seller.viewer.email, "agreement-signed"))[0]?.subject).toContain("The buyer signed");
    const trail = await db
      .select()
      .from(agreementEvents)
      .where(eq(agreementEvents.agreementId, agreementId))
      .orderBy(asc(agreementEvents.id));
    expect(trail.filter((e) => e.event === "initialled").map((e) => e.section)).toEqual([1, 2, 3, 4]);
    const signedEvent = trail.find((e) => e.event === "signed");
    expect(signedEvent).toMatchObject({
      ipAddress: "203.0.113.7",
      userAgent: "Vitest browser",
      actorId: buyer.viewer.id,
    });

    const second = await sign(seller, agreementId);
    // Both signed: the contract is being sealed; nobody is told it is sealed before the seal job stored it.
    expect(second.status).toBe("sealing");
    expect(second.message).toContain("the contract is being sealed");
    expect(await mailsTo(buyer.viewer.email, "agreement-sealed")).toEqual([]);
    expect((await agreementRow(agreementId)).sealedAt).toBeNull();
    expect(await workQueued(services, AGREEMENTS_QUEUES.seal)).toBe(1);
    const sealed = await agreementRow(agreementId);
    expect(sealed.status).toBe("deposit_due");
    expect(sealed.sealedAt).not.toBeNull();
    expect(sealed.depositDueAt?.getTime()).toBeCloseTo((sealed.sealedAt as Date).getTime() + 72 * 3_600_000, -4);
    expect((await mailsTo(buyer.viewer.email, "agreement-sealed"))[0]?.text).toContain("$2,400");
    // The signed contract is sealed and stored: /verify's check accepts it and names this agreement; one byte changed fails.
    const [doc] = await db
      .select()
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "sealed_contract")));
    expect(doc?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await services.storage.get(doc.storageKey);
    const chunks: Buffer[] = [];
    for await (const c of file?.body ?? []) chunks.push(Buffer.from(c));
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(await verifyContractFile(services, { bytes })).toMatchObject({ valid: true, agreementId });
    const edited = bytes.slice();
    edited[Math.floor(edited.length / 3)] ^= 1;
    expect((await verifyContractFile(services, { bytes: edited })).valid).toBe(false);

    // The deposit timers: the reminder mails the buyer, the deadline tells the administrators.
    await makeDue(services, AGREEMENTS_QUEUES.depositReminder, { agreementId });
    await workQueued(services, AGREEMENTS_QUEUES.depositReminder);
    expect((await mailsTo(buyer.viewer.email, "agreement-deposit-reminder")).length).toBe(1);
    await markDepositSent(services, { actor: buyer.viewer, input: { agreementId } });
    expect((await agreementRow(agreementId)).depositSentAt).not.toBeNull();
    await makeDue(services, AGREEMENTS_QUEUES.depositOverdue, { agreementId });
    await workQueued(services, AGREEMENTS_QUEUES.depositOverdue);
    const [note] = await db
      .select()
      .from(adminNotifications)
      .where(sql`${adminNotifications.data}->>'agreement_id' = ${String(agreementId)}`)
      .orderBy(desc(adminNotifications.id));
    expect(JSON.stringify(note?.data)).toContain(`The deposit for agreement ${formatAgreementNumber(agreementId)}`);

    await takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "receiveDeposit" });
    expect(
      await outcome(
        submitForRofr(services, { actor: admin.viewer, input: { agreementId, submittedOn: "2999-01-01" } }),
      ),
    ).toBe("400 BAD_INPUT: The submission date cannot be in the future.");
    const today = new Date().toISOString().slice(0, 10);
    await submitForRofr(services, { actor: admin.viewer, input: { agreementId, submittedOn: today } });
    expect((await agreementRow(agreementId)).status).toBe("rofr_submitted");
    // A timer of a state the agreement left does nothing.
    await makeDue(services, AGREEMENTS_QUEUES.depositReminder, { agreementId });
    await services.jobs.send(AGREEMENTS_QUEUES.depositReminder, { agreementId, status: "deposit_due" });
    await workQueued(services, AGREEMENTS_QUEUES.depositReminder);
    expect((await mailsTo(buyer.viewer.email, "agreement-deposit-reminder")).length).toBe(1);

    await answerRofr(services, { actor: admin.viewer, input: { agreementId, result: "waived" } });
    await takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "receiveEstoppel" });
    await takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "sendClosingDocuments" });
    expect(await outcome(closeAgreement(services, { actor: admin.viewer, input: { agreementId } }))).toBe(
      `409 CONFLICT: Upload the recorded deed of agreement ${formatAgreementNumber(agreementId)} before closing it.`,
    );
    await db.insert(agreementDocuments).values({
      agreementId,
      kind: "deed",
      storageKey: `agreements/${agreementId}/deed.pdf`,
      fileName: "deed.pdf",
      byteSize: 1234,
      sha256: "0".repeat(64),
    });
    await closeAgreement(services, { actor: admin.viewer, input: { agreementId } });
    const closed = await agreementRow(agreementId);
    expect(closed.status).toBe("closed");
    const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
    expect(l.listingStatusId).toBe(LISTING_STATUS.sold);
    const [sale] = await db.select().from(sales).where(eq(sales.agreementId, agreementId));
    expect(sale).toMatchObject({ points: 160, pricePerPointCents: 15000, rofrResult: "waived" });

    const events = (await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId))).map(
      (e) => e.event,
    );
    for (const e of [
      "sent",
      "signed",
      "sealed",
      "deposit-sent",
      "deposit-received",
      "rofr-submitted",
      "rofr-waived",
      "closed",
    ]) {
      expect(events).toContain(e);
    }
    const mine = await listAgreementsForParty(services, { actor: buyer.viewer, input: { side: "buyer" } });
    expect(mine.find((a) => a.id === agreementId)?.statusLabel).toBe("Closed");
  });
});

describe("the endings", () => {
  it("ROFR exercised: the developer buys the contract, the listing is sold, both parties get the buy-back mail", async () => {
    const { listing, agreementId } = await anAgreement();
    await db
      .update(agreements)
      .set({ status: "rofr_submitted", depositCents: 240_000 })
      .where(eq(agreements.id, agreementId));
    await answerRofr(services, { actor: admin.viewer, input: { agreementId, result: "exercised" } });
    expect((await agreementRow(agreementId)).rofrResult).toBe("exercised");
    expect((await db.select().from(listings).where(eq(listings.id, listing.id)))[0].listingStatusId).toBe(
      LISTING_STATUS.sold,
    );
    expect((await db.select().from(sales).where(eq(sales.agreementId, agreementId)))[0].rofrResult).toBe("exercised");
    expect((await mailsTo(buyer.viewer.email, "agreement-buy-back"))[0]?.text).toContain("refunded in full");
    expect((await mailsTo(seller.viewer.email, "agreement-buy-back")).length).toBeGreaterThan(0);
  });

  it("cancelled: a reason is required, both are told, and the listing is for sale again", async () => {
    const { listing, agreementId, offerId } = await anAgreement();
    expect(await outcome(cancelAgreement(services, { actor: admin.viewer, input: { agreementId, reason: "" } }))).toBe(
      "400 BAD_INPUT: Give a reason for cancelling.",
    );
    expect(
      await outcome(
        cancelAgreement(services, { actor: buyer.viewer, input: { agreementId, reason: "changed my mind" } }),
      ),
    ).toMatch(/^403 FORBIDDEN/);
    await cancelAgreement(services, {
      actor: admin.viewer,
      input: { agreementId, reason: "the buyer's financing fell through" },
    });
    expect(await agreementRow(agreementId)).toMatchObject({
      status: "cancelled",
      cancelReason: "the buyer's financing fell through",
    });
    expect((await db.select().from(listings).where(eq(listings.id, listing.id)))[0].listingStatusId).toBe(
      LISTING_STATUS.active,
    );
    expect((await mailsTo(seller.viewer.email, "agreement-cancelled"))[0]?.text).toContain(
      "the buyer's financing fell through",
    );
    // The accepted offer stays accepted (its history); a new offer on the listing can now be accepted again.
    expect(
      (
        await db
          .select()
          .from(offers)
          .where(inArray(offers.id, [offerId]))
      )[0].status,
    ).toBe("accepted");
  });

  it("an administrator impersonating a party cannot sign for them", async () => {
    const { agreementId } = await anAgreement();
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
    const asBuyer = { viewer: { ...buyer.viewer, impersonatedBy: admin.viewer.id }, headers: buyer.headers };
    expect(await outcome(sign(asBuyer, agreementId))).toMatch(/^403 FORBIDDEN/);
    expect((await agreementRow(agreementId)).status).toBe("out_for_signature");
  });
});

describe("the agreement tweaks", () => {
  it("set the deposit's percent, minimum and hours (checked, journaled); a new agreement uses them", async () => {
    expect(
      await outcome(
        saveTweaks(services, {
          actor: admin.viewer,
          input: { intent: "agreement", deposit_percent: "0", deposit_minimum: "1000", deposit_hours: "72" },
        }),
      ),
    ).toBe("400 BAD_INPUT: Enter a whole percent from 1 to 100.");
    expect(
      await outcome(
        saveTweaks(services, {
          actor: seller.viewer,
          input: { intent: "agreement", deposit_percent: "5", deposit_minimum: "2000", deposit_hours: "24" },
        }),
      ),
    ).toMatch(/^403 FORBIDDEN/);
    const saved = await saveTweaks(services, {
      actor: admin.viewer,
      input: { intent: "agreement", deposit_percent: "5", deposit_minimum: "2000", deposit_hours: "24" },
    });
    expect(saved.message).toBe("Agreement saved: deposit 5% (at least $2,000) within 24 hours.");
    const { agreementId } = await anAgreement();
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
    // 5% of $24,000 is $1,200: the $2,000 minimum applies.
    expect((await agreementRow(agreementId)).depositCents).toBe(200_000);
    await sign(buyer, agreementId);
    await sign(seller, agreementId);
    await workQueued(services, AGREEMENTS_QUEUES.seal);
    const a = await agreementRow(agreementId);
    expect((a.depositDueAt as Date).getTime() - (a.sealedAt as Date).getTime()).toBe(24 * 3_600_000);
    await saveTweaks(services, {
      actor: admin.viewer,
      input: { intent: "agreement", deposit_percent: "10", deposit_minimum: "1000", deposit_hours: "72" },
    });
  });
});
