import type { Db, Tx } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import type { SigningIdentity } from "~/lib/pdf-seal.server";
import type { Storage } from "~/lib/storage.server";
import { getContractSigningIdentity, type Sealed, type VerifyResult, verifySealedPdf } from "./contracts-seal.server";
import { formatAgreementNumber } from "./contracts.types";
import { insertAgreementDocument, selectSealedContractBySha256 } from "./contracts.queries.server";

/** The largest file /verify reads: 10 MB (a sealed contract is well under 1 MB). */
export const VERIFY_MAX_BYTES = 10 * 1024 * 1024;

export type ContractCheck = VerifyResult & { agreementNumber?: string };

/**
 * /verify's service: is this file an untouched contract sealed here? Anyone may ask (the page is public): the
 * answer names the agreement's number and when it was sealed, nothing about the parties.
 */
export async function verifyContractFile(
  deps: { db: Db | Tx; config: Config },
  input: { bytes: Uint8Array; identity?: SigningIdentity },
): Promise<ContractCheck> {
  const identity = input.identity ?? (await getContractSigningIdentity(deps.config));
  const result = await verifySealedPdf(
    input.bytes,
    async (sha256) => {
      const row = await selectSealedContractBySha256(deps.db, sha256);
      return row ? { agreementId: row.agreementId, sealedAt: row.sealedAt ?? row.createdAt } : null;
    },
    { identity },
  );
  return result.valid ? { ...result, agreementNumber: formatAgreementNumber(result.agreementId) } : result;
}

/**
 * Keeps a sealed contract: the file in storage (`agreements/<id>/sealed-<hash>.pdf`) and its row in
 * `agreement_documents` (kind `sealed_contract`, with its SHA-256, which /verify looks up). For the agreement
 * workflow to call once both parties have signed, inside its transaction.
 */
export async function storeSealedContract(
  deps: { db: Db | Tx; storage: Storage },
  input: { agreementId: number; sealed: Sealed; uploadedBy?: string | null },
) {
  const key = `agreements/${input.agreementId}/sealed-${input.sealed.sha256.slice(0, 16)}.pdf`;
  await deps.storage.put(key, input.sealed.bytes, "application/pdf");
  return insertAgreementDocument(deps.db, {
    agreementId: input.agreementId,
    kind: "sealed_contract",
    storageKey: key,
    fileName: `contract-${formatAgreementNumber(input.agreementId)}-sealed.pdf`,
    contentType: "application/pdf",
    byteSize: input.sealed.bytes.byteLength,
    sha256: input.sealed.sha256,
    uploadedBy: input.uploadedBy ?? null,
    sealedAt: input.sealed.sealedAt,
  });
}
