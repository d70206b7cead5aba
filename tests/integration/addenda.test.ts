import { formatAgreementNumber } from "~/lib/format";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import {
  agreementAddenda,
  agreementAddendumSignatures,
  agreementDocuments,
  agreementEvents,
  agreements,
  mailOutbox,
  user,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import {
  createAddendum,
  listAddendaForViewer,
  signAddendum,
  withdrawAddendum,
} from "~/modules/agreements/addenda.server";
import { cancelAgreement, sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { verifyContractFile } from "~/modules/contracts/contracts.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/resource/list";
import { action as signAction, loader as signLoader } from "~/routes/profile/addendum-sign";
import { loader as agreementLoader } from "~/routes/profile/agreement";
import { action as verifyAction } from "~/routes/public/verify";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD, viewerOf } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { SIGNATURE_PNG } from "./contracts-helpers";
import { signAndSeal, type SigningParty } from "../fixtures/signing";

const services = await startTestServices();
const db = services.db;

const demo = (email: string) => demoParty(services, email);

const admin = await demo("admin@example.com");
const seller = await demo("seller@example.com");
const buyer = await demo("buyer2@example.com");
const strangerRow = await buildUser(db, { role: "buyer" });
const stranger = {
  viewer: viewerOf(strangerRow),
  cookie: await sessionCookieFor(services, strangerRow.email, FACTORY_PASSWORD),
};

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

const mailsTo = (email: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id));
const addendaOf = (agreementId: number) =>
  db.select().from(agreementAddenda).where(eq(agreementAddenda.agreementId, agreementId));
const eventsOf = async (agreementId: number) =>
  db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId)).orderBy(agreementEvents.id);

/** A fresh listing of the demo seller, an offer by the demo buyer, accepted and sent: the agreement out to sign. */
async function sentAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    points: 160,
    pricePerPointCents: 15000,
  });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
  return agreementId;
}

const signContract = (who: SigningParty, agreementId: number) => signAndSeal(services, who, agreementId);

/** An agreement signed by both: sealed. */
async function sealedAgreement() {
  const agreementId = await sentAgreement();
  await signContract(buyer, agreementId);
  await signContract(seller, agreementId);
  return agreementId;
}

const write = (agreementId: number, over: Record<string, unknown> = {}, actor = admin.viewer) =>
  createAddendum(services, {
    actor,
    input: {
      agreementId,
      title: "Closing date moved",
      text: "## Closing date\nThe target closing date in section 4 becomes June 30.\n- Everything else stays as signed.",
      ...over,
    },
  });

const sign = (who: { viewer: Viewer; headers: Headers }, agreementId: number, over: Record<string, unknown> = {}) =>
  signAddendum(services, {
    actor: who.viewer,
    headers: who.headers,
    ipAddress: "198.51.100.9",
    userAgent: "Addendum test browser",
    input: {
      agreementId,
      number: 1,
      legalName: who.viewer.name,
      method: "typed",
      initials: "AB",
      password: "demopass",
      ...over,
    },
  });

async function bytesOf(storageKey: string) {
  const file = await services.storage.get(storageKey);
  const chunks: Buffer[] = [];
  for await (const c of file?.body ?? []) chunks.push(Buffer.from(c));
  return new Uint8Array(Buffer.concat(chunks));
}

