import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { agreementDocuments } from "~/db/schema";

/** The sealed contract with this SHA-256 (unique among sealed contracts), or null. */
export async function selectSealedContractBySha256(db: Db | Tx, sha256: string) {
  const [row] = await db
    .select({
      id: agreementDocuments.id,
      agreementId: agreementDocuments.agreementId,
      sealedAt: agreementDocuments.sealedAt,
      createdAt: agreementDocuments.createdAt,
    })
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.kind, "sealed_contract"), eq(agreementDocuments.sha256, sha256)))
    .limit(1);
  return row ?? null;
}

export async function insertAgreementDocument(db: Db | Tx, values: typeof agreementDocuments.$inferInsert) {
  const [row] = await db.insert(agreementDocuments).values(values).returning();
  return row;
}
