import { formatAgreementNumber } from "~/lib/format";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementDocuments, agreementSignatures, agreements, user } from "~/db/schema";
import { sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { loader as pdfLoader } from "~/routes/profile/agreement-contract-pdf";
import { action as signAction, loader as signLoader } from "~/routes/profile/agreement-sign";
import { buildListing, buildOffer, giveAddress } from "../factories";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const byEmail = async (email: string) => (await db.select().from(user).where(eq(user.email, email)))[0];
const sellerRow = await byEmail("seller@example.com");
const buyerRow = await byEmail("buyer2@example.com");
const adminRow = await byEmail("admin@example.com");
const asViewer = (u: typeof sellerRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role as "admin",
  staffRole: (u.staffRole as "admin" | null) ?? null,
  userUniqid: u.userUniqid,
  emailVerified: u.emailVerified,
  impersonatedBy: null,
});

async function sentAgreement() {
  const listing = await buildListing(db, { seller: sellerRow as never, points: 150, pricePerPointCents: 14000 });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 14000 });
  const { agreementId } = await acceptOffer(services, { actor: asViewer(sellerRow), input: { offerId: offer.id } });
  await giveAddress(db, sellerRow.id);
  await giveAddress(db, buyerRow.id);
  await sendAgreementForSignature(services, { actor: asViewer(adminRow), input: { agreementId } });
  return agreementId;
}

const path = (id: number, tail = "sign") => `/v2/profile/agreements/${id}/${tail}`;

describe("the signing page", () => {
  it("shows the four sections to a party, judges the form (400, nothing written), signs, and the second signature seals", async () => {
    const agreementId = await sentAgreement();
    const buyerCookie = await sessionCookieFor(services, "buyer2@example.com");
    const page = await callRoute(signLoader as never, makeRequest(path(agreementId), { cookie: buyerCookie }), {
      agreementId: String(agreementId),
    });
    expect(page.status).toBe(200);
    expect(page.body.state).toBe("sign");
    expect(page.body.sections.map((s: { title: string }) => s.title)).toHaveLength(4);
    expect(page.body.sections[0].text).toContain("150 vacation points");

    const bad = await callRoute(
      signAction as never,
      makeRequest(path(agreementId), {
        cookie: buyerCookie,
        form: { legalName: "Ben Buyer", method: "typed", initials1: "BB", password: "demopass" },
      }),
      { agreementId: String(agreementId) },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Initial every section.");
    expect(await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId))).toEqual(
      [],
    );

    const form = (password: string) => ({
      legalName: "Ben Buyer",
      method: "typed",
      initials1: "BB",
      initials2: "BB",
      initials3: "BB",
      initials4: "BB",
      password,
    });
    const wrong = await callRoute(
      signAction as never,
      makeRequest(path(agreementId), { cookie: buyerCookie, form: form("not-my-password") }),
      { agreementId: String(agreementId) },
    );
    expect(wrong.status).toBe(400);
    const ok = await callRoute(
      signAction as never,
      makeRequest(path(agreementId), {
        cookie: buyerCookie,
        form: form("demopass"),
        headers: { "user-agent": "Signing test", "x-forwarded-for": "198.51.100.4" },
      }),
      { agreementId: String(agreementId) },
    );
    expect(ok.status).toBeGreaterThanOrEqual(300);
    expect(ok.location).toBe(`/v2/profile/agreements/${agreementId}`);
    const [sig] = await db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId));
    expect(sig).toMatchObject({ side: "buyer", legalName: "Ben Buyer", method: "typed", userAgent: "Signing test" });

    // Signed: the page says so and offers no form.
    const after = await callRoute(signLoader as never, makeRequest(path(agreementId), { cookie: buyerCookie }), {
      agreementId: String(agreementId),
    });
    expect(after.body.state).toBe("signed");

    const sellerCookie = await sessionCookieFor(services, "seller@example.com");
    // The seller's page asks the section 3 question (a Florida resort: FIRPTA only); the buyer's does not.
    expect(page.body.sellerQuestions).toBeNull();
    const sellerPage = await callRoute(signLoader as never, makeRequest(path(agreementId), { cookie: sellerCookie }), {
      agreementId: String(agreementId),
    });
    expect(sellerPage.body.sellerQuestions).toEqual({ residencyState: null });
    const undeclared = await callRoute(
      signAction as never,
      makeRequest(path(agreementId), {
        cookie: sellerCookie,
        form: { ...form("demopass"), legalName: "Sally Seller" },
      }),
      { agreementId: String(agreementId) },
    );
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.fields.sellerForeign[0]).toMatch(/foreign person for US tax/);
    await callRoute(
      signAction as never,
      makeRequest(path(agreementId), {
        cookie: sellerCookie,
        form: { ...form("demopass"), legalName: "Sally Seller", sellerForeign: "no" },
      }),
      { agreementId: String(agreementId) },
    );
    // Both signed: sealing, until the seal job has stored the sealed contract.
    expect((await db.select().from(agreements).where(eq(agreements.id, agreementId)))[0].status).toBe("sealing");
    expect(await workQueued(services, "agreements.seal")).toBe(1);
    expect((await db.select().from(agreements).where(eq(agreements.id, agreementId)))[0].status).toBe("deposit_due");
    const sealed = await db
      .select()
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "sealed_contract")));
    expect(sealed).toHaveLength(1);
  });

  it("serves the contract PDF to the parties only, as an attachment", async () => {
    const agreementId = await sentAgreement();
    const buyerCookie = await sessionCookieFor(services, "buyer2@example.com");
    const res = await callRoute(
      pdfLoader as never,
      makeRequest(path(agreementId, "contract.pdf"), { cookie: buyerCookie }),
      { agreementId: String(agreementId) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contract-VPM-\d{6}\.pdf"$/);
    expect(String(res.body).startsWith("%PDF-")).toBe(true);

    // Bella Buyer is no party to it.
    const strangerCookie = await sessionCookieFor(services, "buyer@example.com");
    const refused = await callRoute(
      pdfLoader as never,
      makeRequest(path(agreementId, "contract.pdf"), { cookie: strangerCookie }),
      { agreementId: String(agreementId) },
    );
    expect(refused.status).toBe(404);
  });
});

