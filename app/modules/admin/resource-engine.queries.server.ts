import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lte,
  ilike,
  isNull,
  lt,
  max,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { containsPattern, selectPaged } from "~/lib/list-query";
import type { Relation, ResourceColumn, ResourceDeclaration, ResourceFilter } from "./resource";

type Conn = Db | Tx;

export type PageArgs = {
  where: SQL | undefined;
  order: SQL[];
  page: number;
  pageSize: number;
};

/**
 * The one paged query of the admin lists: count and rows of a page under one condition, the page kept inside
 * 1..pageCount. `select` shapes the rows (a resource's columns, with its joins).
 */
export async function selectPage(
  db: Conn,
  decl: ResourceDeclaration,
  args: PageArgs,
): Promise<{ rows: Record<string, unknown>[]; total: number; page: number; pageCount: number }> {
  return selectPaged<Record<string, unknown>>({
    count: () => withJoins(db.select({ total: count() }).from(decl.table), decl).where(args.where),
    rows: (limit, offset) =>
      withJoins(db.select(selection(decl)).from(decl.table), decl)
        .where(args.where)
        .orderBy(...args.order)
        .limit(limit)
        .offset(offset),
    page: args.page,
    pageSize: args.pageSize,
  });
}

/** Every row under the condition (CSV export), in the list's order. */
export async function selectAll(db: Conn, decl: ResourceDeclaration, where: SQL | undefined, order: SQL[]) {
  const rows = await withJoins(db.select(selection(decl)).from(decl.table), decl)
    .where(where)
    .orderBy(...order);
  return rows as Record<string, unknown>[];
}

/** The id of the row (inside the resource's scope) whose columns, by property name, hold these values; null for none. */
export async function selectIdByColumns(
  db: Conn,
  decl: ResourceDeclaration,
  values: Record<string, unknown>,
): Promise<string | number | null> {
  const cols = getTableColumns(decl.table) as Record<string, AnyPgColumn>;
  const conds = Object.entries(values).map(([k, v]) =>
    v === null ? isNull(cols[k] as AnyPgColumn) : eq(cols[k] as AnyPgColumn, v),
  );
  const rows = await db
    .select({ id: decl.id })
    .from(decl.table)
    .where(and(...conds, scopeOf(decl)))
    .limit(1);
  return (rows[0]?.id as string | number | undefined) ?? null;
}

/** One row with every column of the table (the edit form), inside the resource's scope; `forUpdate` locks it. */
export async function selectRecord(
  db: Conn,
  decl: ResourceDeclaration,
  id: string | number,
  opts: { forUpdate?: boolean } = {},
): Promise<Record<string, unknown> | null> {
  const q = db
    .select()
    .from(decl.table)
    .where(and(eq(decl.id, id), scopeOf(decl)))
    .limit(1);
  const rows = await (opts.forUpdate ? q.for("update") : q);
  return (rows[0] as Record<string, unknown>) ?? null;
}

/**
 * The rows (every column) whose column (or the table's column of this property name) holds one of these values,
 * inside the resource's scope: an import's `match`, looked up once for the whole file.
 */
export async function selectByColumnValues(
  db: Conn,
  decl: ResourceDeclaration,
  column: AnyPgColumn | string,
  values: unknown[],
) {
  const col =
    typeof column === "string" ? (getTableColumns(decl.table) as Record<string, AnyPgColumn>)[column] : column;
  if (!col) throw new Error(`${decl.noun}: no column ${String(column)}`);
  const key = columnKey(decl.table, col);
  if (!values.length) return { key, rows: [] as Record<string, unknown>[] };
  const rows = await db
    .select()
    .from(decl.table)
    .where(and(inArray(col, values), scopeOf(decl)));
  return { key, rows: rows as Record<string, unknown>[] };
}

/** Rows (every column) whose time column has come and whose state is one of `states`: a schedule's due steps. */
export async function selectDueRows(
  db: Conn,
  decl: ResourceDeclaration,
  step: { at: AnyPgColumn; state: AnyPgColumn; from: string[] },
  now: Date,
  limit = 500,
) {
  const rows = await db
    .select()
    .from(decl.table)
    .where(and(inArray(step.state, step.from), lte(step.at, now), scopeOf(decl)))
    .limit(limit);
  return rows as Record<string, unknown>[];
}

/** One list row (the list's columns) by id, for a row action. */
export async function selectListRow(db: Conn, decl: ResourceDeclaration, id: string | number) {
  const rows = await withJoins(db.select(selection(decl)).from(decl.table), decl)
    .where(and(eq(decl.id, id), scopeOf(decl)))
    .limit(1);
  return (rows[0] as Record<string, unknown>) ?? null;
}

