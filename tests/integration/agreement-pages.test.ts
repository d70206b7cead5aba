import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementDocuments, agreementEvents, agreements, titleCompanies, titleCompanyCosts, user } from "~/db/schema";
import { keepSharedReads, stopSharedReads } from "~/lib/shared-reads.server";
import { DEED_MESSAGES, sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { action as deedAction, loader as deedLoader } from "~/routes/admin/agreement-deed";
import { loader as documentLoader } from "~/routes/agreements/document";
import { loader as agreementLoader } from "~/routes/profile/agreement";
import { action as depositAction, loader as depositLoader } from "~/routes/profile/deposit-form";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { signAndSeal, type SigningParty } from "../fixtures/signing";

const services = await startTestServices();
const db = services.db;

const demo = (email: string) => demoParty(services, email);

const admin = await demo("admin@example.com");
const seller = await demo("seller@example.com");
const buyer = await demo("buyer2@example.com");
const strangerRow = await buildUser(db, { role: "buyer" });
const stranger = { cookie: await sessionCookieFor(services, strangerRow.email, FACTORY_PASSWORD) };

// This file's own default title company (the demo's default steps aside).
await db.update(titleCompanies).set({ isDefault: false });
const [company] = await db
  .insert(titleCompanies)
  .values({
    name: "Sunshine Title & Escrow",
    wireInstructions: "Bank: First Orlando Bank\nABA routing: 063000047\nAccount: 1234567890\nReference: <agreement>",
    statesServed: ["FL"],
    isDefault: true,
  })
  .returning();

/** A fresh listing of the demo seller at `resortCode`, an offer by the demo buyer, accepted: the agreement's id. */
async function anAgreement(resortCode = "BLT") {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    resortCode,
    points: 160,
    pricePerPointCents: 15000,
  });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  return (await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } })).agreementId;
}

const sign = (who: SigningParty, agreementId: number, over: Record<string, unknown> = {}) =>
  signAndSeal(services, who, agreementId, over);

async function depositDue(resortCode = "BLT") {
  const agreementId = await anAgreement(resortCode);
  await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
  await sign(buyer, agreementId);
  await sign(seller, agreementId);
  return agreementId;
}

const page = (cookie: string, id: number) =>
  callRoute(agreementLoader as never, makeRequest(`/v2/profile/agreements/${id}`, { cookie }), {
    agreementId: String(id),
  });
const depositPage = (cookie: string, id: number) =>
  callRoute(depositLoader as never, makeRequest(`/profile/deposit-form/${id}`, { cookie }), { id: String(id) });

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("the deal timeline", () => {
  it("uses typical ranges until 5 deals closed at the resort, then says it is from those deals", async () => {
    const id = await anAgreement("AKV");
    const before = await page(buyer.cookie, id);
    expect(before.status).toBe(200);
    const t = before.body.timeline;
    expect(t.items[0]).toMatchObject({ step: "accepted", state: "done" });
    expect(t.items[1]).toMatchObject({ step: "signed", state: "current" });
    expect(t.items.at(-1)).toMatchObject({ step: "closed", state: "ahead" });
    expect(t.basis).toMatch(/typical ranges/);
    expect(t.basis).not.toMatch(/deals at this resort/);
    expect(before.body.next.title).toBe("The contract is being prepared");

    // Five deals closed at Animal Kingdom in the last months, each step recorded.
    for (let i = 0; i < 5; i++) {
      const closedId = await anAgreement("AKV");
      await db
        .update(agreements)
        .set({
          status: "closed",
          createdAt: daysAgo(90),
          sealedAt: daysAgo(87),
          depositReceivedAt: daysAgo(85),
          rofrSubmittedAt: daysAgo(83),
          rofrAnsweredAt: daysAgo(55),
          rofrResult: "waived",
          estoppelReceivedAt: daysAgo(35),
          closingDocumentsSentAt: daysAgo(31),
          closedAt: daysAgo(20),
        })
        .where(eq(agreements.id, closedId));
    }
    const after = (await page(buyer.cookie, id)).body.timeline;
    expect(after.basis).toMatch(/from 5 deals at this resort in the last 12 months/);

    // In the web process the closed deals are a shared read (decision 0098): one more closed deal counts once the
    // change feed moves, not before.
    keepSharedReads({ changes: services.changes, maxAgeMs: 60_000 });
    try {
      expect((await page(buyer.cookie, id)).body.timeline.basis).toMatch(/from 5 deals at this resort/);
      const sixth = await anAgreement("AKV");
      await db
        .update(agreements)
        .set({ status: "closed", createdAt: daysAgo(60), sealedAt: daysAgo(58), closedAt: daysAgo(10) })
        .where(eq(agreements.id, sixth));
      expect((await page(buyer.cookie, id)).body.timeline.basis).toMatch(/from 5 deals at this resort/);
      services.changes.changed();
      expect((await page(buyer.cookie, id)).body.timeline.basis).toMatch(/from 6 deals at this resort/);
    } finally {
      stopSharedReads();
    }
    const signed = after.items.find((x: { step: string }) => x.step === "signed");
    expect(signed.basis).toBe("from 5 deals at this resort in the last 12 months");
    // A resort with fewer than 5 deals of its own is counted from the deals across resorts.
    const elsewhere = await anAgreement("BLT");
    expect((await page(buyer.cookie, elsewhere)).body.timeline.basis).toMatch(/from 5 deals across resorts/);
  });
});

