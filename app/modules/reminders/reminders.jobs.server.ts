import type { JobDefinition } from "~/lib/jobs.server";
import { sendBankingReminders } from "./banking-reminders.server";

export const REMINDERS_QUEUES = {
  /** Issue 33: the daily banking reminder to sellers (the "Banking reminder cron job" tweaks). */
  bankingReminder: "reminders.banking",
} as const;

export const REMINDERS_JOBS: JobDefinition[] = [
  {
    queue: REMINDERS_QUEUES.bankingReminder,
    // Daily at 09:15 Eastern: mail and texts arrive in the morning, not at night.
    cron: "15 9 * * *",
    // Idempotent: each reminder and its record are one transaction, unique per listing, use year and lead time.
    run: async (_data, ctx) => {
      await sendBankingReminders(ctx);
    },
  },
];
