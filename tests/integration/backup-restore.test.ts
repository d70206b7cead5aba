import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "~/db/client.server";
import { agreements } from "~/db/schema";
import {
  BackupError,
  backupStorageFor,
  checkBackup,
  copyBackupToBucket,
  createBackup,
  restoreBackup,
} from "~/lib/backup.server";
import { backupJobs } from "~/lib/runtime.server";
import { createS3Storage } from "~/lib/s3-storage.server";
import { renderContractPdf } from "~/modules/contracts/contracts-pdf.server";
import { getContractSigningIdentity, sealContract } from "~/modules/contracts/contracts-seal.server";
import { storeSealedContract, verifyContractFile } from "~/modules/contracts/contracts.server";
import { buildOffer } from "../factories";
import { withDatabase } from "../fixtures/app-processes";
import { startS3rver } from "../fixtures/s3rver";
import { startTestServices } from "../fixtures/services";
import { contractInput } from "./contracts-helpers";

/**
 * Issue 29: a backup (app/lib/backup.server.ts, what `npm run backup` and the scheduled job run) restored into an
 * empty database and an empty bucket gives the same rows in every table, every file with the same bytes, and a
 * contract sealed before still verifies. The database is PGlite (dumpDataDir) in the PGlite pass and PostgreSQL
 * (pg_dump / pg_restore) with TEST_DATABASE_URL; the files are in an S3 bucket (s3rver).
 */
const url = process.env.TEST_DATABASE_URL;
const source = await startS3rver({ bucket: "vpm-backup-source" });
const target = await startS3rver({ bucket: "vpm-backup-target" });
const offsiteServer = await startS3rver({ bucket: "vpm-backup-offsite" });
const services = await startTestServices(source.env);
const { db } = services;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function sealedContractOnRecord() {
  const offer = await buildOffer(db, { status: "accepted" });
  const listing = await db.query.listings.findFirst({ where: (l, { eq }) => eq(l.id, offer.listingId) });
  const [agreement] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing!.resortId,
      useMonth: 2,
      points: offer.points,
      pricePerPointCents: offer.pricePerPointCents,
      totalCents: offer.totalCents,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: offer.deedNames,
      status: "deposit_due",
    })
    .returning();
  const identity = await getContractSigningIdentity(services.config);
  const pdf = await renderContractPdf({ ...contractInput(), agreementId: agreement.id }, { db });
  const sealed = await sealContract({ pdfBytes: pdf, identity, signers: [], auditTrail: [] });
  await storeSealedContract(services, { agreementId: agreement.id, sealed });
  return sealed;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
function queryOf(handle: DatabaseHandle): Query {
  return handle.driver === "pg"
    ? (text) => handle.pool.query(text)
    : (text) => handle.pglite.query(text) as Promise<{ rows: Record<string, unknown>[] }>;
}

/** Every table of the app's schemas (public and drizzle's journal) with its row count. */
async function rowCounts(query: Query) {
  const tables = await query(
    "select table_schema as s, table_name as t from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2",
  );
  const out: Record<string, number> = {};
  for (const { s, t } of tables.rows as { s: string; t: string }[]) {
    const r = await query(`select count(*)::int as n from "${s}"."${t}"`);
    out[`${s}.${t}`] = Number(r.rows[0].n);
  }
  return out;
}

