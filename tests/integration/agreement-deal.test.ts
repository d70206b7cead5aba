import { formatAgreementNumber } from "~/lib/format";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, mailOutbox, marketingTemplates, user } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { getAgreementDealForStaff } from "~/modules/agreements/agreement-deal.server";
import {
  answerRofr,
  sendAgreementForSignature,
  submitForRofr,
  takeAgreementStep,
} from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { action as deedAction } from "~/routes/admin/agreement-deed";
import { loader as dealLoader } from "~/routes/admin/agreement-deal";
import { loader as engineListLoader } from "~/routes/admin/resource/list";
import { loader as engineViewLoader } from "~/routes/admin/resource/view";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";
import { signAndSeal, type SigningParty } from "../fixtures/signing";

/**
 * The back office's deal page (/admin/agreements/{id}/deal), the engine's row page linking to it, and the mail to
 * both parties when the recorded deed is uploaded.
 */
const services = await startTestServices();
const db = services.db;

const demo = (email: string) => demoParty(services, email);

const admin = await demo("admin@example.com");
const seller = await demo("seller@example.com");
const buyer = await demo("buyer2@example.com");
const strangerRow = await buildUser(db, { role: "buyer" });
const stranger = { cookie: await sessionCookieFor(services, strangerRow.email, FACTORY_PASSWORD) };

/** A fresh listing of the demo seller, an offer by the demo buyer, accepted: the agreement's id and listing. */
async function anAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    resortCode: "BLT",
    points: 160,
    pricePerPointCents: 15000,
  });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  return (await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } })).agreementId;
}

const sign = (who: SigningParty, agreementId: number) => signAndSeal(services, who, agreementId);

/** An agreement signed by both, its deposit received and submitted for ROFR. */
async function rofrSubmitted() {
  const agreementId = await anAgreement();
  await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
  await sign(buyer, agreementId);
  await sign(seller, agreementId);
  await takeAgreementStep(services, { actor: admin.viewer, input: { agreementId }, step: "receiveDeposit" });
  const today = new Date().toISOString().slice(0, 10);
  await submitForRofr(services, { actor: admin.viewer, input: { agreementId, submittedOn: today } });
  return agreementId;
}

const dealPage = (cookie: string | null, id: number | string) =>
  callRoute(dealLoader as never, makeRequest(`/admin/agreements/${id}/deal`, cookie ? { cookie } : {}), {
    id: String(id),
  });

type Fn = (args: any) => unknown;
/** An engine route as React Router calls it: with the matched pattern. */
const engine = (fn: Fn, path: string, cookie: string) => {
  const request = makeRequest(path, { cookie });
  const pattern = path.split("?")[0].replace(/\/\d+$/, "/:id");
  return callRoute(((a: object) => fn({ ...a, pattern, url: new URL(request.url) })) as never, request, {
    id: path.split("?")[0].split("/").pop() ?? "",
  });
};

describe("the deal page", () => {
  it("shows an administrator the deal: parties, timeline, both sides' statement, files, audit trail, tax declarations", async () => {
    const id = await anAgreement();
    await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId: id } });
    await sign(buyer, id);

    const res = await dealPage(admin.cookie, id);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.agreement).toMatchObject({ id, listingCode: expect.stringMatching(/^VPM-/), points: 160, ended: false });
    expect(d.agreement.useYear).toMatch(/^[A-Z][a-z]+$/);
    expect(d.agreement.listingPath).toMatch(/^\/listing-info\/\d+$/);
    expect(d.agreement.rofr).toBe("Not submitted to the developer yet");
    expect(d.buyer).toEqual({
      name: buyer.viewer.name,
      email: buyer.viewer.email,
      adminPath: `/admin/users/${buyer.viewer.userUniqid}/edit`,
    });
    expect(d.seller.adminPath).toBe(`/admin/users/${seller.viewer.userUniqid}/edit`);
    expect(d.timeline.items.find((i: { state: string }) => i.state === "current")).toMatchObject({ step: "signed" });
    expect(d.now.title).toBe("Waiting for the signatures");
    expect(d.statement.buyer.lines.length).toBeGreaterThan(0);
    expect(d.statement.seller.lines.length).toBeGreaterThan(0);
    // The buyer's signature in the audit trail, with who, the IP address and the user agent.
    expect(d.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: "signed",
          who: buyer.viewer.name,
          ipAddress: "203.0.113.7",
          userAgent: "Vitest browser",
        }),
      ]),
    );
    expect(d.documents).toEqual([]);
    expect(d.taxes).toMatchObject({ residencyState: null, foreign: null, stateResident: null, declaredAt: null });
    expect(d.paths).toEqual({
      list: "/admin/agreements",
      row: `/admin/agreements/${id}`,
      deed: `/admin/agreements/${id}/deed`,
    });
    // Nothing internal of the agreement row goes to the page.
    expect(JSON.stringify(d)).not.toContain("contractSections");

    // The seller's declarations, once made, are shown as made.
    await db
      .update(agreements)
      .set({ sellerForeign: true, sellerStateResident: false, sellerTaxDeclaredAt: new Date() })
      .where(eq(agreements.id, id));
    expect((await dealPage(admin.cookie, id)).body.taxes).toMatchObject({ foreign: true, stateResident: false });
  });

  it("is refused to the parties, a stranger and a visitor; an unknown agreement is 404", async () => {
    const id = await anAgreement();
    for (const cookie of [buyer.cookie, seller.cookie, stranger.cookie]) {
      const res = await dealPage(cookie, id);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
    }
    const anonymous = await dealPage(null, id);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/sign-in\?redirectTo=/);
    // The service refuses anyone but an administrator, whatever the route does.
    for (const actor of [buyer.viewer, seller.viewer, { ...admin.viewer, impersonatedBy: "someone" }]) {
      const err = await getAgreementDealForStaff(services, { actor, input: { agreementId: id } }).catch((e) => e);
      expect(isAppError(err) && err.status).toBe(403);
    }
    expect((await dealPage(admin.cookie, 2_000_000_000)).status).toBe(404);
    expect((await dealPage(admin.cookie, "abc")).status).toBeGreaterThanOrEqual(400);
    expect((await dealPage(admin.cookie, "abc")).status).toBeLessThan(500);
  });

  it("after a buy-back: the ROFR result, the deal ended, no closing statement", async () => {
    const id = await rofrSubmitted();
    expect((await dealPage(admin.cookie, id)).body.agreement.rofr).toMatch(/^Submitted .*waiting for the developer/);
    await answerRofr(services, { actor: admin.viewer, input: { agreementId: id, result: "exercised" } });
    const d = (await dealPage(admin.cookie, id)).body;
    expect(d.agreement).toMatchObject({ status: "rofr_exercised", ended: true });
    expect(d.agreement.rofr).toMatch(/^Exercised .*the developer bought the contract back \(buy-back\)$/);
    expect(d.timeline.items.at(-1)).toMatchObject({ step: "ended", state: "current" });
    expect(d.now.title).toBe("The deal ended: the developer bought the contract back");
    expect(d.statement).toBeNull();
  });
});

