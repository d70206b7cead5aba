import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { PDFDocument } from "pdf-lib";
import { type Config, getConfig } from "~/lib/config.server";
import { formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import {
  checkPdfSignature,
  describeCertificate,
  loadSigningIdentity,
  type SigningIdentity,
  sha256Hex,
  signPdf,
} from "~/lib/pdf-seal.server";
import { embedFonts, PageFlow, PAPER, printable } from "./contracts-pdf.server";
import type { SealAuditEvent, SealSigner } from "./contracts.types";

/**
 * Sealing and checking a signed contract (decision 0035): a certificate page listing each signer and the audit
 * trail is appended, then the file gets a PAdES-style signature (`adbe.pkcs7.detached`, SHA-256) made with the
 * product's certificate. /verify checks a file's signature, that the certificate is ours, and that its SHA-256 is a
 * sealed contract on record.
 */

/** The product's signing identity, as configured (SIGNING_P12_BASE64) or created once in DATA_DIR. */
export function getContractSigningIdentity(
  config: Pick<Config, "dataDir" | "signingP12Base64" | "signingP12Passphrase"> = getConfig(),
): Promise<SigningIdentity> {
  return loadSigningIdentity({
    dataDir: config.dataDir,
    p12Base64: config.signingP12Base64,
    passphrase: config.signingP12Passphrase,
  });
}

export type SealInput = {
  pdfBytes: Uint8Array;
  signers: SealSigner[];
  auditTrail: SealAuditEvent[];
  /** Printed on the certificate page. */
  agreementNumber?: string;
  /**
   * What is sealed, for the certificate's words: `noun` ("addendum"; default "contract") and `label` ("Addendum 1 to
   * agreement VPM-000123"; default "Agreement <agreementNumber>").
   */
  document?: { noun: string; label: string };
  /** The moment of sealing (default now). */
  sealedAt?: Date;
  /** The identity to seal with (default: the configured one). */
  identity?: SigningIdentity;
};

export type Sealed = { bytes: Uint8Array; sha256: string; sealedAt: Date; certificateFingerprint: string };

const SIDE_LABEL = { buyer: "Buyer", seller: "Seller" } as const;

/**
 * Appends the certificate page and signs the whole file: the contract, or an addendum to it (`document`). Returns the
 * sealed bytes and their SHA-256 (hex).
 */
export async function sealContract(input: SealInput): Promise<Sealed> {
  const identity = input.identity ?? (await getContractSigningIdentity());
  const sealedAt = input.sealedAt ?? new Date();
  const noun = input.document?.noun ?? "contract";
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const label = input.document?.label ?? (input.agreementNumber ? `Agreement ${input.agreementNumber}` : null);
  const contractSha = sha256Hex(input.pdfBytes);
  const doc = await PDFDocument.load(input.pdfBytes, { updateMetadata: false });
  const first = doc.getPage(0).getSize();
  const size = Math.abs(first.width - PAPER.a4[0]) < 2 ? PAPER.a4 : PAPER.letter;
  const contractPages = doc.getPageCount();
  const fonts = await embedFonts(doc);
  const flow = new PageFlow(doc, fonts, size);
  const muted = { size: 8.5 };

  flow.text("Certificate of completion", { font: fonts.bold, size: 17 });
  flow.gap(20);
  flow.paragraph(
    `${label ? `${label}. ` : ""}Sealed by Vacation Points Market on ${formatDateTimeEastern(sealedAt)} (New York time). This page lists who signed the ${noun} above and every event of its audit trail. The file carries a digital signature: any change to it breaks the seal. Check a copy at /verify on our site.`,
    { size: 9.5 },
  );
  flow.paragraph(`${Noun} pages: ${contractPages}. SHA-256 of the signed ${noun} before this page: ${contractSha}`, {
    size: 8,
    font: fonts.regular,
  });
  flow.gap(12);

  flow.paragraph("Signers", { font: fonts.bold, size: 12 });
  flow.gap(2);
  for (const s of input.signers) {
    flow.ensure(70);
    flow.rule();
    flow.gap(14);
    flow.paragraph(`${SIDE_LABEL[s.side]}: ${s.name}${s.email ? ` <${s.email}>` : ""}`, { font: fonts.bold, size: 10 });
    flow.paragraph(
      `Signed ${formatDateTimeEastern(s.signedAt)} (${s.signedAt.toISOString()})${s.method ? ` · ${s.method === "drawn" ? "drawn" : "typed"} signature` : ""}`,
      muted,
    );
    flow.paragraph(`IP address: ${s.ipAddress ?? "not recorded"}`, muted);
    flow.paragraph(`Browser: ${s.userAgent ?? "not recorded"}`, muted);
    flow.gap(4);
  }
  flow.gap(10);
  flow.paragraph("Audit trail", { font: fonts.bold, size: 12 });
  flow.gap(2);
  flow.rule();
  flow.gap(14);
  const events = [...input.auditTrail].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of events) {
    const what = `${e.event}${e.section ? ` (section ${e.section})` : ""}${e.actor ? ` by ${e.actor}` : ""}${e.note ? `: ${e.note}` : ""}`;
    const where = [e.ipAddress ? `IP ${e.ipAddress}` : null, e.userAgent].filter(Boolean).join(" · ");
    flow.ensure(32);
    flow.paragraph(`${formatDateTimeEastern(e.at)}  ${what}`, { size: 9 });
    if (where) flow.paragraph(where, { size: 7.5, indent: 12 });
    flow.gap(3);
  }
  // Footers of the certificate pages (the contract's pages keep theirs).
  const pages = doc.getPages().slice(contractPages);
  pages.forEach((page, i) => {
    const footer = printable(
      fonts.regular,
      `${label ? `${label} · ` : ""}Certificate of completion · page ${i + 1} of ${pages.length}`,
    );
    page.drawText(footer, { x: 60, y: 34, size: 8.5, font: fonts.regular });
  });

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: `${Noun} signed by both parties and sealed`,
    contactInfo: "Vacation Points Market",
    name: "Vacation Points Market",
    location: "Online",
    signingTime: sealedAt,
    signatureLength: 8192,
  });
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  const signed = await signPdf(withPlaceholder, identity, sealedAt);
  const bytes = new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
  return { bytes, sha256: sha256Hex(bytes), sealedAt, certificateFingerprint: identity.fingerprint256 };
}

