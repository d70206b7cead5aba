import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementDocuments, agreements, user } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { sendAgreementForSignature } from "~/modules/agreements/agreements.server";
import { sampleContractInput } from "~/modules/contracts/contract-sections.server";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { buildListing, buildOffer } from "../factories";
import { demoParty } from "../fixtures/parties";
import { startTestServices } from "../fixtures/services";
import { signAndSeal } from "../fixtures/signing";

/**
 * Decision 0093: /admin/tweaks "Contract". A contract drawn after a save prints the new values; a contract already
 * sent or sealed keeps the text and the PDF it had.
 */
const services = await startTestServices();
const db = services.db;
const admin = await demoParty(services, "admin@example.com");
const seller = await demoParty(services, "seller@example.com");
const buyer = await demoParty(services, "buyer2@example.com");
const save = (input: Record<string, unknown>) =>
  saveTweaks(services, { actor: admin.viewer, input: { intent: "contract", ...input } });
const CONTRACT = {
  contract_governing_state: "Florida",
  contract_closing_target_days: "0",
  contract_company_address: "",
};

async function sentAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 160 });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never });
  const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  await sendAgreementForSignature(services, { actor: admin.viewer, input: { agreementId } });
  return agreementId;
}
const sectionOne = async (agreementId: number) =>
  (await db.select().from(agreements).where(eq(agreements.id, agreementId)))[0].contractSections?.[0].text ?? "";
const sealedDocument = async (agreementId: number) =>
  (
    await db
      .select()
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.kind, "sealed_contract")))
  )[0];

describe("Contract", () => {
  it("a new contract prints the saved values; a contract already sealed keeps its text and its PDF", async () => {
    const sealedId = await sentAgreement();
    await signAndSeal(services, buyer, sealedId);
    await signAndSeal(services, seller, sealedId);
    const sealedBefore = await sealedDocument(sealedId);
    expect(sealedBefore?.sha256).toBeTruthy();
    const sealedText = await sectionOne(sealedId);
    expect(sealedText).toContain("governed by the laws of the State of Florida.");

    await save({
      contract_governing_state: "Georgia",
      contract_closing_target_days: "60",
      contract_company_address: "100 Peachtree St, Atlanta, GA 30303",
    });

    const newId = await sentAgreement();
    const text = await sectionOne(newId);
    expect(text).toContain("governed by the laws of the State of Georgia.");
    expect(text).toContain("through Vacation Points Market, of 100 Peachtree St, Atlanta, GA 30303.");

    // The agreement names no closing date: the contract date plus 60 days.
    const sample = { ...sampleContractInput(new Date("2026-03-03T15:00:00Z")) };
    sample.terms = { ...sample.terms, targetClosingDate: null };
    sample.contractDate = new Date("2026-03-03T15:00:00Z");
    const [one] = await renderContractSections(sample, { db });
    expect(one.text).toContain("Target closing: May 2, 2026 or as soon as practical after it.");

    // Sealed before the change: the same text and the very same sealed PDF.
    expect(await sectionOne(sealedId)).toBe(sealedText);
    const sealedAfter = await sealedDocument(sealedId);
    expect(sealedAfter.sha256).toBe(sealedBefore.sha256);
    expect(sealedAfter.storageKey).toBe(sealedBefore.storageKey);

    await save(CONTRACT);
    const [plain] = await renderContractSections(sample, { db });
    expect(plain.text).toContain("Target closing: as soon as practical.");
    expect(plain.text).not.toContain(", of 100 Peachtree");
  });

  it("refuses an empty governing state and writes nothing", async () => {
    await save({ ...CONTRACT, contract_governing_state: "Texas" });
    const e = await save({ ...CONTRACT, contract_governing_state: "  " }).then(
      () => null,
      (err) => (isAppError(err) ? err : Promise.reject(err)),
    );
    expect(e?.status).toBe(400);
    const [one] = await renderContractSections(sampleContractInput(), { db });
    expect(one.text).toContain("State of Texas.");
  });
});
