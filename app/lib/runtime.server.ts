import path from "node:path";
import { type Auth, createAuth } from "~/auth/auth.server";
import { type DatabaseHandle, type Db, migrateDatabase, openDatabase, withStartupLock } from "~/db/client.server";
import { migrationsApplied } from "~/db/migration-state.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { type Config, getConfig } from "./config.server";
import { appVersion, backupStorageFor, createBackup, pruneBackups } from "./backup.server";
import { type ChangeFeed, startChangeFeed } from "./data-changes.server";
import { probeDatabase } from "./database-probe.server";
import { type JobDefinition, type Jobs, type JobTiming, NOTHING_CHANGED, QUEUES, startJobs } from "./jobs.server";
import { logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import { sealIdentitiesAtStart, type SigningIdentity } from "./pdf-seal.server";
import { createSmsSender, SMS_QUEUE, type SmsSender } from "./sms.server";
import { createS3Storage } from "./s3-storage.server";
import { createLocalStorage, type Storage } from "./storage.server";

/** MIGRATE_AT_START=0 on a database the release step has not migrated: start-up stops with this message. */
export class MigrationsPendingError extends Error {}

/** The scheduled backup's queue (BACKUP_DIR set). */
export const BACKUP_QUEUE = "ops.backup";

/** Everything the app opens once per process: the database, auth, jobs, mail and file storage. */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  sms: SmsSender;
  jobs: Jobs;
  storage: Storage;
  /** Moves on after every write in any process: what a process keeps in memory is checked against it. */
  changes: ChangeFeed;
  /**
   * Stops the job runner (running jobs get `timeoutMs`, default 5 s, to finish; the rest are handed back to the
   * queue), the change feed, the database and the storage. `unfinished`: the jobs handed back.
   */
  stop(opts?: { timeoutMs?: number }): Promise<{ unfinished: number }>;
};

/**
 * What the modules bring to start-up. lib never imports a module (dependencies flow routes -> modules -> lib), so
 * the process entries (entry.server.tsx, worker.ts, the test fixtures) pass in app/modules/app-parts.server.ts.
 */
export type AppParts = {
  /** Every module's jobs: queues, handlers and schedules. */
  jobs: JobDefinition[];
  /** The site's name, for the mails better-auth sends. */
  siteName(db: Db): Promise<string>;
  /** Derived data the demo seed leaves out (listing scores), computed right after it. */
  afterDemoSeed(db: Db): Promise<void>;
  /**
   * Records the contract seal's certificates found at start-up as this site's (decision
   * 0063), so /verify keeps accepting what they sealed after the certificate changes.
   */
  rememberSealCertificates?(db: Db, identities: SigningIdentity[]): Promise<void>;
};

export type StartOptions = {
  parts: AppParts;
  /** An already-open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Run job workers in this process (default: config.runJobs). */
  runWorkers?: boolean;
  migrate?: boolean;
  /** How soon a dead worker's job runs again (default JOB_TIMING; tests that kill a worker pass shorter times). */
  jobTiming?: JobTiming;
};

/** Start-up order: database, migrations, seed, jobs, auth. */
export async function startServices(config: Config, opts: StartOptions): Promise<Services> {
  const { parts } = opts;
  const t0 = performance.now();
  // Refusals that name their cause come first, before anything is opened or written: a SIGNING_P12_BASE64 that is not
  // a .p12 its passphrase opens, and a database that refuses, does not answer, or turns the user or database away.
  const sealIdentities = await sealIdentitiesAtStart({
    dataDir: config.dataDir,
    p12Base64: config.signingP12Base64,
    passphrase: config.signingP12Passphrase,
  });
  if (!opts.database && config.databaseUrl) await probeDatabase(config.databaseUrl);
  const database = opts.database ?? (await openDatabase(config));
  // Processes started at once on one PostgreSQL database take turns here (an advisory lock): the first migrates and
  // seeds, the others wait and then find it done. Each seed step is claimed once, so even without the lock nothing
  // is seeded twice.
  await withStartupLock(database, async () => {
    // MIGRATE_AT_START=0: the release step (`npm run db:migrate`, as the schema's owner) migrates; a process running
    // as an application role without DDL rights never tries, and stops, saying so, while that step has not run.
    if (opts.migrate !== false && config.migrateAtStart) await migrateDatabase(database);
    else if (opts.migrate !== false && !(await migrationsApplied(database.db))) {
      throw new MigrationsPendingError(
        "MIGRATE_AT_START=0 and the database does not have this release's migrations: run `npm run db:migrate` as the " +
          "schema's owner (docs/deploy.md, Database roles), then start again.",
      );
    }
    const seeded = await seedDatabase(database.db, { demo: config.seedDemo });
    if (seeded.demo) {
      await parts.afterDemoSeed(database.db);
      logger.info("seeded demo data");
    }
  });
  if (parts.rememberSealCertificates && sealIdentities.length > 0) {
    await parts
      .rememberSealCertificates(database.db, sealIdentities)
      .catch((err) => logger.warn({ err }, "the contract seal's certificate could not be recorded"));
  }

  const changes = startChangeFeed(database);
  // The mailer needs the queue and the queue's worker needs the mailer: wire through a late binding.
  let jobs: Jobs | undefined;
  const storage = openStorage(config);
  const mailer = createMailer({
    db: database.db,
    storage,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    enqueue: (queue, data, options) => {
      if (!jobs) throw new Error("job queue not started");
      return jobs.send(queue, data, options);
    },
  });
  const sms = createSmsSender({
    db: database.db,
    url: config.smsUrl,
    token: config.smsToken,
    from: config.smsFrom,
    enqueue: (queue, data, options) => {
      if (!jobs) throw new Error("job queue not started");
      return jobs.send(queue, data, options);
    },
  });
  const mailJob: JobDefinition = {
    queue: QUEUES.mailDeliver,
    run: (data, ctx) => ctx.mailer.deliver((data as { id: number }).id),
  };
  const smsJob: JobDefinition = {
    queue: SMS_QUEUE,
    run: (data, ctx) => ctx.sms.deliver((data as { id: number }).id),
  };
  // A message is written, then its delivery job: a request that loses the database in between leaves a queued message
  // without a job. The relay gives it one, within five minutes (docs/decisions/0043-jobs-after-a-killed-worker.md).
  const outboxRelay: JobDefinition = {
    queue: QUEUES.outboxRelay,
    cron: "*/5 * * * *",
    run: async (_data, ctx) => {
      const requeued = (await ctx.mailer.requeueStranded()) + (await ctx.sms.requeueStranded());
      return requeued === 0 ? NOTHING_CHANGED : undefined;
    },
  };
  const backupJob = backupJobs(config, database, storage);
  jobs = await startJobs(database, {
    definitions: [mailJob, smsJob, outboxRelay, ...backupJob, ...parts.jobs],
    work: opts.runWorkers ?? config.runJobs,
    schedule: config.jobSchedules,
    afterEachJob: () => changes.changed(),
    timing: opts.jobTiming,
    context: {
      db: database.db,
      mailer,
      sms,
      siteUrl: config.authUrl,
      storage,
      config,
      jobs: {
        send: (queue, data, options) => {
          if (!jobs) throw new Error("job queue not started");
          return jobs.send(queue, data, options);
        },
      },
    },
  });
  const auth = createAuth({
    db: database.db,
    config,
    mailer,
    siteName: () => parts.siteName(database.db),
  });
  logger.info({ ms: Math.round(performance.now() - t0), driver: database.driver }, "services started");
  return {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    sms,
    jobs,
    storage,
    changes,
    async stop(stopOpts) {
      const stopped = (await jobs?.stop(stopOpts)) ?? { unfinished: 0 };
      await changes.stop();
      await database.close();
      storage.close?.();
      return stopped;
    },
  };
}

