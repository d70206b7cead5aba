import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  closeListingsWithAccount,
  listOpenListingsOf,
  queueScoreRecomputes,
} from "~/modules/listings/inventory.server";
import { forgetFavoritesOf } from "~/modules/listings/favorites.server";
import { deleteAllSessions, markUserDeleted } from "./accounts.queries.server";
import { confirmPassword } from "./auth-password-confirm.server";
import { DeleteAccountSchema } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth" | "jobs">;

/** The reason stored on listings that ended with their seller's account (SPEC deactivation reason 3, other). */
export const ACCOUNT_DELETED_REASON = "The seller deleted their account.";

/**
 * "Delete account": after the password, a soft delete (user.deleted_at) that keeps what the law and open deals need
 * (the row, listings, journal, login activity). In one transaction: the account is marked deleted, every session
 * ends, the seller's active and pending listings are deactivated (status 9), and the journal records each change.
 * A deleted account cannot sign in (authSecurityPlugin; the session hook in auth.server.ts). An administrator
 * restores it from the deleted users list.
 */
export async function deleteAccount(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  const parsed = DeleteAccountSchema.safeParse(args.input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = String(first?.path[0] ?? "password");
    throw new AppError("BAD_INPUT", first?.message ?? "Invalid input.", { [field]: [first?.message ?? ""] });
  }
  if (args.actor.role === "admin") {
    throw new AppError("FORBIDDEN", "An administrator account cannot be deleted here. Ask another administrator.");
  }
  await confirmPassword(deps, { ...args, input: { password: parsed.data.password } });
  return softDeleteUser(deps, { actor: args.actor, input: { userId: args.actor.id, byAdministrator: false } });
}

/**
 * The one soft delete, used by "Delete account" and by an administrator: in one transaction the account is marked
 * deleted, every session ends, the seller's active and pending listings are deactivated (status 9, reason "other"
 * with ACCOUNT_DELETED_REASON) and the journal records each change. Scores of the resorts touched are recomputed.
 */
export async function softDeleteUser(
  deps: Pick<Services, "db" | "jobs">,
  args: { actor: Viewer; input: { userId: string; byAdministrator: boolean } },
) {
  const { userId, byAdministrator } = args.input;
  const result = await deps.db.transaction(async (tx) => {
    const marked = await markUserDeleted(tx, userId);
    if (!marked) throw new AppError("CONFLICT", "This account is already deleted.");
    const ended = await deleteAllSessions(tx, userId);
    // Decision 0092: the saved listings are personal and serve no open deal: they go with the account.
    await forgetFavoritesOf(tx, userId);
    const open = await listOpenListingsOf(tx, userId);
    await recordActivity(tx, {
      userId,
      actor: args.actor,
      kind: "account.delete",
      category: "security",
      facts: { byAdministrator },
      data: { sessionsEnded: ended.length, listingsDeactivated: open.map((l) => l.listingCode) },
    });
    // Each listing leaves the market through the listing workflow, which journals it.
    const resortIds = await closeListingsWithAccount(tx, {
      actor: args.actor,
      input: { sellerId: userId, reasonText: ACCOUNT_DELETED_REASON },
    });
    return { sessionsEnded: ended.length, listingsDeactivated: open.length, resortIds };
  });
  await queueScoreRecomputes(deps, result.resortIds);
  return { sessionsEnded: result.sessionsEnded, listingsDeactivated: result.listingsDeactivated };
}
