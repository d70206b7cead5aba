import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "./errors";
import { logger } from "./logger.server";

/** Where uploaded files live. The local folder is the default; an S3-compatible store implements the same interface. */
export interface Storage {
  /**
   * Keeps `body` under `key`, whole or not at all. A failure to write (disk full, no permission) is an AppError
   * UNAVAILABLE (503, `STORAGE_WRITE_FAILED`), so the upload answers a message instead of a 500; services store the
   * file before they write its row, so nothing refers to a file that is not there.
   */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * The file under `key` as a stream with its size, or null when there is none. A store that cannot be read (an S3
   * bucket that is down) is an AppError UNAVAILABLE (`STORAGE_READ_FAILED`), never null: a missing file is a 404, a
   * store that is down a 503.
   */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Lets go of what the storage holds open (the S3 client's connections); the process is stopping. */
  close?(): void;
}

export const STORAGE_WRITE_FAILED = "The file could not be saved. Please try again.";
export const STORAGE_READ_FAILED = "The file could not be read just now. Please try again.";

/** Keys are relative paths of safe characters; anything else is refused so a key can never leave the folder. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9/_.-]{0,200}$/i.test(key) || key.includes("..")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/** What the local storage needs of the file system (a test hands in one that fails). */
export type StorageFs = { mkdir: typeof mkdir; writeFile: typeof writeFile; rename: typeof rename; rm: typeof rm };
const realFs: StorageFs = { mkdir, writeFile, rename, rm };

export function createLocalStorage(root: string, fs: StorageFs = realFs): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = full(key);
      // Written beside its place under a temporary name, then renamed: a reader never sees half a file, and a write
      // that fails (disk full half-way) leaves nothing under the key.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, body);
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true }).catch(() => {});
        logger.error({ err, key }, "a file could not be written to the storage folder");
        throw new AppError("UNAVAILABLE", STORAGE_WRITE_FAILED);
      }
    },
    async get(key) {
      const file = full(key);
      try {
        const s = await stat(file);
        return { body: createReadStream(file), size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

/**
 * Reads a stored file for a route that serves it: null when missing, and a store that cannot be read (UNAVAILABLE)
 * becomes a plain 503 answer with `Retry-After`, never a 500 or a 404 that a cache might keep.
 */
export async function readStoredFile<T>(read: () => Promise<T | null>): Promise<T | null | Response> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "UNAVAILABLE") throw err;
    return new Response(err.message, {
      status: 503,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "x-content-type-options": "nosniff",
        "cache-control": "no-store",
        "retry-after": "10",
      },
    });
  }
}

/**
 * Removes files whose rows are gone (a deleted media item's sizes). A file the store fails to remove is logged and
 * left behind: the row is already deleted, and an unreferenced file harms nobody (its random name is never linked).
 */
export async function removeStoredFiles(storage: Pick<Storage, "delete">, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      logger.warn({ err, key }, "a deleted row's file could not be removed from storage");
    }
  }
}
