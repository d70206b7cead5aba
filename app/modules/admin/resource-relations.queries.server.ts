import { and, asc, eq, inArray } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import type { JoinTable, Relation } from "./resource";

type Conn = Db | Tx;

/** The ids a row is linked to through a join table, as text, in the related rows' name order. */
export async function selectLinkedIds(db: Conn, through: JoinTable, relation: Relation, id: string | number) {
  const rows = await db
    .select({ value: through.to })
    .from(through.table)
    .innerJoin(relation.table, eq(relation.value, through.to))
    .where(eq(through.from, id))
    .orderBy(asc(relation.label));
  return rows.map((r) => String(r.value));
}

/** The related rows among these ids that exist (and that the relation offers), with their names. */
export async function selectRelatedRows(db: Conn, relation: Relation, ids: (string | number)[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ value: relation.value, label: relation.label })
    .from(relation.table)
    .where(and(inArray(relation.value as AnyPgColumn, ids), relation.where?.()))
    .orderBy(asc(relation.label));
  return rows.map((r) => ({ value: String(r.value), label: String(r.label) }));
}

/** Links a row to these related ids (pairs already there are kept). */
export async function insertLinks(tx: Tx, through: JoinTable, id: string | number, ids: (string | number)[]) {
  if (!ids.length) return;
  const from = keyOf(through, through.from);
  const to = keyOf(through, through.to);
  await tx
    .insert(through.table)
    .values(ids.map((v) => ({ [from]: id, [to]: v })))
    .onConflictDoNothing();
}

/** Unlinks a row from these related ids. */
export async function deleteLinks(tx: Tx, through: JoinTable, id: string | number, ids: (string | number)[]) {
  if (!ids.length) return;
  await tx.delete(through.table).where(and(eq(through.from, id), inArray(through.to, ids)));
}

function keyOf(through: JoinTable, col: AnyPgColumn) {
  for (const [k, v] of Object.entries(through.table)) if (v === col) return k;
  throw new Error(`Column ${col.name} is not a column of the join table.`);
}