/**
 * BACKUP_DIR set: a backup on schedule (BACKUP_CRON, default 03:30), the newest BACKUP_KEEP kept (decision
 * 0062). Taken by one worker per occurrence; on PostgreSQL the worker's host needs pg_dump.
 */
export function backupJobs(
  config: Pick<Config, "backupDir" | "backupCron" | "backupKeep" | "s3" | "dataDir">,
  database: DatabaseHandle,
  storage: Storage,
): JobDefinition[] {
  const dir = config.backupDir;
  if (!dir) return [];
  return [
    {
      queue: BACKUP_QUEUE,
      cron: config.backupCron,
      run: async () => {
        const { folder, manifest } = await createBackup({
          database,
          files: backupStorageFor(storage, { s3: Boolean(config.s3), dataDir: config.dataDir }),
          dir,
          appVersion: appVersion(),
        });
        const removed = await pruneBackups(dir, config.backupKeep);
        logger.info(
          { folder, files: manifest.storage.count, databaseBytes: manifest.database.size, removed: removed.length },
          "backup written",
        );
      },
    },
  ];
}

/**
 * The file storage: the S3-compatible bucket when S3_BUCKET is set (every process sees the same files), otherwise the
 * folder DATA_DIR/uploads (one host). A bucket that does not answer at start-up is logged, not fatal: the store may
 * come back, and while it is away an upload answers 503 with a message, and /api/ready answers 503 with the reason
 * "file storage unreachable" (app/lib/health.server.ts), so a load balancer sends the process nothing.
 */
export function openStorage(config: Pick<Config, "s3" | "dataDir">, opts: { quiet?: boolean } = {}): Storage {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, "uploads"));
  const s3 = createS3Storage(config.s3);
  if (opts.quiet) return s3;
  s3.check().then(
    () => logger.info({ bucket: s3.bucket, endpoint: config.s3?.endpoint ?? "aws" }, "file storage: S3 bucket"),
    (err: { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }) =>
      logger.error(
        {
          bucket: s3.bucket,
          endpoint: config.s3?.endpoint ?? "aws",
          name: err.name,
          status: err.$metadata?.httpStatusCode,
        },
        `file storage: the S3 bucket does not answer (${err.name ?? err.message}); uploads will fail until it does. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys.`,
      ),
  );
  return s3;
}

// Kept on globalThis so development reloads never open the PGlite folder twice.
const g = globalThis as { __vpmServices?: Promise<Services>; __vpmAppParts?: AppParts };

/** The composition root (entry.server.tsx) registers the modules' parts for the lazy start below. */
export function registerAppParts(appParts: AppParts) {
  g.__vpmAppParts = appParts;
}

export function getServices(): Promise<Services> {
  if (!g.__vpmServices) {
    const appParts = g.__vpmAppParts;
    if (!appParts) throw new Error("start-up: the app's parts are not registered (app/entry.server.tsx does it)");
    g.__vpmServices = startServices(getConfig(), { parts: appParts });
  }
  return g.__vpmServices;
}

/** Tests and server.ts install services they started themselves. */
export function setServices(services: Services | Promise<Services>) {
  g.__vpmServices = Promise.resolve(services);
}