describe("the deposit form", () => {
  it("is the buyer's (and the administrators'): amount, deadline, wire instructions; the seller and strangers get 404", async () => {
    const notYet = await anAgreement();
    const early = await depositPage(buyer.cookie, notYet);
    expect(early.status).toBe(200);
    expect(early.body.state).toBe("not-yet");

    const id = await depositDue();
    const mine = await depositPage(buyer.cookie, id);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      state: "due",
      depositCents: 240_000,
      titleCompany: { name: "Sunshine Title & Escrow" },
    });
    expect(mine.body.titleCompany.wireInstructions).toContain("Reference: <agreement>");
    expect(mine.body.depositDueAt).not.toBeNull();
    expect((await depositPage(admin.cookie, id)).status).toBe(200);
    expect((await depositPage(seller.cookie, id)).status).toBe(404);
    expect((await depositPage(stranger.cookie, id)).status).toBe(404);
    expect((await depositPage(buyer.cookie, 2_000_000_000)).status).toBe(404);

    // The seller cannot say it was wired; the buyer can, once.
    const post = (cookie: string) =>
      callRoute(
        depositAction as never,
        makeRequest(`/profile/deposit-form/${id}`, { method: "POST", form: { intent: "deposit-sent" }, cookie }),
        { id: String(id) },
      );
    expect((await post(seller.cookie)).status).toBe(404);
    expect((await db.select().from(agreements).where(eq(agreements.id, id)))[0].depositSentAt).toBeNull();
    const sent = await post(buyer.cookie);
    expect(sent.status).toBe(303);
    expect((await db.select().from(agreements).where(eq(agreements.id, id)))[0].depositSentAt).not.toBeNull();
    expect((await depositPage(buyer.cookie, id)).body.depositSentAt).not.toBeNull();

    // The agreement page links the buyer to it, not the seller.
    expect((await page(buyer.cookie, id)).body.depositFormPath).toBe(`/profile/deposit-form/${id}`);
    expect((await page(seller.cookie, id)).body.depositFormPath).toBeNull();
  });
});

function upload(cookie: string, id: number, file: File) {
  const form = new FormData();
  form.set("deed", file);
  const request = new Request(`http://localhost:3000/admin/agreements/${id}/deed`, {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
    body: form,
  });
  return callRoute(deedAction as never, request, { id: String(id) });
}

const download = (cookie: string, id: number, docId: number) =>
  callRoute(documentLoader as never, makeRequest(`/agreements/${id}/documents/${docId}`, { cookie }), {
    agreementId: String(id),
    documentId: String(docId),
  });

