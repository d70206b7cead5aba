import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preparedStatement } from "~/db/statement-memo.server";
import { type ADDENDUM_STATUSES, agreementAddenda, agreementAddendumSignatures, agreements } from "~/db/schema";

/** Addenda to sealed agreements (decision 0036): this area's queries of `agreement_addenda` and their signatures. */

type Conn = Db | Tx;
export type AddendumStatus = (typeof ADDENDUM_STATUSES)[number];

/** An addendum with the parties of its agreement (who may sign it) and the agreement's state. */
export type AddendumRow = typeof agreementAddenda.$inferSelect & {
  buyerId: string;
  sellerId: string | null;
  brokerId: number | null;
  agreementStatus: (typeof agreements.$inferSelect)["status"];
};

function joined(db: Conn) {
  return db
    .select({
      id: agreementAddenda.id,
      agreementId: agreementAddenda.agreementId,
      number: agreementAddenda.number,
      title: agreementAddenda.title,
      text: agreementAddenda.text,
      status: agreementAddenda.status,
      createdBy: agreementAddenda.createdBy,
      buyerSignedAt: agreementAddenda.buyerSignedAt,
      sellerSignedAt: agreementAddenda.sellerSignedAt,
      sealedAt: agreementAddenda.sealedAt,
      withdrawnAt: agreementAddenda.withdrawnAt,
      withdrawReason: agreementAddenda.withdrawReason,
      documentId: agreementAddenda.documentId,
      createdAt: agreementAddenda.createdAt,
      updatedAt: agreementAddenda.updatedAt,
      buyerId: agreements.buyerId,
      sellerId: agreements.sellerId,
      brokerId: agreements.brokerId,
      agreementStatus: agreements.status,
    })
    .from(agreementAddenda)
    .innerJoin(agreements, eq(agreements.id, agreementAddenda.agreementId));
}

export async function selectAddendum(db: Conn, id: number): Promise<AddendumRow | null> {
  const [row] = await joined(db).where(eq(agreementAddenda.id, id));
  return row ?? null;
}

export async function selectAddendumByNumber(db: Conn, agreementId: number, number: number) {
  const [row] = await joined(db).where(
    and(eq(agreementAddenda.agreementId, agreementId), eq(agreementAddenda.number, number)),
  );
  return row ?? null;
}

/** Built once per database handle (app/db/statement-memo.server.ts): every agreement page reads them. */
const addendaOf = preparedStatement((db: Conn) =>
  joined(db)
    .where(eq(agreementAddenda.agreementId, sql.placeholder("agreementId")))
    .orderBy(asc(agreementAddenda.number)),
);

/** An agreement's addenda, first to last. */
export async function selectAddenda(db: Conn, agreementId: number) {
  return addendaOf(db, { agreementId });
}

/** The addendum out for signature (at most one), or null. */
export async function selectOpenAddendum(db: Conn, agreementId: number) {
  const [row] = await joined(db).where(
    and(
      eq(agreementAddenda.agreementId, agreementId),
      inArray(agreementAddenda.status, ["out_for_signature", "signed_by_buyer", "signed_by_seller"]),
    ),
  );
  return row ?? null;
}

/** Holds the agreement's row until the transaction ends: addenda to one agreement are written one at a time. */
export async function lockAgreement(tx: Tx, agreementId: number) {
  await tx.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, agreementId)).for("update");
}

export async function nextAddendumNumber(tx: Tx, agreementId: number) {
  const [row] = await tx
    .select({ last: max(agreementAddenda.number) })
    .from(agreementAddenda)
    .where(eq(agreementAddenda.agreementId, agreementId));
  return (row?.last ?? 0) + 1;
}

export async function insertAddendum(tx: Tx, values: typeof agreementAddenda.$inferInsert) {
  const [row] = await tx.insert(agreementAddenda).values(values).returning({ id: agreementAddenda.id });
  return row.id;
}

/** The addendum's row lock (the workflow's `lock`): its two signatures take turns, the second sees the first. */
export async function lockAddendum(tx: Tx, id: number) {
  await tx.select({ id: agreementAddenda.id }).from(agreementAddenda).where(eq(agreementAddenda.id, id)).for("update");
}

/** The addendum workflow's conditional update: only while the addendum is still in one of `from`. */
export async function updateAddendumWhere(
  tx: Tx,
  id: number,
  change: { from: readonly AddendumStatus[]; to: AddendumStatus; set: Record<string, unknown> },
): Promise<AddendumRow | null> {
  const rows = await tx
    .update(agreementAddenda)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(agreementAddenda.id, id), inArray(agreementAddenda.status, [...change.from])))
    .returning({ id: agreementAddenda.id });
  return rows.length ? selectAddendum(tx, id) : null;
}

/** The sealed file of a sealed addendum. */
export async function setAddendumDocument(tx: Tx, id: number, documentId: number) {
  await tx.update(agreementAddenda).set({ documentId, updatedAt: new Date() }).where(eq(agreementAddenda.id, id));
}

export async function insertAddendumSignature(tx: Tx, values: typeof agreementAddendumSignatures.$inferInsert) {
  await tx.insert(agreementAddendumSignatures).values(values);
}

export async function selectAddendumSignatures(db: Conn, addendumId: number) {
  return db
    .select()
    .from(agreementAddendumSignatures)
    .where(eq(agreementAddendumSignatures.addendumId, addendumId))
    .orderBy(asc(agreementAddendumSignatures.signedAt));
}