describe("writing an addendum", () => {
  it("is refused before the agreement is sealed, to anyone but an administrator, and for bad input: nothing written", async () => {
    const agreementId = await sentAgreement();
    expect(await outcome(write(agreementId))).toBe(
      `409 CONFLICT: Agreement ${formatAgreementNumber(agreementId)} is not signed by both sides yet: an addendum corrects a sealed agreement.`,
    );
    await signContract(buyer, agreementId);
    await signContract(seller, agreementId);

    for (const who of [seller.viewer, buyer.viewer, stranger.viewer]) {
      expect(await outcome(write(agreementId, {}, who))).toBe(
        "403 FORBIDDEN: Only an administrator writes an addendum.",
      );
    }
    // An administrator impersonating someone is that someone.
    expect(await outcome(write(agreementId, {}, { ...buyer.viewer, impersonatedBy: admin.viewer.id }))).toMatch(
      /^403 FORBIDDEN/,
    );
    const bad: [Record<string, unknown>, string][] = [
      [{ title: "ab" }, "Give the addendum a title of at least 3 characters."],
      [{ title: "x".repeat(121) }, "The addendum's title can be at most 120 characters."],
      [{ title: "Bad\u0007title" }, "The addendum's title has characters that are not allowed."],
      [{ title: undefined }, "Give the addendum a title."],
      [{ text: "too short" }, "Write the addendum's text: at least 10 characters."],
      [{ text: "y".repeat(5001) }, "The addendum's text can be at most 5,000 characters."],
      [{ text: "A line\u0000with a null character" }, "The addendum's text has characters that are not allowed."],
      [{ agreementId: "abc" }, "Choose an agreement."],
    ];
    for (const [over, message] of bad)
      expect(await outcome(write(agreementId, over))).toBe(`400 BAD_INPUT: ${message}`);
    expect(await outcome(write(2_000_000_000))).toBe("404 NOT_FOUND: This agreement does not exist.");

    expect(await addendaOf(agreementId)).toEqual([]);
    expect((await eventsOf(agreementId)).filter((e) => e.event.startsWith("addendum-"))).toEqual([]);
    expect(await mailsTo(buyer.viewer.email, "agreement-addendum-ready")).toSatisfy((rows: { text: string }[]) =>
      rows.every((m) => !m.text.includes(`/agreements/${agreementId}/addenda/`)),
    );
  });

  it("numbers addenda 1, 2, … per agreement, one out for signature at a time; withdrawing takes a reason; both parties are mailed", async () => {
    const agreementId = await sealedAgreement();
    const first = await write(agreementId);
    expect(first).toMatchObject({ number: 1 });
    expect(first.message).toBe(
      `Addendum 1 to agreement ${formatAgreementNumber(agreementId)} was sent to the buyer and the seller to sign.`,
    );
    for (const who of [buyer, seller]) {
      const [mail] = await mailsTo(who.viewer.email, "agreement-addendum-ready");
      expect(mail.subject).toBe(`Addendum 1 to agreement ${formatAgreementNumber(agreementId)} is ready to sign`);
      expect(mail.text).toContain(`/v2/profile/agreements/${agreementId}/addenda/1/sign`);
      expect(mail.text).toContain("Closing date moved");
    }
    const created = (await eventsOf(agreementId)).find((e) => e.event === "addendum-created");
    expect(created).toMatchObject({ actorId: admin.viewer.id });
    expect(created?.note).toContain(
      `Addendum 1 to agreement ${formatAgreementNumber(agreementId)} (“Closing date moved”) was written`,
    );

    expect(await outcome(write(agreementId, { title: "Another correction" }))).toBe(
      `409 CONFLICT: Addendum 1 to agreement ${formatAgreementNumber(agreementId)} is still out for signature: withdraw it, or wait until both parties have signed it, before writing another.`,
    );

    expect(
      await outcome(withdrawAddendum(services, { actor: seller.viewer, input: { agreementId, reason: "no" } })),
    ).toBe("403 FORBIDDEN: Only an administrator withdraws an addendum.");
    expect(await outcome(withdrawAddendum(services, { actor: admin.viewer, input: { agreementId, reason: "" } }))).toBe(
      "400 BAD_INPUT: Give a reason for withdrawing the addendum.",
    );
    const withdrawn = await withdrawAddendum(services, {
      actor: admin.viewer,
      input: { agreementId, reason: "the title company set another date" },
    });
    expect(withdrawn.message).toBe(
      `Addendum 1 to agreement ${formatAgreementNumber(agreementId)} was withdrawn; both parties are told.`,
    );
    expect((await addendaOf(agreementId))[0]).toMatchObject({
      status: "withdrawn",
      withdrawReason: "the title company set another date",
    });
    expect((await mailsTo(seller.viewer.email, "agreement-addendum-withdrawn"))[0]?.text).toContain(
      "the title company set another date",
    );
    expect(
      await outcome(withdrawAddendum(services, { actor: admin.viewer, input: { agreementId, reason: "again" } })),
    ).toBe(`409 CONFLICT: Agreement ${formatAgreementNumber(agreementId)} has no addendum out for signature.`);
    // A withdrawn addendum is not signed.
    expect(await outcome(sign(buyer, agreementId))).toBe(
      `409 CONFLICT: Addendum 1 to agreement ${formatAgreementNumber(agreementId)} is withdrawn.`,
    );

    const second = await write(agreementId, { title: "Closing date moved again" });
    expect(second.number).toBe(2);
    expect((await addendaOf(agreementId)).map((d) => [d.number, d.status])).toEqual([
      [1, "withdrawn"],
      [2, "out_for_signature"],
    ]);
  });

  it("is refused once the deal is over, and an addendum out for signature can no longer be signed then", async () => {
    const agreementId = await sealedAgreement();
    await write(agreementId);
    await cancelAgreement(services, { actor: admin.viewer, input: { agreementId, reason: "the buyer walked away" } });
    expect(await outcome(sign(buyer, agreementId))).toBe(
      `409 CONFLICT: Agreement ${formatAgreementNumber(agreementId)} has ended: addendum 1 to agreement ${formatAgreementNumber(agreementId)} can no longer be signed.`,
    );
    await withdrawAddendum(services, { actor: admin.viewer, input: { agreementId, reason: "the deal ended" } });
    expect(await outcome(write(agreementId, { title: "Too late" }))).toBe(
      `409 CONFLICT: Agreement ${formatAgreementNumber(agreementId)} is cancelled: it takes no more addenda.`,
    );
  });
});