/** One row's detail columns (its page), inside the resource's scope. */
export async function selectDetailRow(
  db: Conn,
  decl: ResourceDeclaration,
  columns: ResourceColumn[],
  id: string | number,
) {
  const sel: Record<string, AnyPgColumn | SQL.Aliased> = {};
  for (const c of columns) sel[c.key] = isSql(c.value) ? c.value.as(`d_${c.key}`) : (c.value as AnyPgColumn);
  for (const c of decl.columns)
    if (!(c.key in sel)) sel[c.key] = isSql(c.value) ? c.value.as(`c_${c.key}`) : (c.value as AnyPgColumn);
  const rows = await withJoins(db.select(sel).from(decl.table), decl)
    .where(and(eq(decl.id, id), scopeOf(decl)))
    .limit(1);
  return (rows[0] as Record<string, unknown>) ?? null;
}

export async function insertRecord(db: Conn, table: PgTable, values: Record<string, unknown>) {
  const rows = await db.insert(table).values(values).returning();
  return rows[0] as Record<string, unknown>;
}

export async function updateRecord(
  db: Conn,
  decl: ResourceDeclaration,
  id: string | number,
  values: Record<string, unknown>,
) {
  if (Object.keys(values).length === 0) return;
  await db.update(decl.table).set(values).where(eq(decl.id, id));
}

export async function deleteRecords(db: Conn, decl: ResourceDeclaration, ids: (string | number)[]) {
  const byIds = or(...ids.map((id) => eq(decl.id, id)));
  if (decl.softDelete) {
    const col = decl.softDelete;
    return db
      .update(decl.table)
      .set({ [columnKey(decl.table, col)]: new Date() })
      .where(and(byIds, scopeOf(decl)))
      .returning({ id: decl.id });
  }
  return db
    .delete(decl.table)
    .where(and(byIds, scopeOf(decl)))
    .returning({ id: decl.id });
}

/** The next position at the end of a manually ordered list. */
export async function nextPosition(db: Conn, decl: ResourceDeclaration, col: AnyPgColumn) {
  const [row] = await db
    .select({ n: max(col) })
    .from(decl.table)
    .where(scopeOf(decl));
  return Number(row?.n ?? 0) + 1;
}

/** A nested resource's rows (decision 0065): id, parent, group and position of every row in scope, in order. */
export async function selectTreeNodes(db: Conn, decl: ResourceDeclaration, opts: { forUpdate?: boolean } = {}) {
  const sel: Record<string, AnyPgColumn | SQL.Aliased> = { id: decl.id };
  if (decl.parentColumn) sel.parent = decl.parentColumn;
  if (decl.groupColumn) sel.group = decl.groupColumn;
  if (decl.orderColumn) sel.position = decl.orderColumn;
  const q = db
    .select(sel)
    .from(decl.table)
    .where(scopeOf(decl))
    .orderBy(...(decl.orderColumn ? [asc(decl.orderColumn)] : []), asc(decl.id));
  const rows = await (opts.forUpdate ? q.for("update") : q);
  return (rows as Record<string, unknown>[]).map((r) => ({
    id: r.id as string | number,
    parent: (r.parent ?? null) as string | number | null,
    group: (r.group ?? null) as string | number | null,
    position: Number(r.position ?? 0),
  }));
}

/** The rows sharing a group and a parent (a nested resource's siblings), locked, in order. */
export async function selectSiblings(db: Tx, decl: ResourceDeclaration, place: { group: unknown; parent: unknown }) {
  const col = decl.orderColumn as AnyPgColumn;
  const rows = await db
    .select({ id: decl.id, position: col })
    .from(decl.table)
    .where(siblingsOf(decl, place))
    .orderBy(asc(col), asc(decl.id))
    .for("update");
  return rows as { id: string | number; position: number }[];
}

/** The condition of a place in a nested order: the scope, the group and the parent (null: top level). */
export function siblingsOf(decl: ResourceDeclaration, place: { group: unknown; parent: unknown }): SQL | undefined {
  return and(
    scopeOf(decl),
    decl.groupColumn ? eq(decl.groupColumn, place.group) : undefined,
    decl.parentColumn
      ? place.parent === null || place.parent === undefined
        ? isNull(decl.parentColumn)
        : eq(decl.parentColumn, place.parent)
      : undefined,
  );
}

/** The next position at the end of a place in a nested order. */
export async function nextPositionIn(db: Conn, decl: ResourceDeclaration, place: { group: unknown; parent: unknown }) {
  const [row] = await db
    .select({ n: max(decl.orderColumn as AnyPgColumn) })
    .from(decl.table)
    .where(siblingsOf(decl, place));
  return Number(row?.n ?? 0) + 1;
}

/** The neighbour above (`up`) or below a row in a manually ordered list, locked for the swap. */
export async function selectNeighbour(
  db: Tx,
  decl: ResourceDeclaration,
  col: AnyPgColumn,
  position: number,
  direction: "up" | "down",
) {
  const rows = await db
    .select({ id: decl.id, position: col })
    .from(decl.table)
    .where(and(scopeOf(decl), direction === "up" ? lt(col, position) : gt(col, position)))
    .orderBy(direction === "up" ? sql`${col} desc` : asc(col))
    .limit(1)
    .for("update");
  return rows[0] as { id: string | number; position: number } | undefined;
}

