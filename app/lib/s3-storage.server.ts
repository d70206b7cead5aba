import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "./config.server";
import { AppError } from "./errors";
import { logger } from "./logger.server";
import { assertSafeKey, STORAGE_READ_FAILED, STORAGE_WRITE_FAILED, type Storage } from "./storage.server";

/** The S3 adapter's extras beyond `Storage`: what the copy command and start-up need. */
export type S3Storage = Storage & {
  readonly bucket: string;
  /** The stored object's size in bytes, or null when there is none under `key`. */
  size(key: string): Promise<number | null>;
  /** Resolves when the bucket answers to these credentials; rejects with the store's reason otherwise. */
  check(): Promise<void>;
  /** Every key in the bucket with its size, in key order (backups; `prefix` narrows it). Rejects when the store does. */
  list(prefix?: string): Promise<{ key: string; size: number }[]>;
  close(): void;
};

export type S3StorageOptions = {
  /** How long connecting may take, and a whole request (the body sent and the answer's headers back), in ms. */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Tries per call, the first included (the SDK waits a little between them). */
  maxAttempts?: number;
};

/** Whether an SDK error says "no such object" (and not "no such bucket", which is a misconfigured store). */
function isMissing(err: unknown) {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === "NoSuchBucket") return false;
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/** What is logged of an SDK error: its name, status and message, without the request it carried. */
function describe(err: unknown) {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.name, code: e.code, status: e.$metadata?.httpStatusCode, message: e.message };
}

/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...) through the AWS SDK v3, behind the same
 * `Storage` interface as the local folder (docs/decisions/0045-s3-storage.md).
 *
 * - put: one PutObject with the body's MD5 (`Content-MD5`), which every S3-compatible store checks: an object appears
 *   whole or not at all, and a body damaged on the way is refused. Any failure (store down, refused, timed out) is the
 *   same AppError UNAVAILABLE with STORAGE_WRITE_FAILED as the local folder's, so an upload answers 503 with a message
 *   and the service, which stores the file before its row, writes no row.
 * - get: the object's body as a stream and its size; null when there is no such object; a store that cannot be read
 *   (down, access denied, no such bucket) is AppError UNAVAILABLE, never "missing".
 * - The SDK's newer default checksums (CRC32 headers and trailers) are asked for only where an operation requires
 *   them: several S3-compatible stores refuse the headers, and Content-MD5 already guards the body.
 */
export function createS3Storage(config: S3Config, options: S3StorageOptions = {}): S3Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: options.maxAttempts ?? 2,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = config.bucket;

  return {
    bucket: Bucket,
    async put(key, body, contentType) {
      assertSafeKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.byteLength,
            ContentType: contentType,
            ContentMD5: createHash("md5").update(body).digest("base64"),
          }),
        );
      } catch (err) {
        logger.error({ err: describe(err), key, bucket: Bucket }, "a file could not be written to the S3 bucket");
        throw new AppError("UNAVAILABLE", STORAGE_WRITE_FAILED);
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        logger.error({ err: describe(err), key, bucket: Bucket }, "a file could not be read from the S3 bucket");
        throw new AppError("UNAVAILABLE", STORAGE_READ_FAILED);
      }
    },
    async delete(key) {
      assertSafeKey(key);
      try {
        // Deleting a key that is not there succeeds, as with the local folder.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        logger.error({ err: describe(err), key, bucket: Bucket }, "a file could not be removed from the S3 bucket");
        throw new AppError("UNAVAILABLE", "The file could not be removed. Please try again.");
      }
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async list(prefix) {
      const out: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: 1000 }),
        );
        for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    close() {
      client.destroy();
    },
  };
}
