import type { Db, Tx } from "~/db/client.server";
import { describeCertificate, type SigningIdentity } from "~/lib/pdf-seal.server";
import { insertSealCertificate, selectSealCertificates } from "./seal-certificates.queries.server";

/**
 * The seal certificates this site has used (decision 0063). Every process records the
 * certificate it seals with when it starts, in the settings row `seal_certificates`; /verify accepts a sealed file on
 * record that carries any of them. Rotating SIGNING_P12_BASE64 therefore keeps the earlier contracts valid, and
 * /verify names the earlier certificate.
 */
export async function rememberSealCertificate(db: Db, identity: Pick<SigningIdentity, "certificatePem">) {
  const { name, fingerprint256 } = describeCertificate(identity.certificatePem);
  await insertSealCertificate(db, { fingerprint256, name, firstSeenAt: new Date().toISOString() });
}

/** The fingerprints of every certificate recorded, the configured one included. */
export async function knownSealFingerprints(db: Db | Tx): Promise<string[]> {
  return (await selectSealCertificates(db)).map((c) => c.fingerprint256);
}
