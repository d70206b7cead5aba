import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { residencyStateOf } from "./tax-rates";
import { drawContractPdf, renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import { missingContractFacts } from "~/modules/contracts/contract-facts";
import {
  type ContractInput,
  type ContractParty,
  formatAgreementNumber,
  type SealAuditEvent,
  type SealSigner,
} from "~/modules/contracts/contracts.types";
import { getAgreementTweaks } from "~/modules/settings/tweaks.server";
import { closingCostsFor } from "~/modules/title-companies/title-companies.server";
import { stateNameOf } from "~/modules/title-companies/us-states";
import { visibleAgreement } from "./agreement-access.server";
import { signingState } from "./agreement-signing.server";
import { ownSide } from "~/modules/offers/offers.rules";
import { recordAgreementEvent } from "./agreement.workflow";
import { AgreementIdSchema, SectionViewedSchema } from "./agreements.schema";
import {
  type AgreementRow,
  selectAgreement,
  selectAgreementEvents,
  selectContractParty,
  selectDocuments,
  selectListingPoints,
  selectResortForContract,
  selectSignatures,
  selectTitleCompany,
  updateAgreementColumns,
} from "./agreements.queries.server";

/**
 * The agreement's contract as the contracts module draws it (decision 0035): the terms as accepted, the parties'
 * names and mailing addresses from their profiles, the seller's first sentence, the resort, the title company and the
 * signatures made so far.
 */
export async function contractInputFor(db: Db | Tx, a: AgreementRow): Promise<ContractInput> {
  const [buyer, seller, resort, company, signatures, tweaks] = [
    await selectContractParty(db, a.buyerId),
    a.sellerId ? await selectContractParty(db, a.sellerId) : null,
    await selectResortForContract(db, a.resortId),
    await selectTitleCompany(db, a.titleCompanyId),
    await selectSignatures(db, a.id),
    await getAgreementTweaks(db),
  ];
  const held = await selectListingPoints(db, a.listingId);
  const year = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric" }).format(a.createdAt),
  );
  const pointsPerUseYear = held
    ? [
        { label: `${year - 1} use year (banked)`, points: held.prev },
        { label: `${year} use year (current)`, points: held.curr },
        { label: `${year + 1} use year (next)`, points: held.next },
      ]
    : undefined;
  const costs = company ? await closingCostsFor(db, { companyId: company.id, resortId: a.resortId }) : null;
  const party = (p: Awaited<ReturnType<typeof selectContractParty>>): ContractParty => ({
    // Nothing on file is nothing: sending checks the facts (missingContractFacts), never a placeholder.
    legalNames: p?.name?.trim() ? [p.name.trim()] : [],
    // No street address on file: no address (not a bare country); sending refuses until there is one.
    address: p?.addressLine1
      ? [p.addressLine1, p.addressLine2, p.city, [p.state, p.postalCode].filter(Boolean).join(" "), p.country]
          .filter((x) => x && String(x).trim())
          .join(", ")
      : "",
    email: p?.email ?? null,
    phone: p?.phone ?? null,
  });
  const stamp = (side: "buyer" | "seller") => {
    const s = signatures.find((x) => x.side === side);
    return s
      ? {
          legalName: s.legalName,
          method: s.method,
          imagePng: s.imagePng,
          signedAt: s.signedAt,
          initials: s.initials,
        }
      : undefined;
  };
  return {
    agreementId: a.id,
    contractDate: a.sentForSignatureAt ?? a.createdAt,
    buyer: { ...party(buyer), deedNames: a.deedNames },
    seller: {
      ...(seller ? party(seller) : { legalNames: ["The seller of record (broker listing)"], address: "" }),
      firstSentenceOfContract: seller?.firstSentenceOfContract ?? null,
      // Decision 0056: the seller's own answers at signing, never the profile's guess.
      declared:
        a.sellerTaxDeclaredAt && a.sellerForeign !== null
          ? { foreign: a.sellerForeign, stateResident: a.sellerStateResident }
          : null,
    },
    resort: resort ?? { code: a.resortCode, name: a.resortName, contractEndYear: null },
    terms: {
      points: a.points,
      useMonth: a.useMonth,
      ...(pointsPerUseYear ? { pointsPerUseYear } : {}),
      pricePerPointCents: a.pricePerPointCents,
      totalCents: Number(a.totalCents),
      depositCents: Number(a.depositCents ?? 0),
      depositDueHours: tweaks.depositHours,
      duesPaidBy: a.duesPaidBy,
      closingCostsPaidBy: a.closingCostsPaidBy,
      financing: a.financing,
      targetClosingDate: a.targetClosingDate,
    },
    titleCompany: company
      ? {
          name: company.name,
          contactName: company.contactName,
          email: company.email,
          phone: company.phone,
          wireInstructions: company.wireInstructions,
          fees:
            costs && !costs.noCostTable
              ? {
                  closingFeeCents: costs.closingFeeCents,
                  recordingFeeCents: costs.recordingFeeCents,
                  titleSearchCents: costs.titleSearchCents,
                  estoppelFeeCents: costs.estoppelFeeCents,
                }
              : null,
        }
      : null,
    signatures: {
      ...(stamp("buyer") ? { buyer: stamp("buyer") } : {}),
      ...(stamp("seller") ? { seller: stamp("seller") } : {}),
    },
  };
}