describe("the engine's agreement page links out", () => {
  it("links the row page to the deal page and the deed upload; the list's number opens the deal page", async () => {
    const id = await anAgreement();
    const view = await engine(engineViewLoader, `/admin/agreements/${id}`, admin.cookie);
    expect(view.status).toBe(200);
    expect(view.body.links).toEqual([
      { label: "Deal timeline and closing statement", href: `/admin/agreements/${id}/deal` },
      { label: "Recorded deed", href: `/admin/agreements/${id}/deed` },
    ]);
    const list = await engine(engineListLoader, `/admin/agreements?f.stage=&q=`, admin.cookie);
    const row = list.body.rows.find((r: { id: string }) => r.id === String(id));
    expect(row.links.number).toBe(`/admin/agreements/${id}/deal`);
    // A resource without links has none.
    // (The mail log's page links its message's download since decision 0091: a marketing template's has none.)
    const [template] = await db
      .insert(marketingTemplates)
      .values({ name: "No links", subject: "Hello", body: "<p>Hello</p>" })
      .returning();
    const page = await engine(engineViewLoader, `/admin/marketing/email-templates/${template.id}`, admin.cookie);
    expect(page.status).toBe(200);
    expect(page.body.links).toEqual([]);
  });
});

function upload(cookie: string, id: number) {
  const form = new FormData();
  form.set(
    "deed",
    new File([Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n")], "recorded-deed.pdf", {
      type: "application/pdf",
    }),
  );
  const request = new Request(`http://localhost:3000/admin/agreements/${id}/deed`, {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000" },
    body: form,
  });
  return callRoute(deedAction as never, request, { id: String(id) });
}

const deedMails = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "agreement-deed-recorded")))
    .orderBy(desc(mailOutbox.id));

describe("the recorded deed's mail", () => {
  it("goes to both parties once per upload, with a link to their agreement page", async () => {
    const id = await anAgreement();
    const before = {
      buyer: (await deedMails(buyer.viewer.email)).length,
      seller: (await deedMails(seller.viewer.email)).length,
    };
    const res = await upload(admin.cookie, id);
    expect(res.status).toBe(303);
    for (const who of [buyer, seller]) {
      const mails = await deedMails(who.viewer.email);
      expect(mails).toHaveLength(before[who === buyer ? "buyer" : "seller"] + 1);
      const [mail] = mails;
      expect(mail.subject).toBe(
        `The deed for agreement ${formatAgreementNumber(id)} is recorded: the next step is closing`,
      );
      expect(mail.text).toContain("recorded in the county");
      expect(mail.text).toMatch(/points are transferred to the buyer's membership/);
      expect(mail.text).toContain(`http://localhost:3000/v2/profile/agreements/${id}`);
      expect(mail.html).toContain(`href="http://localhost:3000/v2/profile/agreements/${id}"`);
    }
    // A refused upload (not a PDF) mails nobody; a second deed is a second mail.
    const count = async () => (await deedMails(buyer.viewer.email)).length;
    const n = await count();
    const form = new FormData();
    form.set("deed", new File(["<html></html>"], "deed.pdf", { type: "application/pdf" }));
    const refused = await callRoute(
      deedAction as never,
      new Request(`http://localhost:3000/admin/agreements/${id}/deed`, {
        method: "POST",
        headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
        body: form,
      }),
      { id: String(id) },
    );
    expect(refused.status).toBe(400);
    expect(await count()).toBe(n);
    expect((await upload(admin.cookie, id)).status).toBe(303);
    expect(await count()).toBe(n + 1);
  });
});