describe("signing an addendum", () => {
  it("takes each party's fresh password in their own account; the second signature seals it, /verify knows it, a changed byte fails", async () => {
    const agreementId = await sealedAgreement();
    await write(agreementId);

    expect(await outcome(sign(buyer, agreementId, { password: "wrong-password" }))).toMatch(/^400 BAD_INPUT/);
    expect(await outcome(sign(buyer, agreementId, { initials: "" }))).toBe("400 BAD_INPUT: Initial the addendum.");
    expect(await outcome(sign(buyer, agreementId, { method: "drawn" }))).toBe(
      "400 BAD_INPUT: Draw your signature, or choose to type your name instead.",
    );
    const asBuyer = { viewer: { ...buyer.viewer, impersonatedBy: admin.viewer.id }, headers: buyer.headers };
    expect(await outcome(sign(asBuyer, agreementId))).toBe(
      "403 FORBIDDEN: Only the buyer and the seller sign an addendum to their agreement, each in their own account.",
    );
    expect(await outcome(sign({ viewer: stranger.viewer, headers: new Headers() }, agreementId))).toBe(
      "404 NOT_FOUND: This agreement does not exist.",
    );
    // The administrator sees the agreement but is no party to it.
    expect(await outcome(sign(admin, agreementId))).toMatch(/^403 FORBIDDEN/);
    expect(await outcome(sign(buyer, agreementId, { number: 9 }))).toBe("404 NOT_FOUND: This addendum does not exist.");
    const [d] = await addendaOf(agreementId);
    expect(d.status).toBe("out_for_signature");
    expect(
      await db.select().from(agreementAddendumSignatures).where(eq(agreementAddendumSignatures.addendumId, d.id)),
    ).toEqual([]);

    const first = await sign(buyer, agreementId, { legalName: "Ben A. Buyer" });
    expect(first).toMatchObject({ status: "signed_by_buyer", documentId: null });
    expect(first.message).toBe(
      `You signed addendum 1 to agreement ${formatAgreementNumber(agreementId)}. It now waits for the seller's signature.`,
    );
    expect(await outcome(sign(buyer, agreementId))).toBe(
      `409 CONFLICT: You have already signed addendum 1 to agreement ${formatAgreementNumber(agreementId)}.`,
    );
    const signed = (await eventsOf(agreementId)).find((e) => e.event === "addendum-signed");
    expect(signed).toMatchObject({
      actorId: buyer.viewer.id,
      ipAddress: "198.51.100.9",
      userAgent: "Addendum test browser",
    });
    expect(signed?.note).toContain("Addendum 1 signed by the buyer: Ben A. Buyer");
    // Administrators can withdraw it while one signature is missing; not once both have signed (below).
    const second = await sign(seller, agreementId, { method: "drawn", imagePng: SIGNATURE_PNG, initials: "SS" });
    expect(second.status).toBe("sealed");
    expect(second.message).toBe(
      `You signed addendum 1 to agreement ${formatAgreementNumber(agreementId)}. Both sides have signed: the addendum is sealed.`,
    );

    const [sealed] = await addendaOf(agreementId);
    expect(sealed.sealedAt).not.toBeNull();
    const [doc] = await db
      .select()
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "addendum")));
    expect(doc).toMatchObject({ id: sealed.documentId, contentType: "application/pdf" });
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.sealedAt?.getTime()).toBe(sealed.sealedAt?.getTime());
    expect(doc.fileName).toBe(`addendum-1-VPM-${String(agreementId).padStart(6, "0")}-sealed.pdf`);
    const sigs = await db
      .select()
      .from(agreementAddendumSignatures)
      .where(eq(agreementAddendumSignatures.addendumId, sealed.id));
    expect(sigs.map((s) => [s.side, s.method, s.initials]).sort()).toEqual([
      ["buyer", "typed", "AB"],
      ["seller", "drawn", "SS"],
    ]);
    expect((await eventsOf(agreementId)).map((e) => e.event)).toEqual(
      expect.arrayContaining(["addendum-created", "addendum-initialled", "addendum-signed", "addendum-sealed"]),
    );
    for (const who of [buyer, seller]) {
      const [mail] = await mailsTo(who.viewer.email, "agreement-addendum-sealed");
      expect(mail.subject).toBe(`Addendum 1 to agreement ${formatAgreementNumber(agreementId)} is signed and sealed`);
      expect(mail.text).toContain(`/agreements/${agreementId}/documents/${doc.id}`);
    }

    const bytes = await bytesOf(doc.storageKey);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const check = await verifyContractFile(services, { bytes });
    expect(check).toMatchObject({ valid: true, agreementId, addendumNumber: 1, sha256: doc.sha256 });
    expect(check.message).toMatch(
      new RegExp(
        `^This is an untouched addendum sealed by Vacation Points Market: Addendum 1 to agreement ${formatAgreementNumber(agreementId)}, sealed on `,
      ),
    );
    const edited = bytes.slice();
    edited[Math.floor(edited.length / 3)] ^= 1;
    expect((await verifyContractFile(services, { bytes: edited })).valid).toBe(false);
    // The /verify page names the addendum.
    const form = new FormData();
    form.append("file", new File([bytes as BlobPart], "addendum.pdf", { type: "application/pdf" }));
    const verified = await callRoute(
      verifyAction as never,
      new Request("http://localhost:3000/verify", {
        method: "POST",
        body: form,
        headers: { origin: "http://localhost:3000", accept: "text/html" },
      }),
    );
    expect(verified.body).toMatchObject({
      kind: "valid",
      document: `Addendum 1 to agreement ${formatAgreementNumber(agreementId)}`,
      agreementNumber: `VPM-${String(agreementId).padStart(6, "0")}`,
      sha256: doc.sha256,
    });

    expect(
      await outcome(
        withdrawAddendum(services, { actor: admin.viewer, input: { agreementId, number: 1, reason: "x y z" } }),
      ),
    ).toBe(
      `409 CONFLICT: Addendum 1 to agreement ${formatAgreementNumber(agreementId)} is signed by both and sealed: it cannot be withdrawn. Write a new addendum to correct it.`,
    );
    // The next correction is addendum 2.
    expect((await write(agreementId, { title: "A second correction" })).number).toBe(2);
  });
});

