/**
 * Site-wide reads kept in the process (decision 0098): what every page's shell reads that is the same for every
 * visitor (the settings, the menus, the quick facts, the live banners, a path's page and SEO entry, the reviews
 * widget) is read once and kept while the change feed (decision 0042, `data-changes.server.ts`) stands still, and
 * for at most `PAGE_CACHE_SECONDS`: a write in any process, or any job, ends every kept value, as it ends the
 * anonymous page cache. Signed-in pages, which the page cache never serves, stop reading them on every request.
 *
 * Off until the web process turns it on (`keepSharedReads`, from entry.server's start-up): tests that call loaders
 * directly and write with factories always read the database.
 *
 * A kept value is shared by every request, so it is frozen (deeply) when kept: a caller that changed it in place
 * would throw instead of changing what other visitors see.
 */
type Version = { version(): number };
type Entry = { version: number; at: number; value: Promise<unknown> };

const MAX_ENTRIES = 1000;

let state: { changes: Version; maxAgeMs: number; now: () => number } | null = null;
const kept = new Map<string, Entry>();

/** Turns keeping on (maxAgeMs 0: off). */
export function keepSharedReads(opts: { changes: Version; maxAgeMs: number; now?: () => number }) {
  kept.clear();
  state = opts.maxAgeMs > 0 ? { changes: opts.changes, maxAgeMs: opts.maxAgeMs, now: opts.now ?? Date.now } : null;
}

/** Turns keeping off and forgets what was kept. */
export function stopSharedReads() {
  state = null;
  kept.clear();
}

/**
 * The value `load` gives, kept under `key` while the change feed stands still and for at most the maximum age. One
 * load is shared by the requests that ask while it runs; a failed load is not kept. The key must name everything the
 * load reads (a path, for a path's page); at most 1,000 keys are kept, the least recently used dropped first.
 */
export function sharedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!state) return load();
  const { changes, maxAgeMs, now } = state;
  const version = changes.version();
  const at = now();
  const hit = kept.get(key);
  if (hit && hit.version === version && at - hit.at < maxAgeMs) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = load().then(deepFreeze);
  const entry: Entry = { version, at, value };
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
