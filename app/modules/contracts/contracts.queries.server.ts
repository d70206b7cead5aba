import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreementAddenda, agreementDocuments } from "~/db/schema";

/**
 * The sealed contract or sealed addendum with this SHA-256 (unique among sealed files), with the addendum's number
 * when it is one, or null.
 */
export async function selectSealedDocumentBySha256(db: Db | Tx, sha256: string) {
  const [row] = await db
    .select({
      id: agreementDocuments.id,
      agreementId: agreementDocuments.agreementId,
      kind: agreementDocuments.kind,
      sealedAt: agreementDocuments.sealedAt,
      createdAt: agreementDocuments.createdAt,
      addendumNumber: agreementAddenda.number,
    })
    .from(agreementDocuments)
    .leftJoin(agreementAddenda, eq(agreementAddenda.documentId, agreementDocuments.id))
    .where(
      and(inArray(agreementDocuments.kind, ["sealed_contract", "addendum"]), eq(agreementDocuments.sha256, sha256)),
    )
    .limit(1);
  return row ?? null;
}

export async function insertAgreementDocument(db: Db | Tx, values: typeof agreementDocuments.$inferInsert) {
  const [row] = await db.insert(agreementDocuments).values(values).returning();
  return row;
}
