import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { createS3Storage } from "~/lib/s3-storage.server";
import { STORAGE_READ_FAILED, STORAGE_WRITE_FAILED } from "~/lib/storage.server";
import { startS3rver } from "../fixtures/s3rver";

/** The S3 adapter against a real S3-protocol server (s3rver on loopback), and against stores that fail. */
const s3 = await startS3rver();
const storage = createS3Storage(s3.config);
afterAll(() => storage.close());

/** Another client on the same bucket, to see what the store itself holds. */
const raw = new S3Client({
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
afterAll(() => raw.destroy());

async function bytesOf(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const writeRefused = { code: "UNAVAILABLE", status: 503, message: STORAGE_WRITE_FAILED };
const readRefused = { code: "UNAVAILABLE", status: 503, message: STORAGE_READ_FAILED };

/** An HTTP server standing in for a broken store; stopped after the file. */
async function fakeStore(handle: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the S3 storage", () => {
  it("keeps a file whole under its key, with its content type, and gives it back with its size", async () => {
    const body = randomBytes(300_000);
    await storage.put("media/brokers/0123456789abcdef.webp", body, "image/webp");
    const got = await storage.get("media/brokers/0123456789abcdef.webp");
    expect(got?.size).toBe(body.byteLength);
    expect(sha(await bytesOf(got?.body as Readable))).toBe(sha(body));
    const head = await raw.send(
      new HeadObjectCommand({ Bucket: s3.bucket, Key: "media/brokers/0123456789abcdef.webp" }),
    );
    expect(head.ContentType).toBe("image/webp");
    expect(head.ContentLength).toBe(body.byteLength);
    expect(await storage.size("media/brokers/0123456789abcdef.webp")).toBe(body.byteLength);
  });

  it("a second put under a key replaces the file; delete removes it, and deleting nothing is fine", async () => {
    await storage.put("agreements/1/deed.pdf", new TextEncoder().encode("%PDF-1.4 first"), "application/pdf");
    await storage.put("agreements/1/deed.pdf", new TextEncoder().encode("%PDF-1.7 second, longer"), "application/pdf");
    const got = await storage.get("agreements/1/deed.pdf");
    expect(got?.size).toBe(23);
    expect((await bytesOf(got?.body as Readable)).toString()).toBe("%PDF-1.7 second, longer");
    await storage.delete("agreements/1/deed.pdf");
    expect(await storage.get("agreements/1/deed.pdf")).toBeNull();
    expect(await storage.size("agreements/1/deed.pdf")).toBeNull();
    await expect(storage.delete("agreements/1/deed.pdf")).resolves.toBeUndefined();
  });

  it("a key that was never stored is null, not an error", async () => {
    expect(await storage.get("profile-photos/nobody-0000000000000000.webp")).toBeNull();
  });

  it("refuses keys that could leave their place, before asking the store", async () => {
    for (const key of ["../etc/passwd", "/abs/path", "a/../../b", "with space.png", ""]) {
      await expect(storage.put(key, new Uint8Array([1]), "text/plain"), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it("a store that is down: put is a 503 with the message, get a 503 too (never 'missing'); back up, it works", async () => {
    await storage.put("profile-photos/before-0000000000000001.webp", new Uint8Array([1, 2, 3]), "image/webp");
    await s3.stop();
    try {
      const err = await storage
        .put("profile-photos/down-0000000000000002.webp", new Uint8Array(10), "image/webp")
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject(writeRefused);
      await expect(storage.get("profile-photos/before-0000000000000001.webp")).rejects.toMatchObject(readRefused);
    } finally {
      await s3.start();
    }
    expect((await storage.get("profile-photos/before-0000000000000001.webp"))?.size).toBe(3);
    expect(await storage.get("profile-photos/down-0000000000000002.webp")).toBeNull();
  });

  it("a bucket that does not exist is a 503 on put and on get, not 'missing'", async () => {
    const wrong = createS3Storage({ ...s3.config, bucket: "no-such-bucket" });
    try {
      await expect(wrong.put("a/b.pdf", new Uint8Array([1]), "application/pdf")).rejects.toMatchObject(writeRefused);
      await expect(wrong.get("a/b.pdf")).rejects.toMatchObject(readRefused);
      await expect(wrong.check()).rejects.toMatchObject({ name: "NotFound" });
    } finally {
      wrong.close();
    }
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it("a store that answers 500 is tried again once, then the upload is a 503", async () => {
    let calls = 0;
    let headers: Record<string, unknown> = {};
    const endpoint = await fakeStore((req, res) => {
      calls++;
      headers = req.headers;
      res.writeHead(500, { "content-type": "application/xml" });
      res.end('<?xml version="1.0"?><Error><Code>InternalError</Code><Message>boom</Message></Error>');
    });
    const failing = createS3Storage({ ...s3.config, endpoint });
    try {
      await expect(failing.put("a/b.pdf", new Uint8Array([1]), "application/pdf")).rejects.toMatchObject(writeRefused);
      expect(calls).toBe(2);
      // The body's MD5 goes with it (the store refuses a damaged body); the SDK's newer checksum headers do not,
      // as several S3-compatible stores refuse them.
      expect(headers["content-md5"]).toBe(
        createHash("md5")
          .update(new Uint8Array([1]))
          .digest("base64"),
      );
      expect(
        Object.keys(headers).filter((h) => h.startsWith("x-amz-checksum") || h.startsWith("x-amz-sdk-checksum")),
      ).toEqual([]);
    } finally {
      failing.close();
    }
  });

  it("a store that never answers is a 503 after the request timeout, not a hung upload", async () => {
    const endpoint = await fakeStore(() => {
      // Reads the request and never answers.
    });
    const hung = createS3Storage({ ...s3.config, endpoint }, { requestTimeoutMs: 300, maxAttempts: 1 });
    const t0 = performance.now();
    try {
      await expect(hung.put("a/b.pdf", new Uint8Array([1]), "application/pdf")).rejects.toMatchObject(writeRefused);
    } finally {
      hung.close();
    }
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