async function bytesOf(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** An empty database to restore into: a new PostgreSQL database, or a new DATA_DIR's embedded one. */
async function emptyTarget() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpm-restore-"));
  if (!url) return { target: { pgliteDir: path.join(dataDir, "pglite") }, open: () => openPglite(dataDir) };
  const name = `vpm_ops_restore_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const databaseUrl = withDatabase(url, name);
  return { target: { databaseUrl }, open: async () => openPostgres(databaseUrl, 2) };
}

describe("backup and restore", () => {
  it("round trip: same rows per table, same file bytes, and a contract sealed before still verifies", async () => {
    const sealed = await sealedContractOnRecord();
    await services.storage.put("media/brokers/0123456789abcdef.webp", randomBytes(70_000), "image/webp");
    const dir = mkdtempSync(path.join(tmpdir(), "vpm-backups-"));
    const files = backupStorageFor(services.storage, { s3: true, dataDir: services.config.dataDir });

    const { folder, manifest } = await createBackup({ database: services.database, files, dir, appVersion: "9.9.9" });
    expect(path.basename(folder)).toMatch(/^vpm-backup-\d{8}T\d{6}Z$/);
    expect(readdirSync(dir)).toEqual([path.basename(folder)]); // no .partial left
    expect(manifest).toMatchObject({
      format: 1,
      app: { version: "9.9.9" },
      database: { driver: url ? "pg" : "pglite", file: url ? "database.dump" : "database.tar.gz" },
      storage: { kind: "s3", where: "s3://vpm-backup-source" },
    });
    expect(manifest.migrations.applied).toBeGreaterThan(10);
    expect(manifest.files.map((f) => f.key)).toContain("media/brokers/0123456789abcdef.webp");
    expect(manifest.files.some((f) => f.key.endsWith(`sealed-${sealed.sha256.slice(0, 16)}.pdf`))).toBe(true);
    for (const f of manifest.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(folder, "SHA256SUMS"), "utf8")).toContain(`${manifest.database.sha256}  `);
    // Optionally copied to another bucket (`npm run backup -- --to-bucket`), SHA256SUMS with it.
    const offsite = createS3Storage(offsiteServer.config);
    cleanups.push(async () => offsite.close());
    const copied = await copyBackupToBucket(folder, offsite);
    const keys = (await offsite.list(`${path.basename(folder)}/`)).map((o) => o.key);
    expect(copied).toBe(manifest.files.length + 3);
    expect(keys).toContain(`${path.basename(folder)}/SHA256SUMS`);
    expect(keys).toContain(`${path.basename(folder)}/${manifest.database.file}`);

    const before = await rowCounts(queryOf(services.database));
    expect(before["public.agreement_documents"]).toBeGreaterThan(0);

    // Into an empty database and an empty bucket.
    const restoreTo = await emptyTarget();
    const bucket = createS3Storage(target.config);
    cleanups.push(async () => bucket.close());
    const targetFiles = backupStorageFor(bucket, { s3: true, dataDir: "/nowhere" });
    const r = await restoreBackup({ folder, target: restoreTo.target, files: targetFiles });
    expect(r.files).toBe(manifest.files.length);

    const restored = await restoreTo.open();
    cleanups.push(() => restored.close());
    expect(await rowCounts(queryOf(restored))).toEqual(before);
    for (const f of manifest.files) {
      const [a, b] = await Promise.all([services.storage.get(f.key), bucket.get(f.key)]);
      expect(Buffer.compare(await bytesOf(a!.body), await bytesOf(b!.body)), f.key).toBe(0);
    }
    // The sealed contract still verifies against the restored database (the seal's certificate is configuration).
    const check = await verifyContractFile({ db: restored.db, config: services.config }, { bytes: sealed.bytes });
    expect(check).toMatchObject({ valid: true, sha256: sealed.sha256 });

    // A second restore finds both targets full and refuses, writing nothing.
    await expect(restoreBackup({ folder, target: restoreTo.target, files: targetFiles })).rejects.toThrow(
      /is not empty/,
    );
    const fresh = await emptyTarget();
    await expect(restoreBackup({ folder, target: fresh.target, files: targetFiles })).rejects.toThrow(
      /The file storage \(s3:\/\/vpm-backup-target\) is not empty/,
    );
    if ("pgliteDir" in fresh.target) expect(existsSync(fresh.target.pgliteDir as string)).toBe(false);

    // A damaged backup is refused before anything is read into a database.
    const damaged = path.join(folder, "files", ...manifest.files[0].key.split("/"));
    writeFileSync(damaged, "not the same bytes");
    await expect(checkBackup(folder)).rejects.toThrow(BackupError);
    await expect(checkBackup(folder)).rejects.toThrow(/does not match its SHA-256: damaged/);
  }, 240_000);

  it("the scheduled backup job writes a backup and keeps the newest BACKUP_KEEP", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vpm-backups-job-"));
    const [job] = backupJobs(
      { ...services.config, backupDir: dir, backupKeep: 1 },
      services.database,
      services.storage,
    );
    expect(job).toMatchObject({ queue: "ops.backup", cron: "30 3 * * *" });
    await job.run({}, {} as never);
    const first = readdirSync(dir);
    expect(first).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100)); // a new second: a new folder name
    await job.run({}, {} as never);
    const second = readdirSync(dir);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    expect(backupJobs({ ...services.config, backupDir: undefined }, services.database, services.storage)).toEqual([]);
  }, 120_000);
});
