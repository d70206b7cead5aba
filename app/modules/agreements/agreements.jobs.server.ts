import type { JobDefinition } from "~/lib/jobs.server";
import { AGREEMENTS_QUEUES } from "./agreements-queues";
import { runSealJob } from "./agreement-seal.server";
import {
  agreementTimerOf,
  escalateOverdueDeposit,
  followUpRofr,
  remindDeposit,
  remindSigning,
} from "./agreements.server";

export { AGREEMENTS_QUEUES };

/**
 * The agreements' timers (issue 11): each carries the state it was set in and does nothing once the agreement has
 * moved on, so a later step cancels it. All are idempotent.
 */
export const AGREEMENTS_JOBS: JobDefinition[] = [
  {
    // Retried by pg-boss with a growing delay; gives up (and tells the administrators) after SEAL_TRIES failures.
    queue: AGREEMENTS_QUEUES.seal,
    run: (data, { db, mailer, storage, config, jobs }) => runSealJob({ db, mailer, storage, config, jobs }, data),
  },
  {
    queue: AGREEMENTS_QUEUES.depositReminder,
    run: async (data, { db, mailer, siteUrl }) => {
      const d = agreementTimerOf(data);
      if (d) await remindDeposit({ db, mailer, config: { authUrl: siteUrl } }, d);
    },
  },
  {
    queue: AGREEMENTS_QUEUES.depositOverdue,
    run: async (data, { db, mailer, siteUrl }) => {
      const d = agreementTimerOf(data);
      if (d) await escalateOverdueDeposit({ db, mailer, config: { authUrl: siteUrl } }, d);
    },
  },
  {
    queue: AGREEMENTS_QUEUES.signingReminder,
    run: async (data, { db, mailer, siteUrl }) => {
      const d = agreementTimerOf(data);
      if (d) await remindSigning({ db, mailer, config: { authUrl: siteUrl } }, d);
    },
  },
  {
    queue: AGREEMENTS_QUEUES.rofrFollowUp,
    run: async (data, { db, mailer, siteUrl }) => {
      const d = agreementTimerOf(data);
      if (d) await followUpRofr({ db, mailer, config: { authUrl: siteUrl } }, d);
    },
  },
];