/** The options of a relation field. */
export async function selectOptions(db: Conn, rel: Relation) {
  const rows = await db
    .select({ value: rel.value, label: rel.label })
    .from(rel.table)
    .where(rel.where?.())
    .orderBy(asc(rel.label))
    .limit(1000);
  return rows.map((r) => ({ value: String(r.value), label: String(r.label) }));
}

/** How many rows under the condition have each value of `expr` (a tab filter's counts). */
export async function countBy(
  db: Conn,
  decl: ResourceDeclaration,
  expr: AnyPgColumn | SQL,
  where: SQL | undefined,
): Promise<Record<string, number>> {
  const key = sql<string>`(${expr})::text`;
  const rows = await withJoins(db.select({ key, n: count() }).from(decl.table), decl)
    .where(where)
    .groupBy(key);
  return Object.fromEntries(rows.map((r) => [String(r.key), Number(r.n)]));
}

/** The resource's own condition, and (soft delete) live rows only. */
export function scopeOf(decl: ResourceDeclaration): SQL | undefined {
  return and(decl.scope?.(), decl.softDelete ? isNull(decl.softDelete) : undefined);
}

/** The search condition: the text anywhere in any searchable column. */
export function searchOf(decl: ResourceDeclaration, q: string): SQL | undefined {
  if (!q) return undefined;
  const p = containsPattern(q);
  const cols = decl.columns.filter((c) => c.searchable);
  return cols.length ? or(...cols.map((c) => ilike(sql`(${c.value})::text`, p))) : undefined;
}

function selection(decl: ResourceDeclaration) {
  const sel: Record<string, AnyPgColumn | SQL.Aliased> = { __id: decl.id as AnyPgColumn };
  for (const c of decl.columns) sel[c.key] = isSql(c.value) ? c.value.as(`c_${c.key}`) : (c.value as AnyPgColumn);
  if (decl.orderColumn) sel.__position = decl.orderColumn;
  if (decl.parentColumn) sel.__parent = decl.parentColumn;
  if (decl.groupColumn) sel.__group = decl.groupColumn;
  return sel;
}

/** The declared joins on a dynamic select (drizzle's `$dynamic()` lets a builder be extended in a loop). */
function withJoins<Q extends { $dynamic(): any }>(q: Q, decl: ResourceDeclaration): ReturnType<Q["$dynamic"]> {
  let out = q.$dynamic();
  for (const j of decl.joins ?? []) out = out.leftJoin(j.table, j.on());
  return out;
}

function isSql(v: unknown): v is SQL {
  return typeof v === "object" && v !== null && "queryChunks" in v;
}

/** The property name under which a table declares a column (drizzle's `set` takes property names). */
export function columnKey(table: PgTable, col: AnyPgColumn): string {
  for (const [k, v] of Object.entries(table)) if (v === col) return k;
  throw new Error(`Column ${col.name} is not a column of this table.`);
}

/** The list's condition: the resource's scope, the search and the filters. */
export function conditionOf(
  decl: ResourceDeclaration,
  state: { q: string; filters: Record<string, string> },
): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeOf(decl), searchOf(decl, state.q)];
  for (const [key, v] of Object.entries(state.filters)) {
    const [base, end] = key.split(".");
    const col = decl.columns.find((c) => c.key === base);
    if (!col?.filter) continue;
    parts.push(filterCondition(col.filter, col.value, v, end));
  }
  const live = parts.filter((p): p is SQL => p !== undefined);
  return live.length ? sql.join(live, sql` and `) : undefined;
}

/** Eastern days: a date range covers whole days as New York sees them. */
const ZONE = "America/New_York";

function filterCondition(filter: ResourceFilter, value: AnyPgColumn | SQL, v: string, end: string | undefined): SQL {
  if (filter.kind === "boolean") return sql`${value} = ${v === "yes"}`;
  if (filter.kind === "select" && filter.where) return filter.where(v) ?? sql`true`;
  if (filter.kind === "select") return sql`(${filter.match ?? value})::text = ${v}`;
  if (filter.kind === "relation") return sql`(${value})::text = ${v}`;
  return end === "from"
    ? sql`${value} >= (${v}::date::timestamp at time zone ${ZONE})`
    : sql`${value} < ((${v}::date + 1)::timestamp at time zone ${ZONE})`;
}

/** The list's order: manual ordering, or the sorted column then the id (a stable order across pages). */
export function orderOf(decl: ResourceDeclaration, state: { sort: string; dir: "asc" | "desc" }): SQL[] {
  if (decl.orderColumn && state.sort === decl.defaultSort.key && decl.operations.includes("order")) {
    return [...(decl.groupColumn ? [asc(decl.groupColumn)] : []), asc(decl.orderColumn), asc(decl.id)];
  }
  const col = decl.columns.find((c) => c.key === state.sort) ?? decl.columns[0];
  const expr = sql`${col.value}`;
  return [
    state.dir === "asc" ? sql`${expr} asc nulls first` : sql`${expr} desc nulls last`,
    state.dir === "asc" ? asc(decl.id) : desc(decl.id),
  ];
}
