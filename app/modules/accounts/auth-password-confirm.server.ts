import { APIError } from "better-auth/api";
import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { AUTH_LIMITS, countAgainst, giveBackAttempt, minutesOf } from "./auth-limits.server";
import { AUTH_MESSAGES, PasswordConfirmSchema } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth">;

/** Security changes are the account owner's own: an administrator impersonating them cannot make them. */
export function refuseWhileImpersonating(actor: Viewer) {
  if (!defineAbilityFor(actor).can("update", "SecuritySettings")) {
    throw new AppError("FORBIDDEN", "Security settings cannot be changed while you are impersonating a user.");
  }
}

/**
 * Checks the password a person re-entered before a security change (two-factor, sessions, deleting the account,
 * signing an agreement). Each check is counted per account before the password is compared (one statement, so
 * concurrent tries cannot pass the limit) and given back when the password is right: after 5 wrong ones in 15 minutes
 * the check is refused (429) unchecked for the rest of the window.
 */
export async function confirmPassword(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  refuseWhileImpersonating(args.actor);
  const parsed = PasswordConfirmSchema.safeParse(args.input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter your password.";
    throw new AppError("BAD_INPUT", message, { password: [message] });
  }
  await countedPasswordCheck(deps.db, {
    accountId: args.actor.id,
    field: "password",
    isWrong: (err) => err instanceof AppError && err.code === "BAD_INPUT",
    check: async () => {
      try {
        await deps.auth.api.verifyPassword({ body: { password: parsed.data.password }, headers: args.headers });
      } catch (err) {
        if (!(err instanceof APIError)) throw err;
        const code = (err.body as { code?: string } | undefined)?.code;
        if (code !== "INVALID_PASSWORD") throw new AppError("UNAUTHENTICATED", "Please sign in again.");
        throw new AppError("BAD_INPUT", AUTH_MESSAGES.wrongPassword, { password: [AUTH_MESSAGES.wrongPassword] });
      }
    },
  });
  return parsed.data.password;
}

/**
 * Runs `check`, a call that compares the account's current password, counted per account against the password
 * confirmation's limit (one statement before the comparison, so concurrent tries cannot pass it): past 5 wrong ones
 * in 15 minutes it is refused (429) unchecked. The attempt is given back unless `isWrong` says the password was wrong.
 * Used by `confirmPassword` and by the profile's password change, so neither is an unlimited password oracle.
 */
export async function countedPasswordCheck<T>(
  db: Services["db"],
  args: { accountId: string; field: string; check: () => Promise<T>; isWrong: (err: unknown) => boolean },
): Promise<T> {
  const counted: [typeof AUTH_LIMITS.passwordConfirmAccount, string][] = [
    [AUTH_LIMITS.passwordConfirmAccount, args.accountId],
  ];
  const wait = await countAgainst(db, counted);
  if (wait > 0) {
    const minutes = minutesOf(wait);
    const message = `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    throw new AppError("RATE_LIMITED", message, { [args.field]: [message] }, wait);
  }
  try {
    const result = await args.check();
    await giveBackAttempt(db, counted);
    return result;
  } catch (err) {
    // A wrong password: its count stays. Anything else was no guess.
    if (!args.isWrong(err)) await giveBackAttempt(db, counted);
    throw err;
  }
}