describe("the addendum's pages", () => {
  const signPath = (id: number, n = 1) => `/v2/profile/agreements/${id}/addenda/${n}/sign`;

  it("the sign page shows the addendum to a party, judges the form (400, nothing written), signs and lists it on the agreement page", async () => {
    const agreementId = await sealedAgreement();
    await write(agreementId);
    const params = { agreementId: String(agreementId), number: "1" };

    const page = await callRoute(
      signLoader as never,
      makeRequest(signPath(agreementId), { cookie: seller.cookie }),
      params,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      state: "sign",
      side: "seller",
      addendum: { number: 1, title: "Closing date moved" },
    });
    expect(page.body.addendum.text).toContain("The target closing date in section 4 becomes June 30.");
    // The first look is in the audit trail, once.
    await callRoute(signLoader as never, makeRequest(signPath(agreementId), { cookie: seller.cookie }), params);
    expect((await eventsOf(agreementId)).filter((e) => e.event === "addendum-opened")).toHaveLength(1);

    for (const [cookie, path, p] of [
      [stranger.cookie, signPath(agreementId), params],
      [seller.cookie, signPath(agreementId, 7), { ...params, number: "7" }],
      [seller.cookie, signPath(agreementId).replace("/1/", "/x/"), { ...params, number: "x" }],
    ] as const) {
      expect((await callRoute(signLoader as never, makeRequest(path, { cookie }), p)).status).toBe(404);
    }
    const asAdmin = await callRoute(
      signLoader as never,
      makeRequest(signPath(agreementId), { cookie: admin.cookie }),
      params,
    );
    expect(asAdmin.body.state).toBe("not-a-party");

    const form = (password: string, initials = "SS") => ({
      legalName: "Sally Seller",
      method: "typed",
      initials,
      password,
    });
    const bad = await callRoute(
      signAction as never,
      makeRequest(signPath(agreementId), { cookie: seller.cookie, form: form("demopass", "") }),
      params,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Initial the addendum.");
    const wrong = await callRoute(
      signAction as never,
      makeRequest(signPath(agreementId), { cookie: seller.cookie, form: form("not-my-password") }),
      params,
    );
    expect(wrong.status).toBe(400);
    expect((await addendaOf(agreementId))[0].status).toBe("out_for_signature");

    // The agreement page lists it: the seller is asked to sign it, the buyer too.
    const listed = await callRoute(
      agreementLoader as never,
      makeRequest(`/v2/profile/agreements/${agreementId}`, { cookie: seller.cookie }),
      { agreementId: String(agreementId) },
    );
    expect(listed.body.addenda).toMatchObject([
      { number: 1, title: "Closing date moved", status: "out_for_signature", canSign: true, documentPath: null },
    ]);

    const ok = await callRoute(
      signAction as never,
      makeRequest(signPath(agreementId), {
        cookie: seller.cookie,
        form: form("demopass"),
        headers: { "user-agent": "Addendum page test", "x-forwarded-for": "198.51.100.4" },
      }),
      params,
    );
    expect(ok.status).toBeGreaterThanOrEqual(300);
    expect(ok.location).toBe(`/v2/profile/agreements/${agreementId}`);
    const after = await callRoute(
      signLoader as never,
      makeRequest(signPath(agreementId), { cookie: seller.cookie }),
      params,
    );
    expect(after.body.state).toBe("signed");

    const buyerSide = await listAddendaForViewer(services, { actor: buyer.viewer, input: { agreementId } });
    expect(buyerSide[0]).toMatchObject({ status: "signed_by_seller", canSign: true });
    await sign(buyer, agreementId);
    const sellerSide = await listAddendaForViewer(services, { actor: seller.viewer, input: { agreementId } });
    expect(sellerSide[0]).toMatchObject({ status: "sealed", statusLabel: "Signed by both; sealed", canSign: false });
    expect(sellerSide[0].documentPath).toMatch(new RegExp(`^/agreements/${agreementId}/documents/\\d+$`));
    expect(await outcome(listAddendaForViewer(services, { actor: stranger.viewer, input: { agreementId } }))).toBe(
      "404 NOT_FOUND: This agreement does not exist.",
    );
  });

  it("administrators write and withdraw addenda from the agreements list's row actions", async () => {
    const agreementId = await sealedAgreement();
    const call = (fn: unknown, init: Parameters<typeof makeRequest>[1]) => {
      const request = makeRequest(`/admin/agreements?q=&f.stage=`, init);
      return callRoute(
        ((a: object) =>
          (fn as (x: object) => unknown)({ ...a, pattern: "/admin/agreements", url: new URL(request.url) })) as never,
        request,
      );
    };
    const intentsOf = async () => {
      const list = await call(listLoader, { cookie: admin.cookie });
      const row = list.body.rows.find((r: { id: string }) => r.id === String(agreementId));
      return row.actions.map((a: { intent: string }) => a.intent) as string[];
    };
    expect(await intentsOf()).toContain("write-addendum");
    expect(await intentsOf()).not.toContain("withdraw-addendum");

    const refused = await call(listAction, {
      cookie: admin.cookie,
      form: { intent: "write-addendum", id: String(agreementId), title: "Fix", text: "Too short" },
    });
    expect(refused.status).toBe(400);
    expect(await addendaOf(agreementId)).toEqual([]);
    const res = await call(listAction, {
      cookie: admin.cookie,
      form: {
        intent: "write-addendum",
        id: String(agreementId),
        title: "Deed names corrected",
        text: "The names on the deed are:\n- Ben Buyer\n- Bella Buyer",
      },
    });
    expect(res.status).toBe(303);
    expect((await addendaOf(agreementId))[0]).toMatchObject({
      number: 1,
      title: "Deed names corrected",
      text: "The names on the deed are:\n- Ben Buyer\n- Bella Buyer",
      createdBy: admin.viewer.id,
    });
    expect(await intentsOf()).toEqual(expect.arrayContaining(["withdraw-addendum"]));
    expect(await intentsOf()).not.toContain("write-addendum");

    const withdrawn = await call(listAction, {
      cookie: admin.cookie,
      form: { intent: "withdraw-addendum", id: String(agreementId), reason: "written by mistake" },
    });
    expect(withdrawn.status).toBe(303);
    expect((await addendaOf(agreementId))[0].status).toBe("withdrawn");
    // Not a seller's step.
    const bySeller = await call(listAction, {
      cookie: seller.cookie,
      form: { intent: "write-addendum", id: String(agreementId), title: "Mine", text: "I change the price." },
    });
    expect(bySeller.status).not.toBe(303);
    expect(await addendaOf(agreementId)).toHaveLength(1);
    expect((await db.select().from(agreements).where(eq(agreements.id, agreementId)))[0].status).toBe("deposit_due");
  });
});
