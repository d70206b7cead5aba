import { createHash } from "node:crypto";
import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { logger } from "./logger.server";
import type { SmsSender } from "./sms.server";
import type { Mailer } from "./mail.server";
import type { Config } from "./config.server";
import type { Storage } from "./storage.server";

/** lib's own queues; every other queue belongs to the module that declares its job (app/modules/app-parts.server.ts). */
export const QUEUES = {
  mailDeliver: "mail.deliver",
  /** Every five minutes: queued mail and text messages whose delivery job was never created get one (the outbox relay). */
  outboxRelay: "outbox.relay",
} as const;

/**
 * What a job handler gets: the database, the mailer, the site's public address (for links in mail), the file storage,
 * the configuration and a way to queue further jobs (the seal job stores the sealed contract and sets its timers).
 */
export type JobContext = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  siteUrl: string;
  storage: Storage;
  config: Config;
  jobs: { send(queue: string, data: object, options?: SendOptions): Promise<string | null> };
};

/**
 * What a job returns when it found nothing to do and wrote nothing (a sweep that found nothing due): the caches the
 * change feed ends after every job are left alone. A sweep every five minutes used to end the anonymous page cache and
 * the kept shell reads in every process each time (decision 0100).
 */
export const NOTHING_CHANGED = Symbol("nothing changed");

/**
 * One job: its queue, the handler that runs each message, and optionally a timed schedule (cron, in the site's
 * time zone) set by processes that run workers. pg-boss keeps one schedule per queue however many processes set
 * it, and sends each occurrence once. Handlers must be idempotent: a failed job is retried.
 */
export type JobDefinition = {
  queue: string;
  cron?: string;
  /** May return NOTHING_CHANGED; anything else it returns is ignored. */
  run(data: unknown, ctx: JobContext): Promise<unknown>;
};

/**
 * When a job may run: `startAfter` delays it (a timer, e.g. an offer's expiry). `key` names the job within its queue
 * (an outbox message's id): a second send with the same key adds nothing while pg-boss keeps the first (until a week
 * after it finished), so sending again is safe.
 */
export type SendOptions = { startAfter?: Date; key?: string };

/** The job id of `key` in `queue`: a UUID made from both, the same every time. */
export function jobIdFor(queue: string, key: string) {
  const h = createHash("sha256").update(`${queue}\u0000${key}`).digest("hex");
  // Shaped as an RFC 9562 version 8 (custom) UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((Number.parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type Jobs = {
  boss: PgBoss;
  /** The new job's id; null when a job with the same key is already there. */
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Stops taking jobs and lets the running ones finish for at most `timeoutMs` (default 5 s); those still running
   * then are failed, so they run again after the retry delay (pg-boss `stop({ graceful: true, timeout })`), and are
   * counted in `unfinished`.
   */
  stop(opts?: { timeoutMs?: number }): Promise<{ unfinished: number }>;
};

/**
 * pg-boss on the app's own database (PGlite or PostgreSQL). Every definition's queue is created, so any process can
 * send to it; handlers and schedules run only when `work` is set.
 */
/**
 * How soon a job whose worker died runs again, and how often workers look for work (decision 0043). A running job's
 * worker writes a heartbeat every `heartbeatSeconds / 2`; a job whose heartbeat is older than `heartbeatSeconds` (its
 * process was killed, or lost the machine) is failed by the supervisor of any live worker process, which looks every
 * `superviseSeconds`, and retried after `retryDelaySeconds` (doubling, with jitter, for each later retry). Without a
 * heartbeat such a job stayed "active" for pg-boss's 15-minute expiry. Tests pass shorter times (`JOB_TIMING_FOR_TESTS`).
 */
export type JobTiming = {
  /** At least 10 (pg-boss). */
  heartbeatSeconds: number;
  superviseSeconds: number;
  retryDelaySeconds: number;
  /** How often an idle worker asks for jobs. */
  pollingSeconds: number;
};

/** A dead worker's job runs again within about two to three minutes; one heartbeat write per running job every 30 s. */
export const JOB_TIMING: JobTiming = {
  heartbeatSeconds: 60,
  superviseSeconds: 60,
  retryDelaySeconds: 30,
  pollingSeconds: 2,
};

/** A dead worker's job runs again within about 13 s: for tests that kill a worker. */
export const JOB_TIMING_FOR_TESTS: JobTiming = {
  heartbeatSeconds: 10,
  superviseSeconds: 1,
  retryDelaySeconds: 1,
  pollingSeconds: 0.5,
};

/** Each failed job is retried five times. */
const RETRY_LIMIT = 5;

export async function startJobs(
  handle: DatabaseHandle,
  opts: {
    definitions: JobDefinition[];
    work: boolean;
    /** Set the definitions' cron schedules when `work` is set (default true; the end-to-end server turns them off). */
    schedule?: boolean;
    context: JobContext;
    /** Called after each job, done or failed (it may have written: the change feed moves on). */
    afterEachJob?: () => void;
    timing?: JobTiming;
  },
): Promise<Jobs> {
  const work = opts.work;
  const timing = opts.timing ?? JOB_TIMING;
  // The supervisor of a process with workers fails expired jobs and jobs whose heartbeat stopped.
  const supervision = {
    supervise: work,
    superviseIntervalSeconds: timing.superviseSeconds,
    monitorIntervalSeconds: timing.superviseSeconds,
  };
  const boss =
    handle.driver === "pglite"
      ? new PgBoss({
          db: fromPglite(handle.pglite as never),
          backend: "pglite",
          schedule: work,
          ...supervision,
        })
      : new PgBoss({ connectionString: handle.connectionString, max: 4, schedule: work, ...supervision });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  const queueOptions = {
    retryLimit: RETRY_LIMIT,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: true,
    heartbeatSeconds: timing.heartbeatSeconds,
  };
  for (const { queue } of opts.definitions) {
    await boss.createQueue(queue, queueOptions);
    // A queue made by an earlier version keeps its own options: they are the code's, so they are brought up to date.
    await boss.updateQueue(queue, queueOptions);
  }
  // Handlers running now: after a graceful stop, those still running are the jobs it handed back.
  let running = 0;
  if (work) {
    for (const { queue, run } of opts.definitions) {
      await boss.work(queue, { pollingIntervalSeconds: timing.pollingSeconds }, async (jobs) => {
        running++;
        try {
          for (const job of jobs) {
            let result: unknown;
            try {
              result = await run(job.data, opts.context);
            } finally {
              if (result !== NOTHING_CHANGED) opts.afterEachJob?.();
            }
          }
        } finally {
          running--;
        }
      });
    }
    for (const { queue, cron } of opts.schedule === false ? [] : opts.definitions) {
      if (cron) await boss.schedule(queue, cron, {}, { tz: "America/New_York" });
    }
  }
  return {
    boss,
    send: (queue, data, options) =>
      boss.send(queue, data, {
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options?.key ? { id: jobIdFor(queue, options.key) } : {}),
      }),
    async stop(stopOpts) {
      const timeout = Math.max(1000, stopOpts?.timeoutMs ?? 5000);
      if (running > 0) logger.info({ running, timeoutMs: timeout }, "waiting for running jobs to finish");
      await boss.stop({ graceful: true, timeout });
      const unfinished = running;
      if (unfinished > 0) {
        logger.warn(
          { unfinished, timeoutMs: timeout },
          "jobs still running at the shutdown timeout were handed back to the queue: they run again after the retry delay",
        );
      }
      return { unfinished };
    },
  };
}