describe("the deed upload and the files", () => {
  it("refuses anything but a PDF of at most 10 MB from an administrator; the parties and administrators download it", async () => {
    const id = await depositDue();
    const deeds = () =>
      db
        .select()
        .from(agreementDocuments)
        .where(and(eq(agreementDocuments.agreementId, id), eq(agreementDocuments.kind, "deed")));

    const html = new File(["<html><script>alert(1)</script></html>"], "deed.pdf", { type: "application/pdf" });
    const notPdf = await upload(admin.cookie, id, html);
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.error).toBe(DEED_MESSAGES.notPdf);

    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(new TextEncoder().encode("%PDF-1.7\n"));
    const tooBig = await upload(admin.cookie, id, new File([huge], "deed.pdf", { type: "application/pdf" }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe(DEED_MESSAGES.tooBig);

    const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
    const pdf = () => new File([pdfBytes], "Recorded deed <2025>.pdf", { type: "application/octet-stream" });
    // A non-administrator is sent away before anything is read.
    const byBuyer = await upload(buyer.cookie, id, pdf());
    expect(byBuyer.status).toBe(302);
    expect(byBuyer.location).toBe("/");
    expect(await deeds()).toEqual([]);
    expect(
      (
        await callRoute(deedLoader as never, makeRequest(`/admin/agreements/${id}/deed`, { cookie: seller.cookie }), {
          id: String(id),
        })
      ).status,
    ).toBe(302);

    const ok = await upload(admin.cookie, id, pdf());
    expect(ok.status).toBe(303);
    const [deed] = await deeds();
    expect(deed).toMatchObject({
      kind: "deed",
      byteSize: pdfBytes.byteLength,
      sha256: createHash("sha256").update(pdfBytes).digest("hex"),
      contentType: "application/pdf",
      uploadedBy: admin.viewer.id,
    });
    expect(deed.fileName).toMatch(/^[A-Za-z0-9._-]+\.pdf$/);
    const events = await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, id));
    expect(events.map((e) => e.event)).toContain("deed-uploaded");
    const adminPage = await callRoute(
      deedLoader as never,
      makeRequest(`/admin/agreements/${id}/deed`, { cookie: admin.cookie }),
      { id: String(id) },
    );
    expect(adminPage.body.deeds).toHaveLength(1);

    for (const who of [buyer, seller, admin]) {
      const got = await download(who.cookie, id, deed.id);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("application/pdf");
      expect(got.headers.get("content-disposition")).toBe(`attachment; filename="${deed.fileName}"`);
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      expect(String(got.body).startsWith("%PDF-")).toBe(true);
    }
    expect((await download(stranger.cookie, id, deed.id)).status).toBe(404);
    expect((await download(buyer.cookie, id, deed.id + 999)).status).toBe(404);
    // Another agreement's id with this file's id is not this file.
    const other = await anAgreement();
    expect((await download(buyer.cookie, other, deed.id)).status).toBe(404);

    // The agreement page lists it with its download link.
    const files = (await page(buyer.cookie, id)).body.documents;
    // The sealed contract is listed too; the deed is the one uploaded here.
    expect(files.filter((f: { kind: string }) => f.kind === "deed")).toEqual([
      expect.objectContaining({ kind: "deed", path: `/agreements/${id}/documents/${deed.id}` }),
    ]);
  });
});

type Line = { key: string; label: string; amountCents: number };
const sum = (lines: Line[]) => lines.reduce((s, l) => s + l.amountCents, 0);

