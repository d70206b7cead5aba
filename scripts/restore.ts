/**
 * `npm run restore -- FOLDER` (issue 29): puts a backup made by `npm run backup` back, into an EMPTY database
 * (DATABASE_URL: a new database, restored as its owner; unset: the embedded one in DATA_DIR, which must not exist
 * yet) and an EMPTY storage (the S3_* bucket, or DATA_DIR/uploads). Every SHA-256 is checked first; anything not empty
 * is refused and nothing is written. With --jobs-role ROLE (the database roles of docs/deploy.md), the job queue's
 * schema is restored as that role, which owns it. Exit 0 done, 1 refused or failed.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { backupStorageFor, restoreBackup } from "~/lib/backup.server";
import { parseDatabaseConfig, parseS3ConfigFromEnv } from "~/lib/config.server";
import { probeDatabase } from "~/lib/database-probe.server";
import { createS3Storage } from "~/lib/s3-storage.server";
import { createLocalStorage } from "~/lib/storage.server";

const USAGE = "Usage: npm run restore -- /var/backups/vpm/vpm-backup-20261204T033000Z [--jobs-role vpm_app]";
let folder: string | undefined;
let jobsRole: string | undefined;
try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { "jobs-role": { type: "string" } },
  });
  folder = positionals[0];
  jobsRole = values["jobs-role"];
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!folder) {
  console.error(`Which backup? Give its folder.\n${USAGE}`);
  process.exit(2);
}

let code = 0;
try {
  const db = parseDatabaseConfig();
  const s3 = parseS3ConfigFromEnv();
  if (db.databaseUrl) await probeDatabase(db.databaseUrl);
  const storage = s3 ? createS3Storage(s3) : createLocalStorage(path.join(db.dataDir, "uploads"));
  const t0 = performance.now();
  try {
    const r = await restoreBackup({
      folder: path.resolve(folder),
      target: db.databaseUrl ? { databaseUrl: db.databaseUrl } : { pgliteDir: path.join(db.dataDir, "pglite") },
      files: backupStorageFor(storage, { s3: Boolean(s3), dataDir: db.dataDir }),
      jobsRole,
    });
    console.log(
      `Restored the backup of ${r.manifest.createdAt} (version ${r.manifest.app.version}, ${r.manifest.migrations.applied} migrations): ` +
        `the database and ${r.files} files (${(r.bytes / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s. ` +
        "Start the app: it applies any newer migrations.",
    );
  } finally {
    storage.close?.();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
}
process.exit(code);
