import { describe, expect, it } from "vitest";
import { agreements } from "~/db/schema";
import { createSelfSignedP12, readP12, sealIdentitiesAtStart } from "~/lib/pdf-seal.server";
import { APP_PARTS } from "~/modules/app-parts.server";
import { renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { getContractSigningIdentity, sealContract } from "~/modules/contracts/contracts-seal.server";
import { storeSealedContract } from "~/modules/contracts/contracts.server";
import { action as verifyAction } from "~/routes/public/verify";
import { buildOffer } from "../factories";
import { callRoute, startTestServices } from "../fixtures/services";
import { contractInput } from "./contracts-helpers";

/**
 * Issue 29: rotating the contract seal's certificate (SIGNING_P12_BASE64) never invalidates what the earlier one
 * sealed. Start-up records the certificate it seals with (the settings row `seal_certificates`); /verify accepts a
 * sealed file on record carrying any recorded certificate and names it. A certificate never recorded is still
 * someone else's seal.
 */
const passphrase = "rotation-pass";
const certA = createSelfSignedP12({ passphrase, commonName: "VPM seal 2025" });
const certB = createSelfSignedP12({ passphrase, commonName: "VPM seal 2026" });
const services = await startTestServices({
  SIGNING_P12_BASE64: certA.toString("base64"),
  SIGNING_P12_PASSPHRASE: passphrase,
});
const { db } = services;
const action = (args: { request: Request }) => verifyAction(args as Parameters<typeof verifyAction>[0]);

async function sealedOnRecord(identity: Awaited<ReturnType<typeof getContractSigningIdentity>>) {
  const offer = await buildOffer(db, { status: "accepted" });
  const listing = await db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, offer.listingId) });
  const [agreement] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing!.resortId,
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
  const pdf = await renderContractPdf({ ...contractInput(), agreementId: agreement.id }, { db });
  const sealed = await sealContract({ pdfBytes: pdf, identity, signers: [], auditTrail: [] });
  await storeSealedContract(services, { agreementId: agreement.id, sealed });
  return { agreement, sealed };
}

function post(bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "contract.pdf", { type: "application/pdf" }));
  return new Request("http://localhost:3000/verify", {
    method: "POST",
    body: form,
    headers: { origin: "http://localhost:3000", accept: "text/html" },
  });
}

describe("rotating the signing certificate", () => {
  it("keeps a contract sealed with the earlier certificate valid on /verify, naming that certificate", async () => {
    const identityA = await getContractSigningIdentity(services.config);
    expect(identityA.fingerprint256).toBe(readP12(certA, passphrase, "env").fingerprint256);
    const before = await sealedOnRecord(identityA);

    // The operator sets SIGNING_P12_BASE64 to certificate B and restarts: start-up records B as well.
    services.config.signingP12Base64 = certB.toString("base64");
    const atStart = await sealIdentitiesAtStart({
      dataDir: services.config.dataDir,
      p12Base64: services.config.signingP12Base64,
      passphrase,
    });
    await APP_PARTS.rememberSealCertificates?.(db, atStart);
    const identityB = await getContractSigningIdentity(services.config);
    expect(identityB.fingerprint256).not.toBe(identityA.fingerprint256);

    const old = await callRoute(action, post(before.sealed.bytes));
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({
      kind: "valid",
      agreementNumber: `VPM-${String(before.agreement.id).padStart(6, "0")}`,
      certificate: { name: "VPM seal 2025", fingerprint256: identityA.fingerprint256, current: false },
    });
    expect(old.body.message).toContain(
      `It was sealed with our earlier certificate "VPM seal 2025" (SHA-256 ${identityA.fingerprint256})`,
    );

    // What B seals is valid too, as the current certificate.
    const after = await sealedOnRecord(identityB);
    const now = await callRoute(action, post(after.sealed.bytes));
    expect(now.body).toMatchObject({
      kind: "valid",
      certificate: { name: "VPM seal 2026", current: true },
    });
    expect(now.body.message).toBe("This is an untouched contract sealed by Vacation Points Market.");

    // A changed copy of the earlier contract is "changed", not someone else's seal.
    const edited = new Uint8Array(before.sealed.bytes);
    edited[1000] ^= 0x01;
    const bad = await callRoute(action, post(edited));
    expect(bad.body).toMatchObject({ kind: "invalid", message: "This file was changed after it was sealed." });
  });

  it("still refuses a certificate that was never this site's, even for a file on record", async () => {
    const stranger = readP12(createSelfSignedP12({ passphrase, commonName: "Not us" }), passphrase, "env");
    const forged = await sealedOnRecord(stranger);
    const r = await callRoute(action, post(forged.sealed.bytes));
    expect(r.body).toMatchObject({
      kind: "invalid",
      message: "This file was not sealed by Vacation Points Market: it carries someone else's digital signature.",
    });
  });
});
