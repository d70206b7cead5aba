import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { createLocalStorage, STORAGE_WRITE_FAILED } from "~/lib/storage.server";
import { action as uploadAction } from "~/routes/account/update-profile-image";
import { callRoute, startTestServices } from "../fixtures/services";
import { freshUser, journalOf } from "./profile-helpers";

/** Issue 12 finding 9: an upload whose file cannot be written answers a message, and writes nothing else. */
const services = await startTestServices();
const workingStorage = services.storage;
afterEach(() => {
  services.storage = workingStorage;
});

/** A storage folder on a disk that fills up half-way through every write. */
function fullDisk() {
  const dir = mkdtempSync(path.join(tmpdir(), "vpm-full-disk-"));
  const storage = createLocalStorage(dir, {
    mkdir,
    rename,
    rm,
    writeFile: (async (file: string, body: Uint8Array) => {
      await writeFile(file, body.subarray(0, 10));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    }) as typeof writeFile,
  });
  return { dir, storage };
}

/** A storage folder whose path runs through a file: every write fails (ENOTDIR), on the real file system. */
function brokenFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), "vpm-broken-storage-"));
  writeFileSync(path.join(dir, "uploads"), "a file, not a folder");
  return createLocalStorage(path.join(dir, "uploads"));
}

function upload(uniqid: string, bytes: Uint8Array, cookie: string, accept = "application/json") {
  const form = new FormData();
  form.append("upload", new File([bytes as BlobPart], "me.png", { type: "image/png" }));
  const headers = new Headers({ origin: "http://localhost:3000", accept, cookie });
  return new Request(`http://localhost:3000/update_profile_image/${uniqid}`, { method: "POST", body: form, headers });
}

const photoPath = async (id: string) =>
  (await services.db.select().from(user).where(eq(user.id, id)))[0].profilePhotoPath;

const png = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe("an upload the storage cannot write", () => {
  it("the profile photo: 503 with a message, the old photo kept, no journal entry, no file", async () => {
    const me = await freshUser(services);
    const first = await callRoute(uploadAction as never, upload(me.uniqid, await png(), me.cookie), {
      userUniqid: me.uniqid,
    });
    expect(first.status).toBe(200);
    const [before] = await services.db.select().from(user).where(eq(user.id, me.id));

    const disk = fullDisk();
    services.storage = disk.storage;
    const res = await callRoute(uploadAction as never, upload(me.uniqid, await png(), me.cookie), {
      userUniqid: me.uniqid,
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      data: false,
      error: "The file could not be saved. Please try again.",
      fields: { upload: ["The file could not be saved. Please try again."] },
    });

    const [after] = await services.db.select().from(user).where(eq(user.id, me.id));
    expect(after.profilePhotoPath).toBe(before.profilePhotoPath);
    expect(await journalOf(services, me.id, "profile.photo")).toHaveLength(1);
    expect(readdirSync(disk.dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())).toEqual([]);
  });

  it("the profile page's own form (JavaScript off) goes back to the page with the message as an error", async () => {
    const me = await freshUser(services);
    services.storage = brokenFolder();
    const res = await callRoute(uploadAction as never, upload(me.uniqid, await png(), me.cookie, "text/html"), {
      userUniqid: me.uniqid,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/profile#profile-photo");
    const flash = (res.headers.get("set-cookie") ?? "").split("vpm_flash=")[1]?.split(";")[0] ?? "";
    expect(JSON.parse(atob(decodeURIComponent(flash)))).toEqual({ kind: "error", message: STORAGE_WRITE_FAILED });
    expect(await photoPath(me.id)).toBeNull();
  });
});