describe("the closing statement", () => {
  it("shows each side its own lines (administrators both), adding up to the totals, with the title company's costs and the seller's commission", async () => {
    const id = await depositDue();
    const mine = (await page(buyer.cookie, id)).body.statement;
    expect(mine.estimate).toBe(true);
    expect(mine.notes.join(" ")).toMatch(/estimate until closing/i);
    expect(mine.seller).toBeNull();
    expect(sum(mine.buyer.lines)).toBe(mine.buyer.totalDueCents);
    expect(mine.buyer.depositPaidCents).toBe(240_000);
    expect(mine.buyer.balanceToWireCents).toBe(mine.buyer.totalDueCents - 240_000);
    expect(mine.buyer.lines[0]).toMatchObject({ key: "price", amountCents: 2_400_000 });
    // No cost row yet: the typical figures.
    expect(mine.notes.join(" ")).toMatch(/typical figures/);

    const theirs = (await page(seller.cookie, id)).body.statement;
    expect(theirs.buyer).toBeNull();
    expect(sum(theirs.seller.lines)).toBe(theirs.seller.netProceedsCents);
    expect(theirs.seller.lines.find((l: Line) => l.key === "commission")).toMatchObject({
      label: "Broker commission (8%)",
      amountCents: -192_000,
    });

    // A cost row for the state, then one for the resort: the most specific applies. The seller's adjusted commission.
    const [blt] = await db.select({ id: agreements.resortId }).from(agreements).where(eq(agreements.id, id));
    await db.insert(titleCompanyCosts).values([
      { companyId: company.id, state: "FL", closingFeeCents: 40_000, recordingFeeCents: 12_000, titleSearchCents: 0 },
      {
        companyId: company.id,
        resortId: blt.id,
        closingFeeCents: 45_000,
        recordingFeeCents: 11_000,
        estoppelFeeCents: 20_000,
      },
    ]);
    const [sellerBefore] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
    await db.update(user).set({ adjustedCommissionText: "6.5%" }).where(eq(user.id, seller.viewer.id));
    try {
      const both = (await page(admin.cookie, id)).body.statement;
      expect(both.buyer).not.toBeNull();
      expect(both.seller).not.toBeNull();
      expect(sum(both.buyer.lines)).toBe(both.buyer.totalDueCents);
      expect(sum(both.seller.lines)).toBe(both.seller.netProceedsCents);
      // Whoever pays the closing costs, the resort's own row is the one used (title search 0 there: no line).
      const all = [...both.buyer.lines, ...both.seller.lines] as Line[];
      const closingFee = all.filter((l) => l.key === "closing-fee").reduce((s, l) => s + Math.abs(l.amountCents), 0);
      expect(closingFee).toBe(45_000);
      expect(all.some((l) => l.key === "title-search")).toBe(false);
      const estoppel = all.filter((l) => l.key === "estoppel-fee").reduce((s, l) => s + Math.abs(l.amountCents), 0);
      expect(estoppel).toBe(20_000);
      expect(both.seller.lines.find((l: Line) => l.key === "commission")).toMatchObject({
        label: "Broker commission (6.5%)",
        amountCents: -156_000,
      });
      expect(both.notes.join(" ")).toMatch(/cost table for this resort/);
    } finally {
      await db
        .update(user)
        .set({ adjustedCommissionText: sellerBefore.adjustedCommissionText })
        .where(eq(user.id, seller.viewer.id));
    }
  });
});

