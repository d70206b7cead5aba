import { createHash, generateKeyPairSync, randomBytes, verify as verifySignature, X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";

/**
 * The product's signing certificate and the PDF signature (PAdES-style, `adbe.pkcs7.detached`) made and checked with
 * it (decision 0035). The certificate is given through SIGNING_P12_BASE64 / SIGNING_P12_PASSPHRASE, or created once
 * (self-signed, RSA 2048, SHA-256) into `<DATA_DIR>/signing/` with a generated passphrase and reused afterwards.
 */

export type SigningIdentity = {
  p12: Buffer;
  passphrase: string;
  /** The certificate inside the .p12 (PEM). */
  certificatePem: string;
  /** SHA-256 fingerprint of the certificate, as Node prints it (`AB:CD:...`). */
  fingerprint256: string;
  /** Where it came from: the environment, or the file in the data folder. */
  source: "env" | "file";
};

export const SIGNING_DIR = "signing";
const P12_FILE = "seal.p12";
const PASS_FILE = "seal-passphrase.txt";
export const DEFAULT_SEAL_COMMON_NAME = "Vacation Points Market contract seal";

/** A new self-signed certificate and key as a .p12 (for the first start, and for tests that need a foreign one). */
export function createSelfSignedP12(opts: { commonName?: string; passphrase: string; years?: number }): Buffer {
  // Node makes the key (fast, native); node-forge builds the certificate and the PKCS#12 container.
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + (opts.years ?? 30));
  const attrs = [
    { name: "commonName", value: opts.commonName ?? DEFAULT_SEAL_COMMON_NAME },
    { name: "organizationName", value: "Vacation Points Market" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], opts.passphrase, {
    algorithm: "aes256",
    friendlyName: opts.commonName ?? DEFAULT_SEAL_COMMON_NAME,
  });
  return Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), "binary");
}

/** Opens a .p12 with its passphrase and returns its certificate; throws a readable error when it cannot. */
export function readP12(p12: Buffer, passphrase: string, source: SigningIdentity["source"]): SigningIdentity {
  let certPem: string | undefined;
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary"))),
      false,
      passphrase,
    );
    const keyBags = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag];
    const certBags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag];
    const key = keyBags?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
    const match = certBags?.find((b) => {
      const pub = b.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return key && pub && key.n.compareTo(pub.n) === 0 && key.e.compareTo(pub.e) === 0;
    });
    if (match?.cert) certPem = forge.pki.certificateToPem(match.cert);
  } catch (err) {
    throw new Error(`The signing certificate (.p12) could not be opened: ${(err as Error).message}`);
  }
  if (!certPem) throw new Error("The signing certificate (.p12) holds no private key with its certificate.");
  return {
    p12,
    passphrase,
    certificatePem: certPem,
    fingerprint256: new X509Certificate(certPem).fingerprint256,
    source,
  };
}

const cache = new Map<string, SigningIdentity>();

/**
 * The signing identity: from the environment when SIGNING_P12_BASE64 is set, else the .p12 in `<dataDir>/signing/`,
 * created on the first call. Several processes starting together agree on one file: the passphrase file is
 * created exclusively, and the process that loses the race waits for the winner's .p12.
 */
