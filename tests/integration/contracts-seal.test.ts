import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createSelfSignedP12,
  forgetSigningIdentities,
  loadSigningIdentity,
  readP12,
  SIGNING_DIR,
} from "~/lib/pdf-seal.server";
import { renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { sealContract, VERIFY_MESSAGES, verifySealedPdf } from "~/modules/contracts/contracts-seal.server";
import { renderContractSections } from "~/modules/contracts/contracts-text.server";
import type { ContractInput } from "~/modules/contracts/contracts.types";
import { contractInput, SIGNATURE_PNG } from "./contracts-helpers";

const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-seal-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const identity = await loadSigningIdentity({ dataDir });

async function sealed(input: ContractInput = contractInput()) {
  const pdf = await renderContractPdf(input);
  return sealContract({
    pdfBytes: pdf,
    identity,
    agreementNumber: "VPM-000042",
    sealedAt: new Date("2026-03-04T15:30:00Z"),
    signers: [
      {
        side: "seller",
        name: "Margaret A. Lindqvist",
        email: "seller@example.test",
        signedAt: new Date("2026-03-03T14:00:00Z"),
        ipAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 (Macintosh) Safari/605.1",
        method: "typed",
      },
      {
        side: "buyer",
        name: "Daniel R. Okafor",
        signedAt: new Date("2026-03-04T15:29:00Z"),
        ipAddress: "198.51.100.7",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140",
        method: "drawn",
      },
    ],
    auditTrail: [
      { at: new Date("2026-03-02T12:00:00Z"), event: "created", actor: "Vacation Points Market" },
      { at: new Date("2026-03-03T13:50:00Z"), event: "viewed", section: 1, actor: "seller", ipAddress: "203.0.113.9" },
      { at: new Date("2026-03-03T14:00:00Z"), event: "signed", actor: "seller", ipAddress: "203.0.113.9" },
      { at: new Date("2026-03-04T15:29:00Z"), event: "signed", actor: "buyer", ipAddress: "198.51.100.7" },
    ],
  });
}

const records = new Map<string, { agreementId: number; sealedAt: Date }>();
const lookup = async (sha: string) => records.get(sha) ?? null;

describe("contract text", () => {
  it("opens section 1 with the seller's first sentence and lists the resort's resale restrictions", async () => {
    const sections = await renderContractSections(
      contractInput({ firstSentence: "Margaret A. Lindqvist and Peter Lindqvist, as joint tenants, agree:" }),
    );
    expect(sections.map((s) => s.title)).toEqual([
      "Purchase agreement",
      "Resale addendum",
      "Tax withholding declarations",
      "Closing and escrow instructions",
    ]);
    expect(sections[0].text.startsWith("Margaret A. Lindqvist and Peter Lindqvist, as joint tenants, agree:")).toBe(
      true,
    );
    expect(sections[0].text).toContain("subject to the developer's right of first refusal");
    expect(sections[0].text).toContain("$125 a point for 160 points: $20,000");
    // Animal Kingdom Villas is one of the original 14 resorts: the three dated rules apply to a 2026 purchase.
    expect(sections[1].text).toContain("No Disney, Concierge or Adventurer Collections");
    expect(sections[1].text).toContain("No membership extras");
    expect(sections[1].text).toContain("Cannot book Riviera, Villas at Disneyland Hotel or Cabins at Fort Wilderness");
    expect(sections[2].text).toContain("15% of the gross Purchase Price");
    expect(sections[2].text).not.toContain("HARPTA");
    expect(sections[3].text).toContain("Sunshine Title & Escrow");
    expect(sections[3].text).toContain("Routing number: 063000021");
  });

  it("leaves the first sentence out when the seller has none; Riviera books only its own resort; Aulani adds HARPTA", async () => {
    const riv = await renderContractSections(
      contractInput({ resort: { code: "RIV", name: "Riviera", contractEndYear: 2070 } }),
    );
    expect(riv[0].text.startsWith("This Purchase Agreement")).toBe(true);
    expect(riv[1].text).toContain("Books only Riviera");
    expect(riv[1].text).not.toContain("Cannot book Riviera");
    const aul = await renderContractSections(
      contractInput({
        resort: { code: "AUL", name: "Aulani", location: "Ko Olina, Oahu, HI", contractEndYear: 2062 },
      }),
    );
    expect(aul[2].text).toContain("HARPTA");
    expect(aul[2].text).toContain("7.25% of the amount realised");
  });
});

describe("seal and verify", () => {
  it("renders, seals and verifies; the lookup gives the agreement", async () => {
    const s = await sealed();
    expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    records.set(s.sha256, { agreementId: 42, sealedAt: s.sealedAt });
    const r = await verifySealedPdf(s.bytes, lookup, { identity });
    expect(r).toMatchObject({ valid: true, agreementId: 42, sha256: s.sha256 });
    writeFileSync(path.join(dataDir, "sealed.pdf"), s.bytes);
  });

  it("fails when any one byte changes: in the signed range, in the signature, anywhere", async () => {
    const s = await sealed();
    records.set(s.sha256, { agreementId: 42, sealedAt: s.sealedAt });
    const text = Buffer.from(s.bytes).toString("latin1");
    const contentsStart = text.lastIndexOf("/Contents <") + "/Contents <".length;
    const positions = [
      20, // the header
      Math.floor(s.bytes.length / 3), // the contract's pages
      Math.floor(s.bytes.length * 0.6), // further on (the certificate page's objects)
      contentsStart + 100, // inside the signature
      contentsStart + 6_000, // the signature's zero padding
      s.bytes.length - 3, // the trailer
    ];
    for (const at of positions) {
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(s.bytes.length);
      const edited = new Uint8Array(s.bytes);
      edited[at] = edited[at] === 0x30 ? 0x31 : edited[at] ^ 0x01;
      const r = await verifySealedPdf(edited, lookup, { identity });
      expect(r.valid, `byte ${at}`).toBe(false);
      if (!r.valid) expect(r.message).toMatch(/changed after it was sealed/);
    }
    // Bytes appended (an incremental update) are outside the seal.
    const appended = new Uint8Array([...s.bytes, ...Buffer.from("\n% edited\n")]);
    const r = await verifySealedPdf(appended, lookup, { identity });
    expect(r).toMatchObject({ valid: false, message: VERIFY_MESSAGES.changed });
  });

  it("refuses a PDF that was never sealed, and a file that is not a PDF", async () => {
    const unsealed = await renderContractPdf(contractInput());
    expect(await verifySealedPdf(unsealed, lookup, { identity })).toMatchObject({
      valid: false,
      message: "This file was not sealed by Vacation Points Market.",
    });
    const random = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    expect(await verifySealedPdf(random, lookup, { identity })).toMatchObject({
      valid: false,
      message: "This is not a PDF.",
    });
  });

  it("refuses a PDF sealed with another self-signed certificate", async () => {
    const other = readP12(createSelfSignedP12({ passphrase: "x", commonName: "Someone else" }), "x", "env");
    const pdf = await renderContractPdf(contractInput());
    const forged = await sealContract({ pdfBytes: pdf, identity: other, signers: [], auditTrail: [] });
    records.set(forged.sha256, { agreementId: 99, sealedAt: forged.sealedAt }); // even when the hash is "known"
    const r = await verifySealedPdf(forged.bytes, lookup, { identity });
    expect(r).toMatchObject({ valid: false, message: expect.stringMatching(/not sealed by Vacation Points Market/) });
  });

  it("a sealed file whose hash is not on record is refused", async () => {
    const s = await sealed();
    const r = await verifySealedPdf(s.bytes, async () => null, { identity });
    expect(r).toMatchObject({ valid: false, code: "not-on-record" });
  });
});

describe("the signing certificate", () => {
  it("is created once in DATA_DIR and reused", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vpm-cert-"));
    try {
      const a = await loadSigningIdentity({ dataDir: dir });
      forgetSigningIdentities();
      const b = await loadSigningIdentity({ dataDir: dir });
      expect(b.fingerprint256).toBe(a.fingerprint256);
      expect(readdirSync(path.join(dir, SIGNING_DIR)).sort()).toEqual(["seal-passphrase.txt", "seal.p12"]);
      // Given through the environment instead, the same .p12 gives the same certificate.
      const env = await loadSigningIdentity({
        dataDir: "/nonexistent",
        p12Base64: a.p12.toString("base64"),
        passphrase: a.passphrase,
      });
      expect(env.fingerprint256).toBe(a.fingerprint256);
      expect(env.source).toBe("env");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("pages", () => {
  it("draws the signatures and the certificate page (pdftoppm renders every page)", async () => {
    const input = contractInput({
      firstSentence: "Margaret A. Lindqvist, sole owner as shown on the deed, agrees to sell as follows.",
      signatures: {
        seller: {
          legalName: "Margaret A. Lindqvist",
          method: "typed",
          signedAt: new Date("2026-03-03T14:00:00Z"),
          initials: [1, 2, 3, 4].map((section) => ({ section, initials: "MAL", at: "2026-03-03T13:58:00Z" })),
        },
        buyer: {
          legalName: "Daniel R. Okafor",
          method: "drawn",
          imagePng: SIGNATURE_PNG,
          signedAt: new Date("2026-03-04T15:29:00Z"),
          initials: [1, 2, 3, 4].map((section) => ({ section, initials: "DRO", at: "2026-03-04T15:20:00Z" })),
        },
      },
    });
    const s = await sealed(input);
    const out = process.env.CONTRACT_PNG_DIR ?? path.join(dataDir, "png");
    const file = path.join(dataDir, "contract.pdf");
    writeFileSync(file, s.bytes);
    let rendered = true;
    try {
      execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    } catch {
      rendered = false; // poppler-utils not installed: the PDF is still checked above
    }
    if (rendered) {
      execFileSync("mkdir", ["-p", out]);
      execFileSync("pdftoppm", ["-png", "-r", "80", file, path.join(out, "contract")]);
      expect(readdirSync(out).filter((f) => f.startsWith("contract")).length).toBeGreaterThanOrEqual(6);
    }
  });
});