describe("the seller's tax declarations and the admin fees", () => {
  const lineOf = (lines: Line[], key: string) => lines.find((l) => l.key === key);

  it("asks the seller of an Aulani contract both questions (400, nothing written) and withholds what they declare", async () => {
    const id = await anAgreement("AUL");
    const before = (await page(seller.cookie, id)).body.statement;
    expect(before.notes.join(" ")).toMatch(/No FIRPTA or HARPTA withholding is shown yet/);
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId: id } });
    await sign(buyer, id);
    const refused = await sign(seller, id, { sellerForeign: undefined, sellerStateResident: undefined }).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/foreign person for US tax/) });
    expect(Object.keys(refused.fields)).toEqual(["sellerForeign", "sellerStateResident"]);
    expect(refused.fields.sellerStateResident[0]).toMatch(/resident of Hawaii/);
    const [still] = await db.select().from(agreements).where(eq(agreements.id, id));
    expect(still).toMatchObject({ status: "signed_by_buyer", sellerForeign: null, sellerTaxDeclaredAt: null });

    await sign(seller, id, { sellerForeign: "yes", sellerStateResident: "no" });
    const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
    expect(row).toMatchObject({ status: "deposit_due", sellerForeign: true, sellerStateResident: false });
    const declared = (await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, id))).find(
      (e) => e.event === "declared",
    );
    expect(declared?.note).toMatch(
      /a foreign person for US tax \(FIRPTA withholding applies\); not a resident of Hawaii/,
    );
    expect(declared?.section).toBe(3);

    const st = (await page(seller.cookie, id)).body.statement;
    // 160 points at $150: $24,000; FIRPTA 15% of the gross price is $3,600.
    expect(lineOf(st.seller.lines, "firpta")).toMatchObject({ amountCents: -360_000 });
    expect(lineOf(st.seller.lines, "harpta")?.amountCents).toBeLessThan(0);
    expect(st.notes.join(" ")).not.toMatch(/No FIRPTA or HARPTA/);
  });

  it("asks a Florida seller only the FIRPTA question, and a US seller has nothing withheld", async () => {
    const id = await anAgreement("BLT");
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId: id } });
    await sign(buyer, id);
    const refused = await sign(seller, id, { sellerForeign: undefined, sellerStateResident: undefined }).catch(
      (e) => e,
    );
    expect(Object.keys(refused.fields)).toEqual(["sellerForeign"]);
    await sign(seller, id, { sellerForeign: "no", sellerStateResident: undefined });
    const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
    expect(row).toMatchObject({ sellerForeign: false, sellerStateResident: null });
    const st = (await page(seller.cookie, id)).body.statement;
    expect(st.seller.lines.some((l: Line) => l.key === "firpta" || l.key === "harpta")).toBe(false);
  });

  it("takes the commission, its minimum, the estoppel fee and the seller's closing fee from the admin fees tweaks", async () => {
    const save = (fees: Record<string, unknown>) =>
      saveTweaks(services, { actor: admin.viewer, input: { intent: "fees", ...fees } });
    const id = await anAgreement("HHI"); // South Carolina: no cost row of this file's company applies.
    try {
      await save({
        commission_percent: "9.5",
        commission_minimum: "0",
        estoppel_fee: "175",
        seller_closing_fee: "250",
      });
      let st = (await page(seller.cookie, id)).body.statement;
      // 9.5% of $24,000 is $2,280.
      expect(lineOf(st.seller.lines, "commission")).toMatchObject({
        label: "Broker commission (9.5%)",
        amountCents: -228_000,
      });
      expect(lineOf(st.seller.lines, "estoppel-fee")).toMatchObject({ amountCents: -17_500 });
      expect(lineOf(st.seller.lines, "seller-closing-fee")).toMatchObject({ amountCents: -25_000 });
      expect(sum(st.seller.lines)).toBe(st.seller.netProceedsCents);

      // A $2,500 minimum is more than 9.5%: the minimum is taken.
      await save({
        commission_percent: "9.5",
        commission_minimum: "2500",
        estoppel_fee: "175",
        seller_closing_fee: "250",
      });
      st = (await page(seller.cookie, id)).body.statement;
      expect(lineOf(st.seller.lines, "commission")).toMatchObject({ amountCents: -250_000 });

      // Bad input: a clear 400 and nothing saved.
      await expect(
        save({
          commission_percent: "9.555",
          commission_minimum: "2500",
          estoppel_fee: "175",
          seller_closing_fee: "250",
        }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        save({ commission_percent: "30", commission_minimum: "-1", estoppel_fee: "x", seller_closing_fee: "250" }),
      ).rejects.toMatchObject({ status: 400 });
      st = (await page(seller.cookie, id)).body.statement;
      expect(lineOf(st.seller.lines, "commission")).toMatchObject({ amountCents: -250_000 });
      // Only administrators save them.
      await expect(
        saveTweaks(services, {
          actor: seller.viewer,
          input: {
            intent: "fees",
            commission_percent: "1",
            commission_minimum: "0",
            estoppel_fee: "0",
            seller_closing_fee: "0",
          },
        }),
      ).rejects.toMatchObject({ status: 403 });
    } finally {
      await save({ commission_percent: "8", commission_minimum: "0", estoppel_fee: "150", seller_closing_fee: "300" });
    }
  });
});
