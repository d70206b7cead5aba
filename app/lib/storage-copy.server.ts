import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { S3Storage } from "./s3-storage.server";
import { assertSafeKey } from "./storage.server";

/** What the copy did, file by file counted. */
export type CopyReport = {
  /** Files put in the bucket. */
  copied: number;
  /** Files already in the bucket under their key with the same size: left alone. */
  alreadyThere: number;
  /** Files that are no storage key (a leftover `.tmp` of an interrupted write, a stray name): never copied. */
  ignored: string[];
  /** Files that could not be read or stored, with the reason; the next run tries them again. */
  failed: { key: string; reason: string }[];
  bytesCopied: number;
};

/** The content type a file is stored with in the bucket, told by its name (every upload is re-encoded on the way in). */
export function contentTypeOf(key: string) {
  const ext = path.extname(key).toLowerCase();
  const types: Record<string, string> = {
    ".webp": "image/webp",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".pdf": "application/pdf",
  };
  return types[ext] ?? "application/octet-stream";
}

function isStorageKey(key: string) {
  if (key.endsWith(".tmp")) return false;
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies every file of a local uploads folder (DATA_DIR/uploads) to the bucket under the same key (its path relative
 * to the folder, with `/`), the key the app already stores in its rows: the URLs and the rows stay as they are.
 * Idempotent: a key already in the bucket with the same size is skipped, so the copy can be run again after a failure
 * or just before switching, and only what is new or different goes. A few files at a time.
 */
export async function copyFolderToS3(
  folder: string,
  target: Pick<S3Storage, "put" | "size">,
  opts: { concurrency?: number; onFile?: (key: string, outcome: "copied" | "already-there" | "failed") => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, ignored: [], failed: [], bytesCopied: 0 };
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const keys = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
  const queue: string[] = [];
  for (const key of keys) {
    if (isStorageKey(key)) queue.push(key);
    else report.ignored.push(key);
  }

  async function copyOne(key: string) {
    try {
      const file = path.join(folder, ...key.split("/"));
      const { size } = await stat(file);
      if ((await target.size(key)) === size) {
        report.alreadyThere++;
        opts.onFile?.(key, "already-there");
        return;
      }
      await target.put(key, await readFile(file), contentTypeOf(key));
      report.copied++;
      report.bytesCopied += size;
      opts.onFile?.(key, "copied");
    } catch (err) {
      const e = err as { name?: string; message?: string };
      report.failed.push({ key, reason: e.message || e.name || String(err) });
      opts.onFile?.(key, "failed");
    }
  }

  let next = 0;
  const workers = Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, async () => {
    while (next < queue.length) await copyOne(queue[next++]);
  });
  await Promise.all(workers);
  return report;
}
