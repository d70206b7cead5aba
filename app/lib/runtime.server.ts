import path from "node:path";
import { type Auth, createAuth } from "~/auth/auth.server";
import { type DatabaseHandle, type Db, migrateDatabase, openDatabase } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { recomputeScores } from "~/modules/listings/score.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { refreshInactiveUsers } from "~/modules/staff/inactive-users.server";
import { type Config, getConfig } from "./config.server";
import { type Jobs, QUEUES, startJobs } from "./jobs.server";
import { logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import { createLocalStorage, type Storage } from "./storage.server";

/** Everything the app opens once per process: the database, auth, jobs, mail and file storage. */
export type Services = {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  jobs: Jobs;
  storage: Storage;
  stop(): Promise<void>;
};

export type StartOptions = {
  /** An already-open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Run job workers in this process (default: config.runJobs). */
  runWorkers?: boolean;
  migrate?: boolean;
};

/** Start-up order: database, migrations, seed, jobs, auth. */
export async function startServices(config: Config, opts: StartOptions = {}): Promise<Services> {
  const t0 = performance.now();
  const database = opts.database ?? (await openDatabase(config));
  if (opts.migrate !== false) await migrateDatabase(database);
  const seeded = await seedDatabase(database.db, { demo: config.seedDemo });
  if (seeded.demo) {
    await recomputeScores(database.db);
    logger.info("seeded demo data");
  }

  // The mailer needs the queue and the queue's worker needs the mailer: wire through a late binding.
  let jobs: Jobs | undefined;
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    enqueue: (queue, data) => {
      if (!jobs) throw new Error("job queue not started");
      return jobs.send(queue, data);
    },
  });
  const runWorkers = opts.runWorkers ?? config.runJobs;
  jobs = await startJobs(
    database,
    runWorkers
      ? {
          [QUEUES.mailDeliver]: (data) => mailer.deliver((data as { id: number }).id),
          [QUEUES.inactiveUsersRefresh]: async () => void (await refreshInactiveUsers({ db: database.db })),
          // Idempotent: recomputes every score from the current listings and resorts.
          [QUEUES.recomputeScores]: async () => void (await recomputeScores(database.db)),
        }
      : undefined,
  );
  const auth = createAuth({
    db: database.db,
    config,
    mailer,
    siteName: async () => (await getSiteInfo(database.db)).siteName,
  });
  const storage = createLocalStorage(path.join(config.dataDir, "uploads"));
  logger.info({ ms: Math.round(performance.now() - t0), driver: database.driver }, "services started");
  return {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    jobs,
    storage,
    async stop() {
      await jobs?.stop();
      await database.close();
    },
  };
}

// Kept on globalThis so development reloads never open the PGlite folder twice.
const g = globalThis as { __vpmServices?: Promise<Services> };

export function getServices(): Promise<Services> {
  g.__vpmServices ??= startServices(getConfig());
  return g.__vpmServices;
}

/** Tests and server.ts install services they started themselves. */
export function setServices(services: Services | Promise<Services>) {
  g.__vpmServices = Promise.resolve(services);
}
