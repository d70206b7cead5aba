import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { createLocalStorage, STORAGE_WRITE_FAILED, type StorageFs } from "./storage.server";

const root = () => mkdtempSync(path.join(tmpdir(), "vpm-storage-"));
/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());

describe("the local storage folder", () => {
  it("keeps a file whole under its key", async () => {
    const dir = root();
    const storage = createLocalStorage(dir);
    await storage.put("a/b.pdf", new TextEncoder().encode("%PDF-1.4"), "application/pdf");
    const got = await storage.get("a/b.pdf");
    expect(got?.size).toBe(8);
    expect(filesUnder(dir).map((f) => f.name)).toEqual(["b.pdf"]);
  });

  it("a write that fails half-way (disk full) is a 503 with a message, and leaves no file, whole or partial", async () => {
    const dir = root();
    const diskFull: StorageFs = {
      mkdir,
      rename,
      rm,
      writeFile: (async (file: string, body: Uint8Array) => {
        await writeFile(file, body.subarray(0, 3));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      }) as typeof writeFile,
    };
    const storage = createLocalStorage(dir, diskFull);
    const err = await storage.put("a/b.pdf", new Uint8Array(100), "application/pdf").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "UNAVAILABLE", status: 503, message: STORAGE_WRITE_FAILED });
    expect(filesUnder(dir)).toEqual([]);
    expect(await storage.get("a/b.pdf")).toBeNull();
  });

  it("a folder it may not write to (a file where a folder should be) is the same 503, nothing left behind", async () => {
    const dir = root();
    writeFileSync(path.join(dir, "a"), "not a folder");
    const storage = createLocalStorage(dir);
    const refused = { code: "UNAVAILABLE", status: 503, message: "The file could not be saved. Please try again." };
    await expect(storage.put("a/b.pdf", new Uint8Array(10), "application/pdf")).rejects.toMatchObject(refused);
    // The rename fails (a folder is in the way): the temporary file goes too.
    mkdirSync(path.join(dir, "c", "d.pdf"), { recursive: true });
    await expect(storage.put("c/d.pdf", new Uint8Array(10), "application/pdf")).rejects.toMatchObject(refused);
    expect(filesUnder(dir).map((f) => f.name)).toEqual(["a"]);
  });
});
