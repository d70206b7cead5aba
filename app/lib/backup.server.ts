import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server";
import { selectMigrationLevel } from "./backup.queries.server";
import { redactDatabaseUrl } from "./database-probe.server";
import type { S3Storage } from "./s3-storage.server";
import { contentTypeOf } from "./storage-copy.server";
import type { Storage } from "./storage.server";

/**
 * Backups and restores (issue 29, decision 0062). A backup is a folder `vpm-backup-<UTC time>`:
 *
 * - `database.dump`: `pg_dump --format=custom` of the PostgreSQL database (one snapshot: consistent), or
 *   `database.tar.gz`: PGlite's `dumpDataDir` of the embedded one;
 * - `files/<key>`: every stored file (the S3 bucket's objects, or DATA_DIR/uploads), copied AFTER the database was
 *   dumped: files are stored before the rows that name them, so every file a dumped row names is there;
 * - `manifest.json`: when, the app's version, the migration level, the database file and every file with its size and
 *   SHA-256; `SHA256SUMS`: the same sums in `sha256sum -c` form.
 *
 * The folder is written as `<name>.partial` and renamed when complete, so a folder without the suffix is whole.
 * A restore goes into an EMPTY database and an EMPTY storage only, and checks every sum first.
 */

export const BACKUP_PREFIX = "vpm-backup-";
export const MANIFEST = "manifest.json";
export const SUMS = "SHA256SUMS";

export type BackupFile = { key: string; size: number; sha256: string };
export type Manifest = {
  format: 1;
  createdAt: string;
  app: { name: string; version: string };
  migrations: { applied: number; newest: string | null };
  database: { driver: "pg" | "pglite"; file: string; size: number; sha256: string };
  storage: { kind: "s3" | "local"; where: string; count: number; bytes: number };
  files: BackupFile[];
};

/** Where the files are: the storage the app uses, and a way to list it. */
export type BackupStorage = { storage: Storage; kind: "s3" | "local"; where: string; list(): Promise<string[]> };

export class BackupError extends Error {}

