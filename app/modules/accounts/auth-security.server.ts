import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { clientAddress } from "~/lib/request.server";
import { selectSignInAccount } from "./accounts.queries.server";
import {
  AUTH_LIMITS,
  clearLimit,
  countAgainst,
  LOCKED_MESSAGE,
  lockedForSeconds,
  minutesOf,
} from "./auth-limits.server";
import { recordFailedSignIn, recordSuccessfulSignIn } from "./login-activity.server";

/**
 * Sign-in security as a better-auth plugin, so it holds on every way in: the sign-in form (our services call
 * `auth.api.*`) and better-auth's own HTTP endpoints alike. Its hooks run after the two-factor plugin's (it is
 * listed after it), so a password sign-in that still needs a second factor is seen as pending, not as done.
 *
 * - password sign-in: a locked account or address is refused (429) before the password is checked; a deleted
 *   account gets the same answer as a wrong password; every attempt is written to the login activity; a success
 *   also writes the journal and the last-active time.
 * - second factor at sign-in: the same, counted per account and per address.
 * - email pins and password-reset requests: counted per email and per address.
 */
type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SIGN_IN = "/sign-in/email";
const TWO_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

function addressOf(ctx: Ctx) {
  const headers = ctx.request?.headers ?? ctx.headers ?? new Headers();
  return { ip: clientAddress({ headers } as Request), userAgent: headers.get("user-agent") };
}

const tooMany = (message: string) => new APIError("TOO_MANY_REQUESTS", { message, code: "RATE_LIMITED" });

type Pending = { userId: string; email: string };
const pendingTwoFactor = new WeakMap<object, Pending>();

/** The person half-way through a sign-in (password done, second factor due), from the two-factor cookie. */
async function pendingTwoFactorUser(ctx: Ctx): Promise<Pending | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  if (await getSessionFromCtx(ctx).catch(() => null)) return null; // a signed-in person confirming a set-up
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!record || record.expiresAt < new Date()) return null;
  const found = await ctx.context.internalAdapter.findUserById(record.value);
  return found ? { userId: found.id, email: found.email } : null;
}

export async function findUserForSignIn(db: Db, email: string) {
  return selectSignInAccount(db, email);
}

export function authSecurityPlugin(db: Db) {
  return {
    id: "vpm-security",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
            const { ip, userAgent } = addressOf(ctx);
            const found = await findUserForSignIn(db, email);
            const wait = await lockedForSeconds(db, [
              [AUTH_LIMITS.signInAccount, email],
              [AUTH_LIMITS.signInAddress, ip],
            ]);
            if (wait > 0) {
              await recordFailedSignIn(db, { userId: found?.id ?? null, email, ip, userAgent, reason: "rate-limited" });
              throw new APIError("TOO_MANY_REQUESTS", {
                message: LOCKED_MESSAGE(minutesOf(wait)),
                code: "ACCOUNT_LOCKED",
              });
            }
            if (found?.deletedAt) {
              // A deleted account answers exactly like a wrong password.
              await recordFailedSignIn(db, { userId: found.id, email, ip, userAgent, reason: "deleted" });
              await countAgainst(db, [
                [AUTH_LIMITS.signInAccount, email],
                [AUTH_LIMITS.signInAddress, ip],
              ]);
              throw new APIError("UNAUTHORIZED", {
                message: "Invalid email or password",
                code: "INVALID_EMAIL_OR_PASSWORD",
              });
            }
          }),
        },
        {
          matcher: (ctx) => TWO_FACTOR_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const pending = await pendingTwoFactorUser(ctx);
            if (!pending) return;
            pendingTwoFactor.set(ctx.context, pending);
            const { ip, userAgent } = addressOf(ctx);
            const wait = await lockedForSeconds(db, [
              [AUTH_LIMITS.twoFactorAccount, pending.userId],
              [AUTH_LIMITS.twoFactorAddress, ip],
            ]);
            if (wait > 0) {
              await recordFailedSignIn(db, { ...pending, ip, userAgent, reason: "rate-limited" });
              throw new APIError("TOO_MANY_REQUESTS", {
                message: `Too many wrong codes. Try again in ${minutesOf(wait)} minute${minutesOf(wait) === 1 ? "" : "s"}.`,
                code: "ACCOUNT_LOCKED",
              });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/email-otp/send-verification-otp",
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.pinSendAccount, email],
              [AUTH_LIMITS.pinSendAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`You asked for too many pins. Try again in ${minutesOf(wait)} minutes.`);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/email-otp/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.pinCheckAccount, email],
              [AUTH_LIMITS.pinCheckAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`Too many pin attempts. Try again in ${minutesOf(wait)} minutes.`);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/request-password-reset",
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.resetAccount, email],
              [AUTH_LIMITS.resetAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`Too many reset requests. Try again in ${minutesOf(wait)} minutes.`);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const wait = await countAgainst(db, [[AUTH_LIMITS.resetSubmitAddress, addressOf(ctx).ip]]);
            if (wait > 0) throw tooMany(`Too many attempts. Try again in ${minutesOf(wait)} minutes.`);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
            const { ip, userAgent } = addressOf(ctx);
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              const code = (returned.body as { code?: string } | undefined)?.code;
              if (code === "RATE_LIMITED" || code === "ACCOUNT_LOCKED") return;
              const found = await findUserForSignIn(db, email);
              await recordFailedSignIn(db, {
                userId: found?.id ?? null,
                email,
                ip,
                userAgent,
                reason: code === "BANNED_USER" ? "banned" : "bad-credentials",
              });
              await countAgainst(db, [
                [AUTH_LIMITS.signInAccount, email],
                [AUTH_LIMITS.signInAddress, ip],
              ]);
              return;
            }
            const session = ctx.context.newSession;
            if (!session) return; // a second factor is due: /two-factor completes (or fails) the sign-in
            await clearLimit(db, AUTH_LIMITS.signInAccount, email);
            await recordSuccessfulSignIn(db, { userId: session.user.id, email, ip, userAgent, method: "password" });
          }),
        },
        {
          matcher: (ctx) => TWO_FACTOR_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const pending = pendingTwoFactor.get(ctx.context);
            if (!pending) return;
            const { ip, userAgent } = addressOf(ctx);
            if (isAPIError(ctx.context.returned)) {
              await recordFailedSignIn(db, { ...pending, ip, userAgent, reason: "two-factor" });
              await countAgainst(db, [
                [AUTH_LIMITS.twoFactorAccount, pending.userId],
                [AUTH_LIMITS.twoFactorAddress, ip],
              ]);
              return;
            }
            if (!ctx.context.newSession) return;
            await clearLimit(db, AUTH_LIMITS.signInAccount, pending.email);
            await clearLimit(db, AUTH_LIMITS.twoFactorAccount, pending.userId);
            await recordSuccessfulSignIn(db, { ...pending, ip, userAgent, method: "two-factor" });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