describe("the audit trail's viewed sections", () => {
  it("records each section a party scrolls to once, only while they have to sign, and refuses strangers and bad input", async () => {
    const { agreementEvents } = await import("~/db/schema");
    const agreementId = await sentAgreement();
    const buyerCookie = await sessionCookieFor(services, "buyer2@example.com");
    const viewed = (cookie: string, section: string) =>
      callRoute(
        signAction as never,
        makeRequest(path(agreementId), {
          cookie,
          form: { intent: "viewed", section },
          headers: { accept: "application/json", "user-agent": "Viewed test" },
        }),
        { agreementId: String(agreementId) },
      );
    for (const n of ["2", "2", "3"]) expect((await viewed(buyerCookie, n)).status).toBe(200);
    expect((await viewed(buyerCookie, "9")).status).toBe(400);
    const stranger = await sessionCookieFor(services, "buyer@example.com");
    expect((await viewed(stranger, "1")).status).toBe(404);
    const events = (await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId))).filter(
      (e) => e.event === "viewed",
    );
    expect(events.map((e) => [e.section, e.userAgent, e.note])).toEqual([
      [2, "Viewed test", `The buyer viewed section 2 of agreement ${formatAgreementNumber(agreementId)}`],
      [3, "Viewed test", `The buyer viewed section 3 of agreement ${formatAgreementNumber(agreementId)}`],
    ]);
  });
});

describe("the back office writes to the parties", () => {
  it("sends the message to whom it names, writes it in the audit trail, and refuses anyone else or an empty message", async () => {
    const { messageParties } = await import("~/modules/agreements/agreements.server");
    const { agreementEvents, mailOutbox } = await import("~/db/schema");
    const agreementId = await sentAgreement();
    const admin = asViewer(adminRow);
    await expect(
      messageParties(services, { actor: admin, input: { agreementId, to: "buyer", message: "" } }),
    ).rejects.toMatchObject({ status: 400, message: "Write the message." });
    await expect(
      messageParties(services, { actor: asViewer(sellerRow), input: { agreementId, to: "buyer", message: "Hello" } }),
    ).rejects.toMatchObject({ status: 403 });
    const r = await messageParties(services, {
      actor: admin,
      input: { agreementId, to: "buyer", message: "The title company needs a copy of your ID." },
    });
    expect(r.message).toBe(`Your message about agreement ${formatAgreementNumber(agreementId)} was sent to the buyer.`);
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "agreement-message"), eq(mailOutbox.to, buyerRow.email)));
    expect(mails.at(-1)?.text).toContain("The title company needs a copy of your ID.");
    const toSeller = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, "agreement-message"), eq(mailOutbox.to, sellerRow.email)));
    expect(toSeller).toHaveLength(0);
    const events = await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId));
    expect(events.map((e) => e.event)).toContain("message-sent");
    // The signing page's first view by the buyer is in the trail as "opened", once.
    const buyerCookie = await sessionCookieFor(services, "buyer2@example.com");
    for (let i = 0; i < 2; i++) {
      await callRoute(signLoader as never, makeRequest(path(agreementId), { cookie: buyerCookie }), {
        agreementId: String(agreementId),
      });
    }
    const opened = (await db.select().from(agreementEvents).where(eq(agreementEvents.agreementId, agreementId))).filter(
      (e) => e.event === "opened",
    );
    expect(opened).toHaveLength(1);
  });
});

describe("the contract's text is the one it was sent with", () => {
  it("an administrator's later edit of a section reaches contracts sent after it, not one already out for signature", async () => {
    const { messageTemplates } = await import("~/db/schema");
    const sent = await sentAgreement();
    await db
      .insert(messageTemplates)
      .values({
        key: "contract-section-1",
        subject: "Purchase agreement",
        text: "A NEW FIRST SECTION for {{ resort_name }}.",
      })
      .onConflictDoUpdate({
        target: messageTemplates.key,
        set: { text: "A NEW FIRST SECTION for {{ resort_name }}." },
      });
    const buyerCookie = await sessionCookieFor(services, "buyer2@example.com");
    const old = await callRoute(signLoader as never, makeRequest(path(sent), { cookie: buyerCookie }), {
      agreementId: String(sent),
    });
    expect(old.body.sections[0].text).not.toContain("A NEW FIRST SECTION");
    const later = await sentAgreement();
    const fresh = await callRoute(signLoader as never, makeRequest(path(later), { cookie: buyerCookie }), {
      agreementId: String(later),
    });
    expect(fresh.body.sections[0].text).toContain("A NEW FIRST SECTION");
    await db.delete(messageTemplates).where(eq(messageTemplates.key, "contract-section-1"));
  });
});