/** The app's version as package.json gives it (run from the project's folder, as every command is). */
export function appVersion() {
  try {
    return (JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** The storage the app uses, as a BackupStorage: the S3 bucket when there is one, else DATA_DIR/uploads. */
export function backupStorageFor(storage: Storage, opts: { s3: boolean; dataDir: string }): BackupStorage {
  return opts.s3
    ? s3BackupStorage(storage as S3Storage)
    : localBackupStorage(storage, path.join(opts.dataDir, "uploads"));
}

/** The local uploads folder as a BackupStorage (DATA_DIR/uploads). */
export function localBackupStorage(storage: Storage, root: string): BackupStorage {
  return {
    storage,
    kind: "local",
    where: root,
    async list() {
      if (!existsSync(root)) return [];
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .sort();
    },
  };
}

/** The S3 bucket as a BackupStorage. */
export function s3BackupStorage(storage: S3Storage): BackupStorage {
  return {
    storage,
    kind: "s3",
    where: `s3://${storage.bucket}`,
    list: async () => (await storage.list()).map((o) => o.key),
  };
}

function sha256OfFile(file: string) {
  return new Promise<string>((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(file)
      .on("data", (d) => h.update(d))
      .on("error", reject)
      .on("end", () => resolve(h.digest("hex")));
  });
}

async function readAll(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Runs a PostgreSQL client tool; the password goes through PGPASSWORD, never the command line. */
function runPgTool(tool: string, args: string[], databaseUrl: string) {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, [...args, "--dbname", u.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d) => {
      err += d.toString();
    });
    child.on("error", (e: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          e.code === "ENOENT"
            ? `${tool} is not installed: install the PostgreSQL client of the server's major version (apt-get install postgresql-client).`
            : e.message,
        ),
      ),
    );
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit ${code}) on ${redactDatabaseUrl(databaseUrl)}: ${err.trim()}`)),
    );
  });
}

function stamp(d: Date) {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/**
 * Writes one backup into `dir` and returns its folder and manifest. `database` is the open handle (PGlite is dumped
 * through it: the embedded database serves one process, this one); on PostgreSQL pg_dump connects to
 * `database.connectionString` itself.
 */
export async function createBackup(opts: {
  database: DatabaseHandle;
  files: BackupStorage;
  dir: string;
  appVersion: string;
  now?: Date;
}): Promise<{ folder: string; manifest: Manifest }> {
  const createdAt = opts.now ?? new Date();
  const name = `${BACKUP_PREFIX}${stamp(createdAt)}`;
  const folder = path.join(path.resolve(opts.dir), name);
  const partial = `${folder}.partial`;
  if (existsSync(folder)) throw new BackupError(`${folder} already exists.`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, "files"), { recursive: true, mode: 0o700 });
  try {
    const migrations = await selectMigrationLevel(opts.database.db);
    let dbFile: string;
    if (opts.database.driver === "pg") {
      dbFile = "database.dump";
      await runPgTool(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", "--file", path.join(partial, dbFile)],
        opts.database.connectionString,
      );
    } else {
      dbFile = "database.tar.gz";
      const blob = await opts.database.pglite.dumpDataDir("gzip");
      await writeFile(path.join(partial, dbFile), Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
    }
    const dbPath = path.join(partial, dbFile);
    const database = {
      driver: opts.database.driver,
      file: dbFile,
      size: (await stat(dbPath)).size,
      sha256: await sha256OfFile(dbPath),
    };

    // After the database: every file a dumped row names was stored before its row.
    const files: BackupFile[] = [];
    for (const key of await opts.files.list()) {
      const got = await opts.files.storage.get(key);
      if (!got) continue; // removed since it was listed
      const bytes = await readAll(got.body);
      const target = path.join(partial, "files", ...key.split("/"));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { mode: 0o600 });
      files.push({ key, size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") });
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: createdAt.toISOString(),
      app: { name: "vacation-points-market", version: opts.appVersion },
      migrations,
      database,
      storage: {
        kind: opts.files.kind,
        where: opts.files.where,
        count: files.length,
        bytes: files.reduce((n, f) => n + f.size, 0),
      },
      files,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const sums = [
      `${database.sha256}  ${dbFile}`,
      `${await sha256OfFile(path.join(partial, MANIFEST))}  ${MANIFEST}`,
      ...files.map((f) => `${f.sha256}  files/${f.key}`),
    ];
    await writeFile(path.join(partial, SUMS), `${sums.join("\n")}\n`, { mode: 0o600 });
    await rename(partial, folder);
    return { folder, manifest };
  } catch (err) {
    await rm(partial, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}

/**
 * Copies a finished backup folder to a bucket (another one than the files', e.g. in another region or account), under
 * `<folder name>/<path>`: the database file, the files, the manifest and SHA256SUMS last, so a copy with its
 * SHA256SUMS is whole. Returns how many objects were put.
 */
export async function copyBackupToBucket(folder: string, bucket: Pick<S3Storage, "put">) {
  const name = path.basename(folder);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const rel = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort((a, b) => Number(a === SUMS || a === MANIFEST) - Number(b === SUMS || b === MANIFEST));
  for (const r of rel) {
    await bucket.put(`${name}/${r}`, await readFile(path.join(folder, ...r.split("/"))), contentTypeOf(r));
  }
  return rel.length;
}

/** Keeps the newest `keep` complete backups in `dir` and removes the older ones; returns the removed folders. */
export async function pruneBackups(dir: string, keep: number) {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && e.name.startsWith(BACKUP_PREFIX) && !e.name.endsWith(".partial"))
    .map((e) => e.name)
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { recursive: true, force: true });
  return old.map((n) => path.join(dir, n));
}

/** Reads a backup's manifest and checks every sum in SHA256SUMS against the bytes; throws naming the first mismatch. */
export async function checkBackup(folder: string): Promise<Manifest> {
  const sumsFile = path.join(folder, SUMS);
  if (!existsSync(path.join(folder, MANIFEST)) || !existsSync(sumsFile)) {
    throw new BackupError(`${folder} is not a complete backup (no ${MANIFEST} or ${SUMS}).`);
  }
  for (const line of (await readFile(sumsFile, "utf8")).split("\n").filter(Boolean)) {
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m) throw new BackupError(`${SUMS}: a line is not "<sha256>  <file>": ${line}`);
    const file = path.join(folder, m[2]);
    if (!existsSync(file)) throw new BackupError(`${m[2]} is missing from the backup.`);
    if ((await sha256OfFile(file)) !== m[1]) throw new BackupError(`${m[2]} does not match its SHA-256: damaged.`);
  }
  const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST), "utf8")) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${manifest.format}.`);
  return manifest;
}

/** Tables in the database's own schemas (not PostgreSQL's catalogs): a restore target must have none. */
async function userTableCount(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on("error", () => {});
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(r.rows[0].n);
  } finally {
    await c.end();
  }
}

