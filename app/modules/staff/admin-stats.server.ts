import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getListingStatusCounts, type ListingStatusCounts } from "~/modules/listings/admin-listings.server";
import {
  countUsersByRole,
  countUsersByStaffRole,
  countUsersCreatedSince,
  selectNewestUsers,
} from "./admin-stats.queries.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const NEWEST_USERS_LIMIT = 10;

export type AdminOverview = {
  usersByRole: { buyer: number; seller: number; admin: number };
  staffByRole: { admin: number; writer: number; senior_writer: number };
  totalUsers: number;
  signUpsLast7Days: number;
  listings: ListingStatusCounts;
  newestUsers: { id: string; name: string; email: string; role: string; staffRole: string | null; createdAt: string }[];
};

/** The figures on the admin overview page. Administrators only. */
export async function getAdminOverview(
  deps: Pick<Services, "db">,
  args: { actor: Viewer; now?: Date },
): Promise<AdminOverview> {
  if (!defineAbilityFor(args.actor).can("read", "AdminDashboard")) {
    throw new AppError("FORBIDDEN", "You do not have permission to see the admin overview.");
  }
  const now = args.now ?? new Date();
  const since = new Date(now.getTime() - 7 * DAY_MS);
  // PGlite is a single connection: run the queries one after another.
  const roles = await countUsersByRole(deps.db);
  const staff = await countUsersByStaffRole(deps.db);
  const signUpsLast7Days = await countUsersCreatedSince(deps.db, since);
  const newest = await selectNewestUsers(deps.db, NEWEST_USERS_LIMIT);
  const listings = await getListingStatusCounts(deps, { actor: args.actor });

  const roleCount = (r: string) => Number(roles.find((x) => x.role === r)?.count ?? 0);
  const staffCount = (r: string) => Number(staff.find((x) => x.staffRole === r)?.count ?? 0);
  return {
    usersByRole: { buyer: roleCount("buyer"), seller: roleCount("seller"), admin: roleCount("admin") },
    staffByRole: {
      admin: staffCount("admin"),
      writer: staffCount("writer"),
      senior_writer: staffCount("senior_writer"),
    },
    totalUsers: roles.reduce((sum, r) => sum + Number(r.count), 0),
    signUpsLast7Days: Number(signUpsLast7Days),
    listings,
    newestUsers: newest.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}
