import type { Db, Tx } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import type { SigningIdentity } from "~/lib/pdf-seal.server";
import type { Storage } from "~/lib/storage.server";
import { getContractSigningIdentity, type Sealed, type VerifyResult, verifySealedPdf } from "./contracts-seal.server";
import { formatAgreementNumber } from "./contracts.types";
import { insertAgreementDocument, selectSealedDocumentBySha256 } from "./contracts.queries.server";
import { knownSealFingerprints } from "./seal-certificates.server";

/** The largest file /verify reads: 10 MB (a sealed contract is well under 1 MB). */
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;

export type ContractCheck = VerifyResult & { agreementNumber?: string };

/**
 * /verify's service: is this file an untouched contract (or addendum to one) sealed here? Anyone may ask (the page is
 * public): the answer names the agreement's number, the addendum's number and when it was sealed, nothing about the
 * parties.
 */
export async function verifyContractFile(
  deps: { db: Db | Tx; config: Config },
  input: { bytes: Uint8Array; identity?: SigningIdentity },
): Promise<ContractCheck> {
  const identity = input.identity ?? (await getContractSigningIdentity(deps.config));
  const result = await verifySealedPdf(
    input.bytes,
    async (sha256) => {
      const row = await selectSealedDocumentBySha256(deps.db, sha256);
      if (!row || (row.kind === "addendum" && row.addendumNumber === null)) return null;
      return {
        agreementId: row.agreementId,
        sealedAt: row.sealedAt ?? row.createdAt,
        addendumNumber: row.kind === "addendum" ? row.addendumNumber : null,
      };
    },
    { identity, earlierFingerprints: await knownSealFingerprints(deps.db) },
  );
  return result.valid ? { ...result, agreementNumber: formatAgreementNumber(result.agreementId) } : result;
}

/**
 * Keeps a sealed file: the bytes in storage (`agreements/<id>/sealed-<hash>.pdf`) and its row in `agreement_documents`
 * (kind `sealed_contract` or `addendum`, with its SHA-256, which /verify looks up). Inside the caller's transaction;
 * when that transaction fails after the file was stored, the file is removed again (nothing half-written).
 */
export async function storeSealedDocument(
  deps: { db: Db | Tx; storage: Storage },
  input: {
    agreementId: number;
    sealed: Sealed;
    kind: "sealed_contract" | "addendum";
    fileName: string;
    uploadedBy?: string | null;
  },
) {
  const key = `agreements/${input.agreementId}/sealed-${input.sealed.sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(key, input.sealed.bytes, "application/pdf");
  try {
    return await insertAgreementDocument(deps.db, {
      agreementId: input.agreementId,
      kind: input.kind,
      storageKey: key,
      fileName: input.fileName,
      contentType: "application/pdf",
      byteSize: input.sealed.bytes.byteLength,
      sha256: input.sealed.sha256,
      uploadedBy: input.uploadedBy ?? null,
      sealedAt: input.sealed.sealedAt,
    });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
}

/** Keeps a sealed contract (`storeSealedDocument`, kind `sealed_contract`), once both parties have signed. */
export function storeSealedContract(
  deps: { db: Db | Tx; storage: Storage },
  input: { agreementId: number; sealed: Sealed; uploadedBy?: string | null },
) {
  return storeSealedDocument(deps, {
    ...input,
    kind: "sealed_contract",
    fileName: `contract-${formatAgreementNumber(input.agreementId)}-sealed.pdf`,
  });
}
