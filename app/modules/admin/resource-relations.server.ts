import { AppError } from "~/lib/errors";
import { toDbId } from "~/lib/field-values";
import type { Db, Tx } from "~/db/client.server";
import type { ResourceDeclaration, ResourceField } from "./resource";
import { deleteLinks, insertLinks, selectLinkedIds, selectRelatedRows } from "./resource-relations.queries.server";

/**
 * Many-to-many fields of the resource engine (kind "relations", decision 0068): the rows of another table a row is
 * linked to, stored in a join table the field declares. The engine reads them into the form, the CSV export and the
 * journal, and writes them in the save's transaction: new links added, unticked ones removed, an id that is no row
 * refused (400, nothing written).
 */
export function relationsFields(decl: ResourceDeclaration): ResourceField[] {
  return decl.fields.filter((f) => f.kind === "relations");
}

function joinOf(f: ResourceField) {
  if (!f.through || !f.relation) throw new Error(`relations field ${f.name} needs through and relation`);
  return { through: f.through, relation: f.relation };
}

/** A row's linked ids under each relations field's name (the form's and the export's values). */
export async function readRelations(db: Db | Tx, decl: ResourceDeclaration, id: string | number) {
  const out: Record<string, string[]> = {};
  for (const f of relationsFields(decl)) {
    const { through, relation } = joinOf(f);
    out[f.name] = await selectLinkedIds(db, through, relation, id);
  }
  return out;
}

/** The names of the rows these ids are (for a CSV cell and the journal), in name order. */
export async function relationLabels(db: Db | Tx, f: ResourceField, ids: string[]) {
  const { relation } = joinOf(f);
  return (await selectRelatedRows(db, relation, ids)).map((r) => r.label);
}

/** A form's or a file's value of a relations field: the ids ticked (repeated fields, or one comma-separated cell). */
export function relationsValue(v: unknown): string[] {
  const list = Array.isArray(v) ? v : typeof v === "string" && v.trim() ? v.split(/\s*[,;]\s*/) : [];
  return [...new Set(list.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim()))];
}

export type RelationsChange = { name: string; label: string; before: string[]; after: string[] };

/**
 * Writes the links of every relations field the parsed values carry, in the save's transaction: refuses an id that
 * is no row the field offers (400 on that field), then removes the links no longer ticked and adds the new ones.
 * Returns the fields whose links changed, with the related rows' names before and after.
 */
export async function writeRelations(
  tx: Tx,
  decl: ResourceDeclaration,
  id: string | number,
  data: Record<string, unknown>,
  isNew: boolean,
): Promise<RelationsChange[]> {
  const changes: RelationsChange[] = [];
  for (const f of relationsFields(decl)) {
    if (!(f.name in data)) continue;
    const { through, relation } = joinOf(f);
    // An integer key takes only what can be an integer id (anything else is no row, never a database error).
    const numeric = relation.value.dataType === "number";
    const wanted = ((data[f.name] as unknown[]) ?? []).map((v) => String(numeric ? (toDbId(v) ?? v) : v));
    const found = await selectRelatedRows(
      tx,
      relation,
      numeric ? wanted.flatMap((v) => (toDbId(v) === null ? [] : [Number(v)])) : wanted,
    );
    const known = new Set(found.map((r) => r.value));
    const unknown = wanted.filter((v) => !known.has(v));
    if (unknown.length) {
      const message = `${f.label}: ${unknown.length === 1 ? `${unknown[0]} is` : `${unknown.join(", ")} are`} not in the list. Choose from the list.`;
      throw new AppError("BAD_INPUT", message, { [f.name]: [message] });
    }
    const before = isNew ? [] : await selectLinkedIds(tx, through, relation, id);
    const removed = before.filter((v) => !known.has(v));
    const added = wanted.filter((v) => !before.includes(v));
    if (!removed.length && !added.length) continue;
    await deleteLinks(tx, through, id, removed);
    await insertLinks(tx, through, id, added);
    const names = new Map(found.map((r) => [r.value, r.label]));
    const beforeNames = await relationLabels(tx, f, before);
    changes.push({
      name: f.name,
      label: f.label,
      before: beforeNames,
      after: wanted.map((v) => names.get(v) ?? v).sort((a, b) => a.localeCompare(b)),
    });
  }
  return changes;
}

/** A change as the toast and the journal name it: "Resorts that have this room (added Aulani; removed Vero Beach)". */
export function describeRelationsChange(c: RelationsChange) {
  const added = c.after.filter((n) => !c.before.includes(n));
  const removed = c.before.filter((n) => !c.after.includes(n));
  const parts = [
    ...(added.length ? [`added ${added.join(", ")}`] : []),
    ...(removed.length ? [`removed ${removed.join(", ")}`] : []),
  ];
  return `${c.label} (${parts.join("; ")})`;
}
