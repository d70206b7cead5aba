import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "./logger.server";

/** Every queue the product uses; created at start-up. */
export const QUEUES = {
  mailDeliver: "mail.deliver",
  inactiveUsersRefresh: "users.inactive-refresh",
  /** Every active listing's score, over the whole market (after a resort's dues or end year change). */
  recomputeScores: "listings.recompute-scores",
} as const;

/**
 * Timed jobs (cron, in the site's time zone), scheduled by processes that run workers. pg-boss keeps one schedule
 * per queue however many processes set it, and sends each occurrence once.
 */
export const SCHEDULES: { queue: (typeof QUEUES)[keyof typeof QUEUES]; cron: string }[] = [
  // Issue 4: the admin header's "inactive users with active listings" list, rebuilt daily at 03:15.
  { queue: QUEUES.inactiveUsersRefresh, cron: "15 3 * * *" },
];

export type JobHandlers = Partial<Record<(typeof QUEUES)[keyof typeof QUEUES], (data: unknown) => Promise<void>>>;

export type Jobs = {
  boss: PgBoss;
  send(queue: string, data: object): Promise<string | null>;
  stop(): Promise<void>;
};

/** pg-boss on the app's own database (PGlite or PostgreSQL). Workers run only when `handlers` are given. */
export async function startJobs(handle: DatabaseHandle, handlers?: JobHandlers): Promise<Jobs> {
  const boss =
    handle.driver === "pglite"
      ? new PgBoss({
          db: fromPglite(handle.pglite as never),
          backend: "pglite",
          supervise: !!handlers,
          schedule: !!handlers,
        })
      : new PgBoss({ connectionString: handle.connectionString, max: 4, supervise: !!handlers, schedule: !!handlers });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    await boss.createQueue(queue, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
  }
  if (handlers) {
    for (const [queue, handler] of Object.entries(handlers)) {
      if (!handler) continue;
      await boss.work(queue, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    }
    for (const { queue, cron } of SCHEDULES) {
      if (handlers[queue]) await boss.schedule(queue, cron, {}, { tz: "America/New_York" });
    }
  }
  return {
    boss,
    send: (queue, data) => boss.send(queue, data),
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
