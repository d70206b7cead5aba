/**
 * Built statements kept for the next identical call. Drizzle builds a select's SQL text anew on every call; for the
 * resale search's 21-column row query that is about 0.5 ms of CPU, a third of what the database driver spends on the
 * whole search (measured for issue 12). A statement is a pure function of its inputs (the filters, the order, the
 * page), so one built for a key runs again as it is, through the same handle, with the same parameters: only the
 * building is skipped; the database is asked every time, and the answer is never kept.
 *
 * Kept per database handle (a statement is bound to the pool or PGlite it was built on), at most `size` per handle,
 * the least recently used dropped first.
 */

/** What Drizzle's select builder offers (`_prepare` builds the statement without naming it on the server). */
type Preparable<T> = PromiseLike<T> & { _prepare?: () => { execute: () => Promise<T> } };

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
    const execute = () => prepared.execute();
    kept.set(key, execute);
    if (kept.size > size) kept.delete(kept.keys().next().value as string);
    return execute();
  };
}
