import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementDocuments, agreements } from "~/db/schema";
import { renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { getContractSigningIdentity, sealContract } from "~/modules/contracts/contracts-seal.server";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import { upsertTemplateOverride } from "~/modules/notifications/mail-templates.queries.server";
import { storeSealedContract, VERIFY_MAX_BYTES } from "~/modules/contracts/contracts.server";
import { action as verifyAction } from "~/routes/public/verify";
import { buildOffer } from "../factories";
import { callRoute, startTestServices } from "../fixtures/services";
import { contractInput } from "./contracts-helpers";

const services = await startTestServices();
/** The page's action as React Router calls it (the test gives the request; the rest is unused). */
const action = (args: { request: Request }) => verifyAction(args as Parameters<typeof verifyAction>[0]);
const { db } = services;

/** An agreement row as issue 10's acceptance writes one (only what the schema needs). */
async function buildAgreement() {
  const offer = await buildOffer(db, { status: "accepted" });
  const [row] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: (await db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, offer.listingId) }))!.resortId,
      useMonth: 2,
      points: offer.points,
      pricePerPointCents: offer.pricePerPointCents,
      totalCents: offer.totalCents,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: offer.deedNames,
      status: "deposit_due",
    })
    .returning();
  return row;
}

function post(file: { bytes: Uint8Array; name: string } | null, headers: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("file", new File([file.bytes as BlobPart], file.name, { type: "application/pdf" }));
  return new Request("http://localhost:3000/verify", {
    method: "POST",
    body: form,
    headers: { origin: "http://localhost:3000", accept: "text/html", ...headers },
  });
}

describe("/verify", () => {
  it("answers valid with the agreement number for a sealed contract on record, and refuses an edited copy", async () => {
    const agreement = await buildAgreement();
    const identity = await getContractSigningIdentity(services.config);
    const pdf = await renderContractPdf({ ...contractInput(), agreementId: agreement.id }, { db });
    const sealed = await sealContract({ pdfBytes: pdf, identity, signers: [], auditTrail: [] });
    const doc = await storeSealedContract(services, { agreementId: agreement.id, sealed });
    expect(doc.sha256).toBe(sealed.sha256);
    const [row] = await db.select().from(agreementDocuments).where(eq(agreementDocuments.id, doc.id));
    expect(row.kind).toBe("sealed_contract");
    expect(await services.storage.get(row.storageKey)).not.toBeNull();

    const ok = await callRoute(action, post({ bytes: sealed.bytes, name: "contract.pdf" }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      kind: "valid",
      agreementNumber: `VPM-${String(agreement.id).padStart(6, "0")}`,
      sha256: sealed.sha256,
      // The certificate that sealed it is named (issue 29): here the configured one.
      certificate: { fingerprint256: identity.fingerprint256, current: true },
    });

    const edited = new Uint8Array(sealed.bytes);
    edited[1000] ^= 0x01;
    const bad = await callRoute(action, post({ bytes: edited, name: "contract.pdf" }));
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ kind: "invalid", message: "This file was changed after it was sealed." });
  });

  it("refuses a missing file, a file that is not a PDF (400) and one over 10 MB (413)", async () => {
    expect((await callRoute(action, post(null))).status).toBe(400);
    const notPdf = await callRoute(action, post({ bytes: new TextEncoder().encode("<html>hi</html>"), name: "x.pdf" }));
    expect(notPdf).toMatchObject({ status: 400, body: { kind: "refused", message: "This is not a PDF." } });
    const big = new Uint8Array(VERIFY_MAX_BYTES + 10);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const tooBig = await callRoute(action, post({ bytes: big, name: "big.pdf" }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/larger than 10 MB/);
    const urlencoded = new Request("http://localhost:3000/verify", {
      method: "POST",
      body: "file=",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect((await callRoute(action, urlencoded)).status).toBe(400);
  });

  it("says a contract PDF that was never sealed was not sealed by us", async () => {
    const pdf = await renderContractPdf(contractInput());
    const r = await callRoute(action, post({ bytes: pdf, name: "draft.pdf" }));
    expect(r.body).toMatchObject({ kind: "invalid", message: "This file was not sealed by Vacation Points Market." });
  });

  it("uses an administrator's stored version of a section when there is one", async () => {
    await upsertTemplateOverride(db, {
      key: "contract-section-2",
      subject: "Resale addendum (edited)",
      text: "Edited addendum for {{ resort_name }} on {{ site }}.",
      html: null,
      updatedBy: null,
    });
    const sections = await renderContractSections(contractInput(), { db });
    expect(sections[1]).toMatchObject({ title: "Resale addendum (edited)" });
    expect(sections[1].text).toMatch(/^Edited addendum for Animal Kingdom Villas on /);
    expect(sections[0].title).toBe("Purchase agreement");
  });

  it("issue 28: limits files checked per address (10 in 10 minutes), then 429 with a message, before parsing", async () => {
    const { ADDRESS_LIMITS } = await import("~/lib/rate-limit.server");
    // A post without a file is judged and not counted.
    expect((await callRoute(action, post(null, { "x-vpm-client-address": "10.28.0.1" }))).status).toBe(400);
    const notPdf = { bytes: new TextEncoder().encode("not a pdf"), name: "x.pdf" };
    const from = (ip: string) => post(notPdf, { "x-vpm-client-address": ip });
    for (let i = 0; i < ADDRESS_LIMITS.verify.limit; i++) {
      expect((await callRoute(action, from("10.28.0.1"))).status).toBe(400);
    }
    const refused = await callRoute(action, from("10.28.0.1"));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ kind: "refused" });
    expect(refused.body.message).toMatch(/most we allow from one address\. Try again in 10 minutes\./);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    // Another address is not affected.
    expect((await callRoute(action, from("10.28.0.2"))).status).toBe(400);
  });
});
