import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { getMyListingStatusCounts, type ListingStatusCounts } from "~/modules/listings/admin-listings.server";
import { selectUserSummary } from "./users.queries.server";

export type ProfileOverview = {
  name: string;
  email: string;
  role: "buyer" | "seller";
  emailVerified: boolean;
  memberSince: string;
  /** Sellers only: their listings per status. */
  listings: ListingStatusCounts | null;
};

/** The signed-in person's own account summary (and, for sellers, their listing counts). */
export async function getProfileOverview(
  deps: Pick<Services, "db">,
  args: { actor: Viewer },
): Promise<ProfileOverview> {
  const me = await selectUserSummary(deps.db, args.actor.id);
  if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
  const role = me.role === "seller" ? "seller" : "buyer";
  return {
    name: me.name,
    email: me.email,
    role,
    emailVerified: me.emailVerified,
    memberSince: me.createdAt.toISOString(),
    listings: role === "seller" ? await getMyListingStatusCounts(deps, { actor: args.actor }) : null,
  };
}
