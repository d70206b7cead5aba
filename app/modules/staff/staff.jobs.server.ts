import type { JobDefinition } from "~/lib/jobs.server";
import { refreshInactiveUsers } from "./inactive-users.server";

export const STAFF_QUEUES = {
  /** The admin header's "inactive users with active listings" list, rebuilt from the listings and last activity. */
  inactiveUsersRefresh: "users.inactive-refresh",
} as const;

export const STAFF_JOBS: JobDefinition[] = [
  {
    queue: STAFF_QUEUES.inactiveUsersRefresh,
    // Issue 4: rebuilt daily at 03:15 (and on demand from the admin tweaks page).
    cron: "15 3 * * *",
    run: async (_data, { db }) => void (await refreshInactiveUsers({ db })),
  },
];
