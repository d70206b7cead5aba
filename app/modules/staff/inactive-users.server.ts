import type { Viewer } from "~/auth/abilities";
import { defineAbilityFor } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import type { InactiveUserItem } from "~/modules/notifications/admin-inbox.schema";
import { getInactiveUserDays } from "~/modules/settings/tweaks.server";
import {
  countInactiveUsers,
  replaceInactiveUsers,
  selectInactiveSellers,
  selectInactiveUsers,
} from "./inactive-users.queries.server";

type Deps = Pick<Services, "db">;

const DAY_MS = 86_400_000;

/**
 * The scheduled job's work (`users.inactive-refresh`): finds sellers with active listings whose last activity
 * (`last_active_at`, or the sign-up time when they never came back) is older than the admin's period
 * (setting `inactive_user_days`, default 90) and rewrites the `inactive_users` table with them, in one
 * transaction. Running it twice gives the same table.
 */
export async function refreshInactiveUsers(deps: Deps, opts: { now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const days = await getInactiveUserDays(deps.db);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const found = await deps.db.transaction(async (tx) => {
    const rows = await selectInactiveSellers(tx, cutoff, LISTING_STATUS.active);
    const values = rows.map((r) => ({
      userId: r.userId,
      lastActivity: new Date(r.lastActivity),
      activeListings: Number(r.n),
    }));
    await replaceInactiveUsers(tx, values, now);
    return values.length;
  });
  return { days, cutoff, found };
}

/** SPEC `admin.inactive-users.list`: name, role, last_activity, user_uniqid, id. Administrators only. */
export async function listInactiveUsers(
  deps: Deps,
  args: { actor: Viewer; limit?: number },
): Promise<{ total: number; items: InactiveUserItem[] }> {
  if (!defineAbilityFor(args.actor).can("manage", "User")) {
    throw new AppError("FORBIDDEN", "Only administrators see the inactive users.");
  }
  const rows = await selectInactiveUsers(deps.db, Math.min(Math.max(args.limit ?? 1000, 1), 1000));
  return {
    total: await countInactiveUsers(deps.db),
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      last_activity: r.lastActivity ? r.lastActivity.toISOString() : null,
      user_uniqid: r.userUniqid,
      active_listings: r.activeListings,
    })),
  };
}