/**
 * Hands the job queue's schema (`pgboss`) and everything in it to the application role, which owns it in the roles of
 * docs/deploy.md (pg-boss installs and upgrades it at start). The restoring user (the schema owner) must be a member
 * of that role (`GRANT vpm_app TO vpm_owner`).
 */
async function giveJobsSchemaTo(databaseUrl: string, role: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new BackupError(`--jobs-role ${role}: not a role name.`);
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on("error", () => {});
  await c.connect();
  try {
    await c.query(`DO $$ DECLARE r record; BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') THEN RETURN; END IF;
      ALTER SCHEMA pgboss OWNER TO ${role};
      FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p', 'S', 'v') LOOP
        EXECUTE format('ALTER %s pgboss.%I OWNER TO ${role}',
          CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, r.relname);
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS f, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'pgboss' LOOP
        EXECUTE format('ALTER %s %s OWNER TO ${role}', CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.f);
      END LOOP;
      FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'pgboss' AND t.typtype IN ('e', 'd') LOOP
        EXECUTE format('ALTER TYPE pgboss.%I OWNER TO ${role}', r.typname);
      END LOOP;
    END $$`);
  } catch (err) {
    throw new BackupError(
      `The database is restored, but the job queue's schema could not be given to ${role}: ${(err as Error).message}. As the owner: GRANT ${role} TO <you>, then run the restore's last step again (docs/deploy.md, Backups).`,
    );
  } finally {
    await c.end();
  }
}

/**
 * Restores a backup: checks every sum, refuses a database or storage that is not empty, then loads the database
 * (pg_restore of the custom dump into `target.databaseUrl`, in one transaction; or the embedded database's folder
 * `target.pgliteDir` from its dump) and puts every file back, checking each one's SHA-256 as it goes.
 */
export async function restoreBackup(opts: {
  folder: string;
  target: { databaseUrl?: string; pgliteDir?: string };
  files: BackupStorage;
  /**
   * The application role that owns the job queue's schema (`pgboss`) when the schema's owner restores (docs/deploy.md
   * "Database roles"): that schema is restored as this role (`SET ROLE`), the rest as the connecting user.
   */
  jobsRole?: string;
}) {
  const manifest = await checkBackup(opts.folder);
  const { databaseUrl, pgliteDir } = opts.target;
  // Empty targets only: a restore never mixes with data that is there.
  if (manifest.database.driver === "pg") {
    if (!databaseUrl) {
      throw new BackupError(
        "This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.",
      );
    }
    const n = await userTableCount(databaseUrl);
    if (n > 0) {
      throw new BackupError(
        `The database at DATABASE_URL (${redactDatabaseUrl(databaseUrl)}) is not empty (${n} tables): restore only into a new, empty database (createdb).`,
      );
    }
  } else {
    if (!pgliteDir) {
      throw new BackupError(
        "This backup is of the embedded database: unset DATABASE_URL, and set DATA_DIR to the (empty) folder.",
      );
    }
    if (existsSync(pgliteDir) && (await readdir(pgliteDir)).length > 0) {
      throw new BackupError(`The embedded database in ${pgliteDir} is not empty: restore into a new DATA_DIR.`);
    }
  }
  const present = await opts.files.list();
  if (present.length > 0) {
    throw new BackupError(
      `The file storage (${opts.files.where}) is not empty (${present.length} files, such as ${present[0]}): restore only into an empty bucket or folder.`,
    );
  }

  const dbFile = path.join(opts.folder, manifest.database.file);
  if (manifest.database.driver === "pg") {
    await runPgTool(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dbFile],
      databaseUrl as string,
    );
    if (opts.jobsRole) await giveJobsSchemaTo(databaseUrl as string, opts.jobsRole);
  } else {
    const dir = pgliteDir as string;
    await mkdir(dir, { recursive: true });
    const pglite = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(dbFile)]) });
    await pglite.query("select 1");
    await pglite.close();
  }
  let bytes = 0;
  for (const f of manifest.files) {
    const body = await readFile(path.join(opts.folder, "files", ...f.key.split("/")));
    if (createHash("sha256").update(body).digest("hex") !== f.sha256) {
      throw new BackupError(`files/${f.key} does not match its SHA-256: damaged.`);
    }
    await opts.files.storage.put(f.key, body, contentTypeOf(f.key));
    bytes += body.byteLength;
  }
  return { manifest, files: manifest.files.length, bytes };
}