export async function loadSigningIdentity(opts: {
  dataDir: string;
  p12Base64?: string;
  passphrase?: string;
}): Promise<SigningIdentity> {
  if (opts.p12Base64) {
    const key = `env:${createHash("sha256").update(opts.p12Base64).digest("hex")}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const identity = readP12(Buffer.from(opts.p12Base64, "base64"), opts.passphrase ?? "", "env");
    cache.set(key, identity);
    return identity;
  }
  const dir = path.join(path.resolve(opts.dataDir), SIGNING_DIR);
  const key = `file:${dir}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const p12File = path.join(dir, P12_FILE);
  const passFile = path.join(dir, PASS_FILE);
  if (!existsSync(p12File)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const passphrase = randomBytes(24).toString("base64url");
    let won = false;
    try {
      writeFileSync(passFile, passphrase, { mode: 0o600, flag: "wx" });
      won = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (won) {
      const tmp = `${p12File}.${process.pid}.tmp`;
      writeFileSync(tmp, createSelfSignedP12({ passphrase }), { mode: 0o600 });
      // Rename is atomic: a reader sees no file or the whole file.
      renameSync(tmp, p12File);
    } else {
      for (let i = 0; i < 100 && !existsSync(p12File); i++) await sleep(50);
    }
  }
  const identity = readP12(readFileSync(p12File), readFileSync(passFile, "utf8").trim(), "file");
  cache.set(key, identity);
  return identity;
}

/**
 * The seal identities present at start-up, to record as this site's (decision 0063): the
 * configured one (SIGNING_P12_BASE64, which must open: a value that is not a .p12 this passphrase opens throws, naming
 * the variable) and the one created in DATA_DIR if there is one (it sealed the contracts before the variable was set).
 * Nothing is created here.
 */
export async function sealIdentitiesAtStart(opts: {
  dataDir: string;
  p12Base64?: string;
  passphrase?: string;
}): Promise<SigningIdentity[]> {
  const found: SigningIdentity[] = [];
  if (opts.p12Base64) {
    try {
      found.push(await loadSigningIdentity(opts));
    } catch (err) {
      throw new SealConfigError(
        `SIGNING_P12_BASE64 is not a .p12 file that SIGNING_P12_PASSPHRASE opens (${(err as Error).message}). ` +
          "Give the base64 of the .p12 file itself (base64 -w0 seal.p12) and its passphrase; docs/deploy.md shows how to make one.",
      );
    }
  }
  const dir = path.join(path.resolve(opts.dataDir), SIGNING_DIR);
  if (existsSync(path.join(dir, P12_FILE)) && existsSync(path.join(dir, PASS_FILE))) {
    try {
      found.push(await loadSigningIdentity({ dataDir: opts.dataDir }));
    } catch {
      // a damaged file in the data folder: it seals nothing while the variable is set, and fails loudly when not
    }
  }
  return found;
}

/** SIGNING_P12_BASE64 given but unusable: start-up stops with this message. */
export class SealConfigError extends Error {}

/** Forgets the loaded identities (tests that replace the files). */
export function forgetSigningIdentities() {
  cache.clear();
}

/**
 * Signs a PDF that already carries a signature placeholder (`/ByteRange` and an empty `/Contents`), e.g. from
 * `pdflibAddPlaceholder`. Returns the signed bytes.
 */
export async function signPdf(pdfWithPlaceholder: Uint8Array, identity: SigningIdentity, signingTime?: Date) {
  const signer = new P12Signer(identity.p12, { passphrase: identity.passphrase });
  // The named class, not the default instance: a CommonJS default export differs between Node and bundlers.
  return new SignPdf().sign(Buffer.from(pdfWithPlaceholder), signer, signingTime);
}

export type PdfSignatureCheck =
  | { ok: true; certificatePem: string; fingerprint256: string; signingTime: Date | null }
  | {
      ok: false;
      /**
       * `unsigned`: no signature at all; `malformed`: a signature that cannot be read; `coverage`: the signature
       * does not cover the whole file (bytes added or moved); `digest`: the signed bytes changed; `signature`: the
       * signature itself does not verify.
       */
      reason: "unsigned" | "malformed" | "coverage" | "digest" | "signature";
      /** The certificate that made an otherwise intact signature (to tell "someone else's seal"). */
      certificatePem?: string;
    };

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest;
const OID_SIGNING_TIME = forge.pki.oids.signingTime;
const OID_SHA256 = forge.pki.oids.sha256;

/**
 * Checks a PDF's one signature: the `/ByteRange` covers the whole file except the `/Contents` hex string; the
 * PKCS#7 (CMS) signed attributes carry the SHA-256 of exactly those bytes; the RSA signature over the signed
 * attributes verifies with the certificate embedded with it. Who that certificate belongs to is the caller's
 * question (compare `fingerprint256`).
 */
export function checkPdfSignature(bytes: Uint8Array): PdfSignatureCheck {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const marker = Buffer.from("/ByteRange");
  const positions: number[] = [];
  for (let at = pdf.indexOf(marker); at !== -1; at = pdf.indexOf(marker, at + 1)) positions.push(at);
  if (positions.length === 0) return { ok: false, reason: "unsigned" };
  if (positions.length > 1) return { ok: false, reason: "coverage" };
  const head = pdf.subarray(positions[0], positions[0] + 80).toString("latin1");
  const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(head);
  if (!m) return { ok: false, reason: "malformed" };
  const [a, b, c, d] = m.slice(1, 5).map(Number);
  if (a !== 0 || b <= 0 || c <= b + 1 || c + d !== pdf.length) return { ok: false, reason: "coverage" };
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return { ok: false, reason: "coverage" };
  const hex = pdf.subarray(b + 1, c - 1).toString("latin1");
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return { ok: false, reason: "malformed" };
  const der = Buffer.from(hex, "hex");

  let asn1: forge.asn1.Asn1;
  let p7: ReturnType<typeof forge.pkcs7.messageFromAsn1>;
  try {
    const buf = forge.util.createBuffer(der.toString("binary"));
    asn1 = forge.asn1.fromDer(buf, { parseAllBytes: false, strict: true } as never);
    // What follows the DER inside /Contents must be the placeholder's zero padding, untouched.
    const used = forge.asn1.toDer(asn1).length();
    if (der.subarray(used).some((x) => x !== 0)) return { ok: false, reason: "malformed" };
    p7 = forge.pkcs7.messageFromAsn1(asn1);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const raw = (p7 as unknown as { rawCapture: Record<string, unknown> }).rawCapture;
  const attrs = raw.authenticatedAttributes as forge.asn1.Asn1[] | undefined;
  const signature = raw.signature as string | undefined;
  const certs = (raw.certificates as forge.asn1.Asn1 | undefined)?.value as forge.asn1.Asn1[] | undefined;
  if (!attrs || !signature || !certs?.length) return { ok: false, reason: "malformed" };
  const digestOid = forge.asn1.derToOid(raw.digestAlgorithm as string);
  if (digestOid !== OID_SHA256) return { ok: false, reason: "malformed" };

  // The signed attributes are signed as a DER SET (tag 0x31), not as the [0] they are stored under.
  const attrsDer = Buffer.from(
    forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attrs)).getBytes(),
    "binary",
  );
  const sig = Buffer.from(signature, "binary");
  let signerPem: string | undefined;
  for (const certAsn1 of certs) {
    try {
      const x509 = new X509Certificate(Buffer.from(forge.asn1.toDer(certAsn1).getBytes(), "binary"));
      if (verifySignature("sha256", attrsDer, x509.publicKey, sig)) {
        signerPem = x509.toString();
        break;
      }
    } catch {
      // not a certificate Node can read: try the next one
    }
  }
  if (!signerPem) return { ok: false, reason: "signature" };

  let digest: string | null = null;
  let signingTime: Date | null = null;
  for (const attr of attrs) {
    const parts = attr.value as forge.asn1.Asn1[];
    const oid = forge.asn1.derToOid(parts[0].value as string);
    const first = (parts[1].value as forge.asn1.Asn1[])[0];
    if (oid === OID_MESSAGE_DIGEST) digest = Buffer.from(first.value as string, "binary").toString("hex");
    if (oid === OID_SIGNING_TIME) {
      try {
        signingTime =
          first.type === forge.asn1.Type.UTCTIME
            ? forge.asn1.utcTimeToDate(first.value as string)
            : forge.asn1.generalizedTimeToDate(first.value as string);
      } catch {
        signingTime = null;
      }
    }
  }
  const signed = createHash("sha256")
    .update(pdf.subarray(0, b))
    .update(pdf.subarray(c, c + d))
    .digest("hex");
  if (!digest || digest !== signed) return { ok: false, reason: "digest", certificatePem: signerPem };
  return {
    ok: true,
    certificatePem: signerPem,
    fingerprint256: new X509Certificate(signerPem).fingerprint256,
    signingTime,
  };
}

/** Who a certificate names (its common name, else its whole subject) and its SHA-256 fingerprint, for /verify's answer. */
export function describeCertificate(pem: string): { name: string; fingerprint256: string } {
  const x509 = new X509Certificate(pem);
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(x509.subject)?.[1];
  return { name: cn ?? x509.subject.replace(/\n/g, ", "), fingerprint256: x509.fingerprint256 };
}

export function sha256Hex(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex");
}
