import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, describe, expect, it } from "vitest";
import { createS3Storage } from "~/lib/s3-storage.server";
import { createLocalStorage } from "~/lib/storage.server";
import { copyFolderToS3 } from "~/lib/storage-copy.server";
import { startS3rver } from "../fixtures/s3rver";

/** `npm run storage:copy-to-s3`: a local uploads folder into the bucket, under the same keys, again and again. */
const s3 = await startS3rver();
const bucket = createS3Storage(s3.config);
afterAll(() => bucket.close());

const text = (s: string) => new TextEncoder().encode(s);

/** A DATA_DIR whose uploads folder holds what the local storage writes: photos, media, agreement files. */
async function dataDirWithUploads() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-copy-"));
  const uploads = path.join(dataDir, "uploads");
  const local = createLocalStorage(uploads);
  await local.put("profile-photos/abc123-0123456789abcdef.webp", text("RIFF....WEBPVP8 photo"), "image/webp");
  await local.put("media/brokers/fedcba9876543210.webp", text("RIFF....WEBPVP8 logo"), "image/webp");
  await local.put("agreements/7/deed-00112233aabbccdd.pdf", text("%PDF-1.4 the deed"), "application/pdf");
  // What an interrupted write leaves behind, and a name that is no storage key: never copied.
  writeFileSync(path.join(uploads, "agreements/7/deed-00112233aabbccdd.pdf.5f2a9c1e0b7d.tmp"), "%PDF-1.4 the de");
  mkdirSync(path.join(uploads, "stray"), { recursive: true });
  writeFileSync(path.join(uploads, "stray", "notes for me.txt"), "hello");
  return { dataDir, uploads };
}

async function contentOf(key: string) {
  const got = await bucket.get(key);
  if (!got) return null;
  const chunks: Buffer[] = [];
  for await (const c of got.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString();
}

/** The content type the bucket keeps with an object. */
async function contentTypeIn(key: string) {
  const raw = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  try {
    return (await raw.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentType;
  } finally {
    raw.destroy();
  }
}

/** Runs the npm script as an operator would, with these variables; its output and exit code. */
function runCommand(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "storage:copy-to-s3", ...(args.length ? ["--", ...args] : [])], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("copying a local uploads folder to the bucket", () => {
  it("copies every stored file under its key with its content type, then skips them when run again", async () => {
    const { uploads } = await dataDirWithUploads();
    const first = await copyFolderToS3(uploads, bucket);
    expect(first).toMatchObject({ copied: 3, alreadyThere: 0, failed: [] });
    expect(first.ignored).toEqual([
      "agreements/7/deed-00112233aabbccdd.pdf.5f2a9c1e0b7d.tmp",
      "stray/notes for me.txt",
    ]);
    expect(await contentOf("agreements/7/deed-00112233aabbccdd.pdf")).toBe("%PDF-1.4 the deed");
    expect(await contentOf("profile-photos/abc123-0123456789abcdef.webp")).toBe("RIFF....WEBPVP8 photo");
    expect(await bucket.size("media/brokers/fedcba9876543210.webp")).toBe(20);
    expect(await contentTypeIn("agreements/7/deed-00112233aabbccdd.pdf")).toBe("application/pdf");
    expect(await contentTypeIn("media/brokers/fedcba9876543210.webp")).toBe("image/webp");

    const again = await copyFolderToS3(uploads, bucket);
    expect(again).toMatchObject({ copied: 0, alreadyThere: 3, failed: [], bytesCopied: 0 });

    // A file whose size differs from the bucket's copy goes again; the others stay.
    writeFileSync(path.join(uploads, "agreements/7/deed-00112233aabbccdd.pdf"), "%PDF-1.4 the corrected deed");
    expect(await copyFolderToS3(uploads, bucket)).toMatchObject({ copied: 1, alreadyThere: 2, failed: [] });
    expect(await contentOf("agreements/7/deed-00112233aabbccdd.pdf")).toBe("%PDF-1.4 the corrected deed");
  });

  it("a store that is down fails each file with its reason and copies nothing; the next run copies them", async () => {
    const { uploads } = await dataDirWithUploads();
    const fresh = path.join(uploads, "media/resorts");
    mkdirSync(fresh, { recursive: true });
    writeFileSync(path.join(fresh, "aaaaaaaaaaaaaaaa.webp"), "RIFF....WEBPVP8 resort");
    await s3.stop();
    let down: Awaited<ReturnType<typeof copyFolderToS3>>;
    try {
      down = await copyFolderToS3(uploads, bucket);
    } finally {
      await s3.start();
    }
    expect(down.copied).toBe(0);
    expect(down.failed.map((f) => f.key).sort()).toEqual([
      "agreements/7/deed-00112233aabbccdd.pdf",
      "media/brokers/fedcba9876543210.webp",
      "media/resorts/aaaaaaaaaaaaaaaa.webp",
      "profile-photos/abc123-0123456789abcdef.webp",
    ]);
    expect(down.failed.every((f) => f.reason.length > 0)).toBe(true);
    expect(await bucket.get("media/resorts/aaaaaaaaaaaaaaaa.webp")).toBeNull();
    const after = await copyFolderToS3(uploads, bucket);
    expect(after.failed).toEqual([]);
    expect(after.copied + after.alreadyThere).toBe(4);
    expect(await contentOf("media/resorts/aaaaaaaaaaaaaaaa.webp")).toBe("RIFF....WEBPVP8 resort");
  });

  it("`npm run storage:copy-to-s3` prints its counts, is idempotent, and refuses to start without a bucket", async () => {
    const { dataDir } = await dataDirWithUploads();
    // Its own bucket folder, so the counts are this run's alone.
    const own = await startS3rver({ bucket: "vpm-copy-command" });
    const env = { ...own.env, DATA_DIR: dataDir };
    const first = await runCommand(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copying ${path.join(dataDir, "uploads")} to the bucket vpm-copy-command at`);
    expect(first.stdout).toContain("  ignored (not a stored file): stray/notes for me.txt");
    expect(first.stdout).toMatch(/\n3 copied \(1 KB\), 0 already there, 0 failed, 2 ignored, in [\d.]+ s\n$/);

    const second = await runCommand(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/\n0 copied \(0 KB\), 3 already there, 0 failed, 2 ignored, in [\d.]+ s\n$/);

    const noBucket = await runCommand({ DATA_DIR: dataDir });
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toContain("S3_BUCKET is not set");
    const wrongBucket = await runCommand({ ...env, S3_BUCKET: "no-such-bucket" });
    expect(wrongBucket.code).toBe(2);
    expect(wrongBucket.stderr).toContain("The bucket no-such-bucket at");
    expect(wrongBucket.stderr).toContain("does not answer (NotFound)");
    const noFolder = await runCommand(env, [path.join(dataDir, "nothing-here")]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain("There is no uploads folder at");
  }, 90_000);
});
