import type { Db, Tx } from "~/db/client.server";
import type { ResourceDeclaration } from "./resource";
import { selectStoredRows } from "./resource-code-rows.queries.server";
import { columnKey, deleteRecords, insertRecord, selectRecord, updateRecord } from "./resource-engine.queries.server";
import type { ResourceListState } from "./resource-view";

/**
 * Rows defined in code with stored overrides (decision 0069): the merge of a code row and its stored row, the list
 * over the merged rows, and what a save stores. The engine calls these where a declaration has `codeRows`.
 */

type Conn = Db | Tx;
type Row = Record<string, unknown>;

function idKey(decl: ResourceDeclaration) {
  return columnKey(decl.table, decl.id);
}

function codeRowsOf(decl: ResourceDeclaration): readonly Row[] {
  if (!decl.codeRows) throw new Error("not a resource of code rows");
  return decl.codeRows.rows();
}

/** The code row of an id, or undefined when the code has none. */
export function codeRowOf(decl: ResourceDeclaration, id: string | number): Row | undefined {
  const key = idKey(decl);
  return codeRowsOf(decl).find((r) => String(r[key]) === String(id));
}

/** A code row with its stored row over it: stored values not null replace the default; `storedKey` says which. */
export function merged(decl: ResourceDeclaration, code: Row, stored: Row | null): Row {
  const spec = decl.codeRows as NonNullable<ResourceDeclaration["codeRows"]>;
  const out: Row = { ...code, __id: code[idKey(decl)], [spec.storedKey]: stored !== null };
  for (const k of spec.overrides) out[k] = stored && stored[k] != null ? stored[k] : (code[k] ?? null);
  return out;
}

/** One code row merged with its stored row (the form, a row action, the row's page), or null: no such row. */
export async function selectCodeRow(db: Conn, decl: ResourceDeclaration, id: string | number) {
  const code = codeRowOf(decl, id);
  if (!code) return null;
  return merged(decl, code, await selectRecord(db, decl, id));
}

type ListState = Omit<ResourceListState, "shown">;

/** A page of the merged rows under the search, the filters (select and yes/no) and the sort. */
export async function codeRowsPage(db: Conn, decl: ResourceDeclaration, state: ListState) {
  const code = codeRowsOf(decl);
  const key = idKey(decl);
  const stored = new Map(
    (
      await selectStoredRows(
        db,
        decl,
        code.map((r) => r[key] as string | number),
      )
    ).map((r) => [String(r[key]), r]),
  );
  let rows = code.map((c) => merged(decl, c, stored.get(String(c[key])) ?? null));
  const searchable = decl.columns.filter((c) => c.searchable).map((c) => c.key);
  if (state.q) rows = rows.filter((r) => searchable.some((k) => containsText(r[k], state.q)));
  for (const c of decl.columns) {
    const v = state.filters[c.key];
    if (!c.filter || v === undefined) continue;
    if (c.filter.kind === "boolean") rows = rows.filter((r) => Boolean(r[c.key]) === (v === "yes"));
    else rows = rows.filter((r) => String(r[c.key] ?? "") === v);
  }
  const dir = state.dir === "desc" ? -1 : 1;
  rows.sort((a, b) => dir * compare(a[state.sort], b[state.sort]) || compare(a.__id, b.__id));
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / state.perPage));
  const page = Math.min(state.page, pageCount);
  return { rows: rows.slice((page - 1) * state.perPage, page * state.perPage), total, page, pageCount };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" || typeof b === "boolean") return Number(Boolean(a)) - Number(Boolean(b));
  return String(a ?? "").localeCompare(String(b ?? ""), "en", { sensitivity: "base" });
}

/**
 * What a save of a code row stores: each override equal to the default becomes null (the default, so a default
 * improved in code reaches the row); `empty` when every override is then null (the stored row is removed).
 */
export function overridesOnly(decl: ResourceDeclaration, id: string | number, cols: Row) {
  const spec = decl.codeRows as NonNullable<ResourceDeclaration["codeRows"]>;
  const code = codeRowOf(decl, id) ?? {};
  const out: Row = { ...cols };
  for (const k of spec.overrides) {
    if (!(k in out)) continue;
    if (sameText(out[k], code[k])) out[k] = null;
  }
  return { cols: out, empty: spec.overrides.every((k) => out[k] == null) };
}

/** Equal as texts an administrator edits: line ends and surrounding white space do not count. */
function sameText(a: unknown, b: unknown) {
  const norm = (v: unknown) => (v == null ? "" : String(v).replace(/\r\n?/g, "\n").trim());
  return norm(a) === norm(b);
}

/** Writes a save of a code row: the overrides only; none left removes the stored row, else updates or inserts it. */
export async function writeCodeRow(
  tx: Tx,
  decl: ResourceDeclaration,
  id: string | number,
  cols: Row,
  stored: Row | null,
) {
  const { cols: only, empty } = overridesOnly(decl, id, cols);
  if (empty) {
    if (stored) await deleteRecords(tx, decl, [id]);
  } else if (stored) await updateRecord(tx, decl, id, only);
  else await insertRecord(tx, decl.table, { ...only, [idKey(decl)]: id });
}

/** A search match over a merged row's value: the text anywhere, any case. */
function containsText(v: unknown, q: string) {
  return v != null && String(v).toLocaleLowerCase("en").includes(q.toLocaleLowerCase("en"));
}
