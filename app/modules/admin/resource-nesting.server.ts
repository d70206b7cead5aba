import type { Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { AnyPgColumn, Option, ResourceDeclaration, ResourceField } from "./resource";
import {
  columnKey,
  nextPositionIn,
  selectSiblings,
  selectTreeNodes,
  updateRecord,
} from "./resource-engine.queries.server";

/**
 * Nested order (decision 0065): a declaration's `parentColumn` (a nullable self-reference) and `groupColumn` (which
 * menu), with `orderColumn` kept 1..n within each (group, parent). The engine calls these from its list, form,
 * save, delete and move; every write here runs in the caller's transaction.
 */

type Id = string | number;
export type TreeNode = { id: Id; parent: Id | null; group: Id | null; position: number };
type Place = { group: unknown; parent: unknown };

export const DEFAULT_MAX_DEPTH = 2;

export function isNested(decl: ResourceDeclaration) {
  return !!decl.parentColumn && !!decl.orderColumn;
}

const same = (a: unknown, b: unknown) => ((a ?? null) === null ? (b ?? null) === null : String(a) === String(b));

/** The form field stored in the parent column (its options are the possible parents). */
export function parentField(decl: ResourceDeclaration): ResourceField | undefined {
  if (!decl.parentColumn) return undefined;
  const key = columnKey(decl.table, decl.parentColumn);
  return decl.fields.find((f) => (f.column ? f.column === decl.parentColumn : f.name === key));
}

function groupField(decl: ResourceDeclaration): ResourceField | undefined {
  if (!decl.groupColumn) return undefined;
  const key = columnKey(decl.table, decl.groupColumn);
  return decl.fields.find((f) => (f.column ? f.column === decl.groupColumn : f.name === key));
}

/** The groups in the order the group field lists them (then by value). */
function groupRank(decl: ResourceDeclaration) {
  const options = groupField(decl)?.options ?? [];
  return (g: unknown) => {
    const i = options.findIndex((o) => o.value === String(g ?? ""));
    return i === -1 ? options.length : i;
  };
}

/**
 * The rows in tree order: groups in the group field's order, each parent followed by its children in their order,
 * each with its level (1 = top) and whether it is the first or last among its siblings.
 */
export function treeOrder(decl: ResourceDeclaration, nodes: TreeNode[]) {
  const rank = groupRank(decl);
  const children = new Map<string, TreeNode[]>();
  const ids = new Set(nodes.map((n) => String(n.id)));
  for (const n of nodes) {
    // A row whose parent is out of scope (another menu, by a bad write) is shown at the top of its group.
    const parent = n.parent !== null && ids.has(String(n.parent)) ? String(n.parent) : "";
    const k = `${String(n.group ?? "")}\u0000${parent}`;
    children.set(k, [...(children.get(k) ?? []), n]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.position - b.position || (String(a.id) < String(b.id) ? -1 : 1));
  }
  const groups = [...new Set(nodes.map((n) => String(n.group ?? "")))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const out: { node: TreeNode; level: number; first: boolean; last: boolean; parentId: Id | null }[] = [];
  const walk = (group: string, parent: string, level: number, seen: Set<string>) => {
    const list = children.get(`${group}\u0000${parent}`) ?? [];
    list.forEach((node, i) => {
      if (seen.has(String(node.id))) return; // a cycle (never written by the engine) is not walked twice
      seen.add(String(node.id));
      out.push({ node, level, first: i === 0, last: i === list.length - 1, parentId: parent ? node.parent : null });
      walk(group, String(node.id), level + 1, seen);
    });
  };
  for (const g of groups) walk(g, "", 1, new Set());
  return out;
}

/** How deep a row is (1 = top level), following parents. */
function depthOf(nodes: Map<string, TreeNode>, id: Id | null): number {
  let depth = 0;
  let at = id === null ? undefined : nodes.get(String(id));
  const seen = new Set<string>();
  while (at && !seen.has(String(at.id))) {
    seen.add(String(at.id));
    depth++;
    at = at.parent === null ? undefined : nodes.get(String(at.parent));
  }
  return depth;
}

/** A row and every row under it. */
function subtree(nodes: TreeNode[], id: Id): Set<string> {
  const out = new Set([String(id)]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of nodes) {
      if (n.parent !== null && out.has(String(n.parent)) && !out.has(String(n.id))) {
        out.add(String(n.id));
        grew = true;
      }
    }
  }
  return out;
}

/** Levels a row's subtree spans (1 for a row without children). */
function heightOf(nodes: TreeNode[], id: Id): number {
  const kids = nodes.filter((n) => n.parent !== null && String(n.parent) === String(id));
  return 1 + Math.max(0, ...kids.map((k) => heightOf(nodes, k.id)));
}

/** The parent field's choices on a form: rows that may take children, not the row itself or anything under it. */
export async function parentOptions(db: Tx, decl: ResourceDeclaration, id: Id | null, titles: Map<string, string>) {
  const nodes = await selectTreeNodes(db, decl);
  const byId = new Map(nodes.map((n) => [String(n.id), n]));
  const maxDepth = decl.maxDepth ?? DEFAULT_MAX_DEPTH;
  const excluded = id === null ? new Set<string>() : subtree(nodes, id);
  const height = id === null ? 1 : heightOf(nodes, id);
  const groupLabel = new Map((groupField(decl)?.options ?? []).map((o) => [o.value, o.label]));
  const options: Option[] = [];
  for (const { node, level } of treeOrder(decl, nodes)) {
    if (excluded.has(String(node.id))) continue;
    if (depthOf(byId, node.id) + height > maxDepth) continue;
    const group = node.group === null ? "" : String(node.group);
    const name = titles.get(String(node.id)) ?? String(node.id);
    const prefix = decl.groupColumn ? `${groupLabel.get(group) ?? group} › ` : "";
    options.push({ value: String(node.id), label: `${prefix}${"— ".repeat(level - 1)}${name}` });
  }
  return options;
}

/**
 * Checks where a row is about to sit (its group and parent after the write) and gives its position: kept when the
 * place does not change, else the end of the new place. Refuses (400, on the parent field) a parent that is missing,
 * in another group, the row itself or under it, or one that would nest deeper than `maxDepth`; refuses moving a row
 * with children to another group.
 */
export async function placeRow(
  tx: Tx,
  decl: ResourceDeclaration,
  args: { id: Id | null; existing: Record<string, unknown> | null; cols: Record<string, unknown> },
): Promise<{ position: number; from: Place | null }> {
  const parentKey = columnKey(decl.table, decl.parentColumn as AnyPgColumn);
  const groupKey = decl.groupColumn ? columnKey(decl.table, decl.groupColumn) : null;
  const orderKey = columnKey(decl.table, decl.orderColumn as AnyPgColumn);
  const field = parentField(decl);
  const fieldName = field?.name ?? parentKey;
  const refuse = (message: string) => new AppError("BAD_INPUT", message, { [fieldName]: [message] });
  const before: Place | null = args.existing
    ? { group: groupKey ? args.existing[groupKey] : null, parent: args.existing[parentKey] ?? null }
    : null;
  const after: Place = {
    group: groupKey ? (groupKey in args.cols ? args.cols[groupKey] : before?.group) : null,
    parent: parentKey in args.cols ? (args.cols[parentKey] ?? null) : (before?.parent ?? null),
  };
  const nodes = await selectTreeNodes(tx, decl, { forUpdate: true });
  const byId = new Map(nodes.map((n) => [String(n.id), n]));
  if (after.parent !== null) {
    const parent = byId.get(String(after.parent));
    if (!parent) throw refuse(`Choose a parent from the list: that ${decl.noun} does not exist here.`);
    if (groupKey && !same(parent.group, after.group)) {
      throw refuse(`The parent must be in the same ${groupField(decl)?.label.toLowerCase() ?? "group"}.`);
    }
    if (args.id !== null && subtree(nodes, args.id).has(String(parent.id))) {
      throw refuse(`A ${decl.noun} cannot be placed under itself or under one of its own children.`);
    }
    const maxDepth = decl.maxDepth ?? DEFAULT_MAX_DEPTH;
    const height = args.id === null ? 1 : heightOf(nodes, args.id);
    if (depthOf(byId, parent.id) + height > maxDepth) {
      throw refuse(
        maxDepth === 2
          ? `${capital(decl.noun)}s nest one level only: choose a top-level parent${height > 1 ? ", or move this one's children first" : ""}.`
          : `${capital(decl.noun)}s nest at most ${maxDepth} levels deep.`,
      );
    }
  }
  if (args.id !== null && before && groupKey && !same(before.group, after.group)) {
    if (nodes.some((n) => n.parent !== null && String(n.parent) === String(args.id))) {
      throw refuse(
        `Move this ${decl.noun}'s children elsewhere first: they stay in their ${groupField(decl)?.label.toLowerCase() ?? "group"}.`,
      );
    }
  }
  if (before && same(before.group, after.group) && same(before.parent, after.parent)) {
    return { position: Number(args.existing?.[orderKey] ?? 0), from: null };
  }
  return { position: await nextPositionIn(tx, decl, after), from: before };
}

/** Renumbers a place's rows 1..n in their current order (after a row left it). */
export async function renumber(tx: Tx, decl: ResourceDeclaration, place: Place) {
  const key = columnKey(decl.table, decl.orderColumn as AnyPgColumn);
  const rows = await selectSiblings(tx, decl, place);
  for (const [i, r] of rows.entries()) {
    if (Number(r.position) !== i + 1) await updateRecord(tx, decl, r.id, { [key]: i + 1 });
  }
}

/** The place (group and parent) a stored row sits in. */
export function placeOf(decl: ResourceDeclaration, row: Record<string, unknown>): Place {
  return {
    group: decl.groupColumn ? row[columnKey(decl.table, decl.groupColumn)] : null,
    parent: decl.parentColumn ? (row[columnKey(decl.table, decl.parentColumn)] ?? null) : null,
  };
}

/**
 * Moves a row one place up or down among its siblings (same group and parent), locked, renumbering them 1..n in
 * the same transaction. False when it is already first (up) or last (down): nothing changes.
 */
export async function moveAmongSiblings(
  tx: Tx,
  decl: ResourceDeclaration,
  row: Record<string, unknown>,
  id: Id,
  direction: "up" | "down",
): Promise<boolean> {
  const key = columnKey(decl.table, decl.orderColumn as AnyPgColumn);
  const rows = await selectSiblings(tx, decl, placeOf(decl, row));
  const i = rows.findIndex((r) => String(r.id) === String(id));
  const j = direction === "up" ? i - 1 : i + 1;
  if (i === -1 || j < 0 || j >= rows.length) return false;
  [rows[i], rows[j]] = [rows[j], rows[i]];
  for (const [n, r] of rows.entries()) {
    if (Number(r.position) !== n + 1) await updateRecord(tx, decl, r.id, { [key]: n + 1 });
  }
  return true;
}

/** Refuses (409) deleting rows that still have children outside the deleted set. */
export async function refuseDeleteOfParents(tx: Tx, decl: ResourceDeclaration, ids: Id[], titleOf: (id: Id) => string) {
  const nodes = await selectTreeNodes(tx, decl, { forUpdate: true });
  const deleted = new Set(ids.map(String));
  for (const id of ids) {
    const kids = nodes.filter(
      (n) => n.parent !== null && String(n.parent) === String(id) && !deleted.has(String(n.id)),
    );
    if (kids.length) {
      throw new AppError(
        "CONFLICT",
        `“${titleOf(id)}” has ${kids.length} ${decl.noun}${kids.length === 1 ? "" : "s"} under it: move or delete ${kids.length === 1 ? "it" : "them"} first.`,
      );
    }
  }
}

function capital(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
