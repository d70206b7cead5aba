import type { Db } from "~/db/client.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { insertLoginActivity, touchLastActive } from "./accounts.queries.server";

/** Why a sign-in attempt failed (the admin's login activity shows it). */
export type LoginFailureReason = "bad-credentials" | "rate-limited" | "two-factor" | "deleted" | "banned";

export type AttemptContext = { email: string; ip: string; userAgent: string | null };

/** Writes one failed sign-in attempt to the login activity. */
export async function recordFailedSignIn(
  db: Db,
  args: AttemptContext & { userId: string | null; reason: LoginFailureReason },
) {
  await insertLoginActivity(db, {
    userId: args.userId,
    email: args.email.toLowerCase().slice(0, 254),
    success: false,
    reason: args.reason,
    ipAddress: args.ip,
    userAgent: args.userAgent?.slice(0, 500) ?? null,
  });
}

/**
 * A completed sign-in (password, or password and second factor): the login activity, a security entry in the
 * person's journal and their last-active time, together.
 */
export async function recordSuccessfulSignIn(
  db: Db,
  args: AttemptContext & { userId: string; method: "password" | "two-factor" },
) {
  await db.transaction(async (tx) => {
    await insertLoginActivity(tx, {
      userId: args.userId,
      email: args.email.toLowerCase().slice(0, 254),
      success: true,
      reason: null,
      ipAddress: args.ip,
      userAgent: args.userAgent?.slice(0, 500) ?? null,
    });
    await touchLastActive(tx, args.userId);
    await recordActivity(tx, {
      userId: args.userId,
      actor: { id: args.userId, impersonatedBy: null },
      kind: "auth.sign-in",
      category: "security",
      facts: { twoFactor: args.method === "two-factor" },
      data: { method: args.method },
      ipAddress: args.ip,
    });
  });
}
