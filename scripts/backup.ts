/**
 * `npm run backup [-- --dir DIR] [--keep N]` (issue 29): one consistent backup of the database and the stored files
 * into DIR (default BACKUP_DIR), as app/lib/backup.server.ts describes; with --keep, only the newest N backups stay;
 * with --to-bucket NAME the folder is also copied to that bucket (same S3_* endpoint and keys).
 * On the embedded database the server must be stopped (the database serves one process); a running server with
 * BACKUP_DIR set makes them itself on schedule (BACKUP_CRON). Exit 0 done, 1 failed (nothing half-written is left).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { appVersion, backupStorageFor, copyBackupToBucket, createBackup, pruneBackups } from "~/lib/backup.server";
import { getConfig } from "~/lib/config.server";
import { probeDatabase } from "~/lib/database-probe.server";
import { openStorage } from "~/lib/runtime.server";
import { createS3Storage } from "~/lib/s3-storage.server";

const USAGE = "Usage: npm run backup [-- --dir /var/backups/vpm] [--keep 7] [--to-bucket vpm-backups]";
let dirArg: string | undefined;
let keepArg: string | undefined;
let toBucket: string | undefined;
try {
  ({
    values: { dir: dirArg, keep: keepArg, "to-bucket": toBucket },
  } = parseArgs({
    options: { dir: { type: "string" }, keep: { type: "string" }, "to-bucket": { type: "string" } },
    strict: true,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

let code = 0;
try {
  const config = getConfig();
  const dir = dirArg ? path.resolve(dirArg) : config.backupDir;
  if (!dir) throw new Error(`Where to? Give --dir or set BACKUP_DIR.\n${USAGE}`);
  const keep = keepArg === undefined ? undefined : Number(keepArg);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) throw new Error("--keep must be 1 or more.");
  if (config.databaseUrl) await probeDatabase(config.databaseUrl);
  const t0 = performance.now();
  const database = await openDatabase({ ...config, databasePoolMax: 2 });
  const storage = openStorage(config, { quiet: true });
  try {
    const { folder, manifest } = await createBackup({
      database,
      files: backupStorageFor(storage, { s3: Boolean(config.s3), dataDir: config.dataDir }),
      dir,
      appVersion: appVersion(),
    });
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `Backup written to ${folder} in ${((performance.now() - t0) / 1000).toFixed(1)} s: database ${mb(manifest.database.size)} ` +
        `(${manifest.database.driver === "pg" ? "pg_dump" : "embedded"}, ${manifest.migrations.applied} migrations), ` +
        `${manifest.storage.count} files ${mb(manifest.storage.bytes)} from ${manifest.storage.where}. Check: cd ${folder} && sha256sum -c SHA256SUMS`,
    );
    if (toBucket) {
      if (!config.s3)
        throw new Error("--to-bucket uses the S3_* settings (endpoint, keys): set them, or copy the folder yourself.");
      const target = createS3Storage({ ...config.s3, bucket: toBucket });
      try {
        const n = await copyBackupToBucket(folder, target);
        console.log(`Copied to s3://${toBucket}/${path.basename(folder)}/ (${n} objects).`);
      } finally {
        target.close();
      }
    }
    if (keep !== undefined) {
      const removed = await pruneBackups(dir, keep);
      if (removed.length) console.log(`Removed ${removed.length} older backup(s); the newest ${keep} are kept.`);
    }
  } finally {
    storage.close?.();
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
}
process.exit(code);
