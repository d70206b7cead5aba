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
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

export const STORAGE_WRITE_FAILED = "The file could not be saved. Please try again.";

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