/** The contract as a PDF now (unsigned, or with the signatures made so far), with the text it was sent with. */
export async function contractPdfFor(db: Db | Tx, a: AgreementRow) {
  const input = await contractInputFor(db, a);
  return a.contractSections ? drawContractPdf(input, a.contractSections) : renderContractPdf(input, { db });
}

/** The four sections as they read now: the text the contract was sent with, or (not sent yet) the templates'. */
async function sectionsOf(db: Db | Tx, a: AgreementRow) {
  return a.contractSections ?? renderContractSections(await contractInputFor(db, a), { db });
}

/**
 * Keeps the contract's text as it goes out for signature (inside the sending transaction): both parties read and
 * sign that text, and that text is sealed, whatever the templates say later.
 */
export async function snapshotContractSections(tx: Tx, agreementId: number) {
  const a = await selectAgreement(tx, agreementId);
  if (!a) return;
  const sections = await renderContractSections(await contractInputFor(tx, { ...a, contractSections: null }), {
    db: tx,
  });
  await updateAgreementColumns(tx, a.id, { contractSections: sections });
}

/**
 * The certificate page's signers and audit trail (the contract's, an addendum's): each signature with its time, IP
 * address and browser, and the agreement's events given.
 */
export function certificateOf(
  signatures: {
    side: "buyer" | "seller";
    legalName: string;
    signedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    method: "drawn" | "typed";
  }[],
  events: Awaited<ReturnType<typeof selectAgreementEvents>>,
): { signers: SealSigner[]; auditTrail: SealAuditEvent[] } {
  return {
    signers: signatures.map((s) => ({
      side: s.side,
      name: s.legalName,
      signedAt: s.signedAt,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      method: s.method,
    })),
    auditTrail: events.map((e) => ({
      at: e.createdAt,
      event: e.event,
      actor: e.actorName,
      section: e.section,
      ipAddress: e.ipAddress,
      userAgent: e.userAgent,
      note: e.note,
    })),
  };
}

const SIGNABLE = ["out_for_signature", "signed_by_buyer", "signed_by_seller"] as const;

/**
 * The contract for its signing page: the four sections as they read for this agreement, and whether the viewer signs
 * now (their own account, their side not yet signed, the contract out for signature).
 */
