/**
 * Built statements kept for the next identical call. Drizzle builds a select's SQL text anew on every call; for the
 * resale search's 21-column row query that is about 0.5 ms of CPU, a third of what the database driver spends on the
 * whole search (measured for issue 12). A statement is a pure function of its inputs (the filters, the order, the
 * page), so one built for a key runs again as it is, through the same handle, with the same parameters: only the
 * building is skipped; the database is asked every time, and the answer is never kept.
 *
 * Kept per database handle (a statement is bound to the pool or PGlite it was built on), at most `size` per handle,
 * the least recently used dropped first.
 *
 * A kept statement whose columns are all top-level keys (no nested objects) also maps its rows with a mapper made once
 * for it: each column's decoder found once and every row built as one object literal, rather than Drizzle's general
 * mapper looking up every column's kind on every row (1,260 look-ups for a page of 60 search results; about a tenth
 * of the search's CPU, measured for issue 12). The rows are the same objects with the same values;
 * `statement-memo.server.test.ts` compares the two.
 */
import { Column, is, SQL, Subquery } from "drizzle-orm";

/** A selected field in the order of the statement's columns, as Drizzle keeps them on a prepared query. */
type OrderedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** What a prepared query holds (Drizzle's node-postgres and PGlite sessions alike). */
type Prepared<T> = {
  execute: (placeholderValues?: Record<string, unknown>) => Promise<T>;
  fields?: OrderedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};
/** What Drizzle's select builder offers (`_prepare` builds the statement without naming it on the server). */
type Preparable<T> = PromiseLike<T> & { _prepare?: () => Prepared<T> };

/** The decoder Drizzle's own mapper would use for a field (drizzle-orm `mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // `decoder` is internal to Drizzle's SQL: the same reads its own mapper makes.
  type Decoded = { decoder: Decoder };
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * A row mapper made once for a statement whose every column is a top-level key, or null for any other (nested
 * objects, where Drizzle also turns a left-joined table's all-null columns into null). Same result as Drizzle's.
 */
export function flatRowMapper(fields: OrderedField[] | undefined): ((rows: unknown[][]) => unknown[]) | null {
  if (!fields?.length || fields.some((f) => f.path.length !== 1)) return null;
  const decoders = fields.map((f) => decoderOf(f.field));
  // One object literal per row, built by code made for these columns: every row gets the same shape at once, where
  // adding 21 keys one by one by name is V8's slow path (it cost as much as Drizzle's own mapper). The keys are
  // written as JSON strings, and only the decoders are passed in.
  const body = fields
    .map((f, i) => `${JSON.stringify(f.path[0])}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`)
    .join(",\n");
  const one = new Function("d", `return (r) => ({\n${body}\n});`)(decoders) as (row: unknown[]) => unknown;
  return (rows) => rows.map(one);
}

/** Gives a kept statement the mapper made once for its columns, when they allow one (and it has none of its own). */
function giveFlatRowMapper(prepared: Prepared<unknown>) {
  if (prepared.customResultMapper) return;
  const mapper = flatRowMapper(prepared.fields);
  if (mapper) prepared.customResultMapper = mapper;
}

export function createStatementMemo(size = 256) {
  const perHandle = new WeakMap<object, Map<string, () => Promise<unknown>>>();
  return function run<T>(db: object, key: string, build: () => Preparable<T>): Promise<T> {
    let kept = perHandle.get(db);
    if (!kept) {
      kept = new Map();
      perHandle.set(db, kept);
    }
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found() as Promise<T>;
    }
    const builder = build();
    // Unnamed on purpose: a named server-side statement per key would pile up in every connection.
    const prepared = builder._prepare?.();
    if (!prepared) return Promise.resolve(builder);
    giveFlatRowMapper(prepared);
    const execute = () => prepared.execute();
    kept.set(key, execute);
    if (kept.size > size) kept.delete(kept.keys().next().value as string);
    return execute();
  };
}

/**
 * One statement with placeholders (`sql.placeholder("name")`), built once per database handle and run with each
 * call's values. For the reads every signed-in page makes (the header bell, the favourites): the SQL is the same for
 * everyone, only the person differs, so building it anew on every request (issue 34: Drizzle's building was about a
 * tenth of a signed-in page's CPU) is skipped. Rows are mapped as `createStatementMemo` maps them. A transaction is its
 * own handle: the statement is built for it once.
 */
export function preparedStatement<Conn extends object, V extends Record<string, unknown>, T>(
  build: (db: Conn) => Preparable<T>,
) {
  const perHandle = new WeakMap<object, Prepared<T>>();
  return function run(db: Conn, values: V): Promise<T> {
    let prepared = perHandle.get(db);
    if (!prepared) {
      prepared = build(db)._prepare?.();
      if (!prepared) throw new Error("preparedStatement: this builder cannot be prepared");
      giveFlatRowMapper(prepared);
      perHandle.set(db, prepared);
    }
    return prepared.execute(values);
  };
}