/** What `lookup` answers for a hash: the sealed contract (or addendum: its number) on record, or null. */
export type SealedRecord = {
  agreementId: number;
  sealedAt: Date | null;
  agreementNumber?: string;
  addendumNumber?: number | null;
};

export type VerifyCode = "valid" | "not-pdf" | "not-sealed" | "other-seal" | "changed" | "not-on-record";

export type VerifyResult =
  | {
      valid: true;
      code: "valid";
      agreementId: number;
      /** Set when the file is a sealed addendum to the agreement (decision 0036). */
      addendumNumber: number | null;
      sealedAt: Date | null;
      sha256: string;
      message: string;
      /**
       * The certificate that sealed the file: the one configured now (`current`), or an earlier one of ours (the
       * seal certificate was rotated since; decision 0063).
       */
      certificate: { name: string; fingerprint256: string; current: boolean };
    }
  | { valid: false; code: Exclude<VerifyCode, "valid">; sha256: string | null; message: string };

export const VERIFY_MESSAGES = {
  "not-pdf": "This is not a PDF.",
  "not-sealed": "This file was not sealed by Vacation Points Market.",
  "other-seal": "This file was not sealed by Vacation Points Market: it carries someone else's digital signature.",
  changed: "This file was changed after it was sealed.",
  "not-on-record":
    "This file carries our seal but does not match any contract we sealed: it was changed after it was sealed.",
} as const;

/**
 * Checks an uploaded file: a PDF, with one signature that covers the whole file but its signature contents, made by
 * our certificate over exactly these bytes, and whose SHA-256 is a sealed contract `lookup` knows. Any changed
 * byte fails: inside the signed range the digest no longer matches; in the signature itself it no longer verifies
 * or no longer matches the hash on record.
 */
export async function verifySealedPdf(
  bytes: Uint8Array,
  lookup: (sha256: string) => Promise<SealedRecord | null>,
  opts: {
    identity?: SigningIdentity;
    /** SHA-256 fingerprints of the certificates this site sealed with before the configured one. */
    earlierFingerprints?: string[];
  } = {},
): Promise<VerifyResult> {
  const fail = (code: Exclude<VerifyCode, "valid">, sha256: string | null = null): VerifyResult => ({
    valid: false,
    code,
    sha256,
    message: VERIFY_MESSAGES[code],
  });
  if (!isPdf(bytes)) return fail("not-pdf");
  const sha256 = sha256Hex(bytes);
  const check = checkPdfSignature(bytes);
  if (!check.ok) {
    if (check.reason === "unsigned") return fail("not-sealed", sha256);
    if (check.reason === "signature" || check.reason === "malformed") return fail("changed", sha256);
    // The signature is intact but the bytes it covers changed (or bytes were added): whose seal was it?
    const identity = opts.identity ?? (await getContractSigningIdentity());
    const ours = check.certificatePem
      ? sameCertificate(check.certificatePem, identity) ||
        opts.earlierFingerprints?.includes(describeCertificate(check.certificatePem).fingerprint256) === true
      : true;
    return fail(ours ? "changed" : "other-seal", sha256);
  }
  const identity = opts.identity ?? (await getContractSigningIdentity());
  const current = check.fingerprint256 === identity.fingerprint256;
  // The configured certificate, or one this site used before it (decision 0063): a new
  // certificate never invalidates the contracts sealed with an earlier one.
  if (!current && !opts.earlierFingerprints?.includes(check.fingerprint256)) return fail("other-seal", sha256);
  const record = await lookup(sha256);
  if (!record) return fail("not-on-record", sha256);
  const certificate = { ...describeCertificate(check.certificatePem), current };
  const sealedAt = record.sealedAt ?? check.signingTime;
  const addendumNumber = record.addendumNumber ?? null;
  return {
    valid: true,
    code: "valid",
    agreementId: record.agreementId,
    addendumNumber,
    sealedAt,
    sha256,
    certificate,
    message: `${
      addendumNumber
        ? `This is an untouched addendum sealed by Vacation Points Market: Addendum ${addendumNumber} to agreement ${formatAgreementNumber(record.agreementId)}${sealedAt ? `, sealed on ${formatDateTimeEastern(sealedAt)} (New York time)` : ""}.`
        : "This is an untouched contract sealed by Vacation Points Market."
    }${current ? "" : ` It was sealed with our earlier certificate "${certificate.name}" (SHA-256 ${certificate.fingerprint256}), which we used before the current one.`}`,
  };
}

function sameCertificate(pem: string, identity: SigningIdentity) {
  return normalizePem(pem) === normalizePem(identity.certificatePem);
}
function normalizePem(pem: string) {
  return pem.replace(/-----[^-]+-----|\s+/g, "");
}

/** A PDF by its content: it starts with `%PDF-`. */
export function isPdf(bytes: Uint8Array) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 5)).toString("latin1") === "%PDF-";
}
