import { APIError } from "better-auth/api";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { hasUnexpiredVerification, selectUserEmail, selectVerificationValue } from "./accounts.queries.server";
import { mapAuthError } from "./accounts.server";
import { clearAccountFailures } from "./auth-limits.server";
import { AUTH_MESSAGES, ForgotPasswordSchema, ResetPasswordSchema } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth">;

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? "");
    out[k] ??= [i.message];
  }
  return out;
}

/**
 * Mails a single-use, one-hour link to `/reset-password?token=...` when the email has an account (and it is not
 * deleted). The answer is the same whether or not it has one; only the per-email and per-address limits can
 * refuse (429), and they count an email whether or not it is registered.
 */
export async function requestPasswordReset(deps: Deps, args: { input: unknown; headers: Headers }) {
  const parsed = ForgotPasswordSchema.safeParse(args.input);
  if (!parsed.success) {
    throw new AppError(
      "BAD_INPUT",
      parsed.error.issues[0]?.message ?? "Invalid email.",
      fieldErrors(parsed.error.issues),
    );
  }
  try {
    await deps.auth.api.requestPasswordReset({ body: { email: parsed.data.email }, headers: args.headers });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const body = err.body as { code?: string; message?: string } | undefined;
    if (err.statusCode === 429) throw mapAuthError(429, body?.code, body?.message);
    throw err;
  }
  return { message: AUTH_MESSAGES.resetSent };
}

const tokenIdentifier = (token: string) => `reset-password:${token}`;

/** True while a reset link's token is unused and unexpired. */
export async function isResetTokenValid(deps: Pick<Services, "db">, token: string | null) {
  // A token is printable ASCII (as the form's `token` field): anything else (a NUL byte) names no row.
  if (!token || token.length > 200 || !/^[\x21-\x7e]+$/.test(token)) return false;
  return hasUnexpiredVerification(deps.db, tokenIdentifier(token));
}

/**
 * Sets the new password from a reset link. The token is used up; every session of the account ends (better-auth
 * revokeSessionsOnPasswordReset); the account's sign-in lock is lifted; the journal records it.
 */
export async function resetPassword(deps: Deps, args: { input: unknown; headers: Headers; ip: string }) {
  const parsed = ResetPasswordSchema.safeParse(args.input);
  if (!parsed.success) {
    throw new AppError(
      "BAD_INPUT",
      parsed.error.issues[0]?.message ?? "Invalid input.",
      fieldErrors(parsed.error.issues),
    );
  }
  const { token, password } = parsed.data;
  const pendingUserId = await selectVerificationValue(deps.db, tokenIdentifier(token));
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password }, headers: args.headers });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const body = err.body as { code?: string; message?: string; retryAfter?: number } | undefined;
    if (body?.code === "INVALID_TOKEN" || body?.code === "USER_NOT_FOUND") {
      throw new AppError("BAD_INPUT", AUTH_MESSAGES.resetInvalid);
    }
    // Past the per-address or per-token limit of reset links (authSecurityPlugin): 429 with how long to wait.
    throw mapAuthError(err.statusCode, body?.code, body?.message, body?.retryAfter);
  }
  if (pendingUserId) {
    const email = await selectUserEmail(deps.db, pendingUserId);
    await deps.db.transaction(async (tx) => {
      if (email) await clearAccountFailures(tx, email);
      await recordActivity(tx, {
        userId: pendingUserId,
        actor: { id: pendingUserId, impersonatedBy: null },
        kind: "auth.password-reset",
        category: "security",
        facts: {},
        ipAddress: args.ip,
      });
    });
  }
}