export async function getContractForSigning(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: unknown; client?: { ipAddress: string | null; userAgent: string | null } },
) {
  const { agreementId } = parseId(args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  const sections = await sectionsOf(deps.db, a);
  const { side, state, signedAt } = await signingState(deps.db, {
    agreement: a,
    actor: args.actor,
    signedAt: { buyer: a.buyerSignedAt, seller: a.sellerSignedAt },
    unsigned: (SIGNABLE as readonly string[]).includes(a.status)
      ? "sign"
      : a.status === "created"
        ? "not-sent"
        : "closed",
    opened: { event: "opened", what: `the contract of agreement ${formatAgreementNumber(a.id)}` },
    client: args.client,
  });
  const residency = residencyStateOf(a.resortCode);
  return {
    agreement: { id: a.id, listingCode: a.listingCode, resortName: a.resortName, points: a.points, status: a.status },
    side,
    state,
    /** The seller's section 3 questions: the state whose residency they declare (HARPTA), if any. */
    sellerQuestions:
      side === "seller" && state === "sign" ? { residencyState: residency ? stateNameOf(residency) : null } : null,
    signedAt: signedAt?.toISOString() ?? null,
    /** Signed by both: the contract's download is the sealed file on record. */
    sealed: a.sealedAt !== null,
    legalName: args.actor.name,
    sections,
  };
}

/**
 * The audit trail's "viewed section N": the sign page reports each section once the party has scrolled it into view.
 * Kept once per party and section, only while that party still has to sign, and only in the agreement's own trail.
 */
export async function recordSectionViewed(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; input: unknown; client: { ipAddress: string | null; userAgent: string | null } },
) {
  const r = SectionViewedSchema.safeParse(args.input);
  if (!r.success) throw new AppError("BAD_INPUT", "Give the section (1 to 4) that was read.");
  const a = await visibleAgreement(deps.db, args.actor, r.data.agreementId);
  const side = ownSide(args.actor, a);
  const signedAt = side === "buyer" ? a.buyerSignedAt : side === "seller" ? a.sellerSignedAt : null;
  if (!side || args.actor.impersonatedBy || signedAt || !(SIGNABLE as readonly string[]).includes(a.status)) {
    return { recorded: false };
  }
  const { section } = r.data;
  const seen = (await selectAgreementEvents(deps.db, a.id)).some(
    (e) => e.event === "viewed" && e.section === section && e.actorId === args.actor.id,
  );
  if (seen) return { recorded: false };
  await deps.db.transaction((tx) =>
    recordAgreementEvent(tx, {
      agreement: a,
      actor: args.actor,
      side,
      event: "viewed",
      section,
      sentence: `The ${side} viewed section ${section} of agreement ${formatAgreementNumber(a.id)}`,
      ipAddress: args.client.ipAddress,
      userAgent: args.client.userAgent,
      journal: false,
    }),
  );
  return { recorded: true };
}

/**
 * The contract as a PDF for a party or an administrator: once sealed, the sealed file on record (the one /verify
 * knows), never a fresh unsealed drawing; before, the contract unsigned or with the signatures made so far.
 */
export async function contractPdfForViewer(
  deps: Pick<Services, "db"> & Partial<Pick<Services, "storage">>,
  args: { actor: Viewer; input: unknown },
) {
  const { agreementId } = parseId(args.input);
  const a = await visibleAgreement(deps.db, args.actor, agreementId);
  if (a.sealedAt && deps.storage) {
    const [sealed] = await selectDocuments(deps.db, a.id, "sealed_contract");
    const file = sealed ? await deps.storage.get(sealed.storageKey) : null;
    if (sealed && file) {
      const chunks: Buffer[] = [];
      for await (const c of file.body) chunks.push(Buffer.from(c));
      return { bytes: new Uint8Array(Buffer.concat(chunks)), fileName: sealed.fileName, sealed: true };
    }
  }
  return {
    bytes: await contractPdfFor(deps.db, a),
    fileName: `contract-${formatAgreementNumber(a.id)}.pdf`,
    sealed: false,
  };
}

/**
 * What the four sections would print with a blank or a placeholder (decision 0056): each party's legal name and
 * mailing address, the names for the deed, the use year, the points and the price, as the contract would be drawn
 * now (with the title company given). Empty when the contract can go out to sign.
 */
export async function missingFactsOf(db: Db | Tx, a: AgreementRow) {
  const input = await contractInputFor(db, { ...a, contractSections: null });
  return {
    missing: missingContractFacts(input, { sellerOfRecord: !a.sellerId }),
    names: { buyer: input.buyer.legalNames[0], seller: a.sellerId ? input.seller.legalNames[0] : undefined },
  };
}

/**
 * Writes the seller's section 3 answers into the text that is signed and sealed (decision 0056): section 3 of the
 * snapshot is drawn again with the declarations just stored; the other sections stay as they were sent.
 */
export async function writeDeclarationsIntoContract(tx: Tx, agreementId: number) {
  const a = await selectAgreement(tx, agreementId);
  if (!a?.contractSections) return;
  const fresh = await renderContractSections(await contractInputFor(tx, { ...a, contractSections: null }), { db: tx });
  const section3 = fresh.find((s) => s.number === 3);
  if (!section3) return;
  await updateAgreementColumns(tx, a.id, {
    contractSections: a.contractSections.map((s) => (s.number === 3 ? section3 : s)),
  });
}

function parseId(input: unknown) {
  const r = AgreementIdSchema.safeParse(input);
  if (!r.success) throw new AppError("NOT_FOUND", "This agreement does not exist.");
  return r.data;
}
