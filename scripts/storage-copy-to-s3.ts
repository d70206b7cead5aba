/**
 * `npm run storage:copy-to-s3 [-- <folder>]`: copies the files of a local uploads folder (default DATA_DIR/uploads)
 * to the S3 bucket that the S3_* variables name, under the same keys, so a site that kept its files on one host's
 * disk can move to the bucket without changing a row or a URL. Safe to run again: a file already in the bucket with
 * the same size is skipped. Prints what it did; exits 1 when a file failed (run it again), 2 when it cannot start.
 */
import { existsSync } from "node:fs";
import path from "node:path";

// The app's logger would print each failure as JSON as well; this command prints its own lines.
process.env.LOG_LEVEL ??= "silent";
const { ConfigError, parseS3ConfigFromEnv } = await import("../app/lib/config.server");
const { createS3Storage } = await import("../app/lib/s3-storage.server");
const { copyFolderToS3 } = await import("../app/lib/storage-copy.server");

function stop(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

const folder = path.resolve(process.argv[2] ?? path.join(process.env.DATA_DIR || "./data", "uploads"));
let s3: ReturnType<typeof parseS3ConfigFromEnv>;
try {
  s3 = parseS3ConfigFromEnv(process.env);
} catch (err) {
  if (err instanceof ConfigError) stop(err.message, 2);
  throw err;
}
if (!s3) stop("S3_BUCKET is not set: set the S3_* variables of the bucket to copy to (README.md lists them).", 2);
if (!existsSync(folder)) {
  stop(`There is no uploads folder at ${folder}: set DATA_DIR, or give the folder as the first argument.`, 2);
}

const storage = createS3Storage(s3);
const where = `bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ` (AWS, ${s3.region})`}`;
try {
  await storage.check();
} catch (err) {
  storage.close();
  const e = err as { name?: string; message?: string };
  stop(
    `The ${where} does not answer (${e.name ?? e.message}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.`,
    2,
  );
}

console.log(`Copying ${folder} to the ${where}`);
const t0 = performance.now();
const report = await copyFolderToS3(folder, storage);
storage.close();
for (const key of report.ignored) console.log(`  ignored (not a stored file): ${key}`);
for (const f of report.failed) console.error(`  failed: ${f.key}: ${f.reason}`);
const size =
  report.bytesCopied < 1024 * 1024
    ? `${Math.ceil(report.bytesCopied / 1024)} KB`
    : `${(report.bytesCopied / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `${report.copied} copied (${size}), ${report.alreadyThere} already there, ${report.failed.length} failed, ` +
    `${report.ignored.length} ignored, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
if (report.failed.length > 0) {
  console.error("Some files were not copied: run the command again (files already copied are skipped).");
  process.exitCode = 1;
}
