import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementDocuments } from "~/db/schema";
import { sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { loader as documentLoader } from "~/routes/agreements/document";
import { loader as contractLoader } from "~/routes/profile/agreement-contract-pdf";
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
const stranger = await sessionCookieFor(services, strangerRow.email, FACTORY_PASSWORD);

async function sentAgreement() {
  const listing = await buildListing(db, { seller: seller.row as never, points: 120 });
  const offer = await buildOffer(db, { listing, buyer: buyer.row as never });
  const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
  return agreementId;
}

const sign = (who: SigningParty, agreementId: number) => signAndSeal(services, who, agreementId);

const contract = (cookie: string, id: number, query = "") =>
  callRoute(contractLoader as never, makeRequest(`/v2/profile/agreements/${id}/contract.pdf${query}`, { cookie }), {
    agreementId: String(id),
  });
const file = (cookie: string, id: number, docId: number, query = "") =>
  callRoute(documentLoader as never, makeRequest(`/agreements/${id}/documents/${docId}${query}`, { cookie }), {
    agreementId: String(id),
    documentId: String(docId),
  });

function expectSafePdf(res: { status: number; headers: Headers; body: unknown }, disposition: "inline" | "attachment") {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toMatch(
    new RegExp(`^${disposition}; filename="[A-Za-z0-9._-]+\\.pdf"$`),
  );
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(String(res.body).startsWith("%PDF-")).toBe(true);
}

describe("the agreement's PDFs inline, for the in-page viewer", () => {
  it("serves the contract inline with ?inline=1 to the parties and administrators, an attachment otherwise; a stranger gets 404", async () => {
    const id = await sentAgreement();
    for (const who of [buyer, seller, admin]) {
      expectSafePdf(await contract(who.cookie, id, "?inline=1"), "inline");
      expectSafePdf(await contract(who.cookie, id), "attachment");
      // Only the exact flag turns it inline.
      expectSafePdf(await contract(who.cookie, id, "?inline=yes"), "attachment");
    }
    const refused = await contract(stranger, id, "?inline=1");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-disposition")).toBeNull();
  });

  it("serves a stored file (the sealed contract) inline with the same checks", async () => {
    const id = await sentAgreement();
    await sign(buyer, id);
    await sign(seller, id);
    const [sealed] = await db
      .select()
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.agreementId, id), eq(agreementDocuments.kind, "sealed_contract")));
    expect(sealed).toBeDefined();
    for (const who of [buyer, seller, admin]) {
      expectSafePdf(await file(who.cookie, id, sealed.id, "?inline=1"), "inline");
      expectSafePdf(await file(who.cookie, id, sealed.id), "attachment");
    }
    const refused = await file(stranger, id, sealed.id, "?inline=1");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-disposition")).toBeNull();
    // Another agreement's id with this file's id is still not this file, inline or not.
    const other = await sentAgreement();
    expect((await file(buyer.cookie, other, sealed.id, "?inline=1")).status).toBe(404);
  });
});
