import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { EMAIL_INVALID, email as emailField } from "~/lib/fields";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { clientAddress } from "~/lib/request.server";
import { selectSignInAccount } from "./accounts.queries.server";
import { logger } from "~/lib/logger.server";
import { recordActivity } from "~/modules/journal/journal.server";
import {
  accountAddress,
  accountAddressFailures,
  ADDRESS_WAIT_MESSAGE,
  AUTH_DELAYS,
  AUTH_LIMITS,
  CODES_LOCKED_MESSAGE,
  clearAccountFailures,
  clearLimit,
  countAgainst,
  giveBackAttempt,
  LOCKED_MESSAGE,
  minutesOf,
  passDelay,
  RESET_LIMIT_MESSAGE,
  secretKey,
} from "./auth-limits.server";
import { recordFailedSignIn, recordSuccessfulSignIn } from "./login-activity.server";

/**
 * Sign-in security as a better-auth plugin, so it holds on every way in: the sign-in form (our services call
 * `auth.api.*`) and better-auth's own HTTP endpoints alike. Its hooks run after the two-factor plugin's (it is
 * listed after it), so a password sign-in that still needs a second factor is seen as pending, not as done.
 *
 * - password sign-in: each attempt is counted before the password is checked, in one statement per counter, so
 *   40 concurrent guesses get no more checks than the limit: first through the address's progressive delay (429
 *   with Retry-After while it runs), then against the account's lock (429 once 5 failures are counted). A right
 *   password gives its count back, so only failures use the limits up. A deleted account gets the same answer as
 *   a wrong password; every attempt is written to the login activity; a success also writes the journal and the
 *   last-active time.
 * - second factor at sign-in: the same, per account and through the address's delay.
 * - email pins, password-reset requests and reset links submitted: counted per email (or token) and per address.
 */
type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SIGN_IN = "/sign-in/email";
/** How long a used authenticator code stays refused: longer than any code is accepted (30 s steps, one either side). */
export const TOTP_USED_SECONDS = 120;
export const CODE_USED_MESSAGE =
  "That code was already used to sign in. Wait for the next code in your authenticator app and enter it.";
const TWO_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

function addressOf(ctx: Ctx) {
  const headers = ctx.request?.headers ?? ctx.headers ?? new Headers();
  return { ip: clientAddress({ headers } as Request), userAgent: headers.get("user-agent") };
}

/** A 429 that says how long to wait, in its message, its body (`retryAfter`) and a Retry-After header. */
const tooMany = (message: string, seconds: number, code = "RATE_LIMITED") =>
  new APIError("TOO_MANY_REQUESTS", { message, code, retryAfter: seconds }, { "Retry-After": String(seconds) });

const EmailField = emailField();

/**
 * The body's email as every form reads it (trimmed, lower-cased, at most 254 characters, no control characters), or
 * null. Checked before it is looked up or counted: a NUL byte or a 4,000-character "address" never reaches the
 * database (issue 12 finding 6).
 */
function emailOf(ctx: Ctx): string | null {
  const parsed = EmailField.safeParse((ctx.body as { email?: unknown })?.email);
  return parsed.success ? parsed.data : null;
}

/** As `emailOf`, refusing a body without a real address with better-auth's own 400. */
function requiredEmailOf(ctx: Ctx): string {
  const email = emailOf(ctx);
  if (email === null) throw new APIError("BAD_REQUEST", { message: EMAIL_INVALID, code: "INVALID_EMAIL" });
  return email;
}

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

/** What the plugin tells the owner: someone is trying their password (issue 28). */
export type SignInAlert = (args: { userId: string; email: string; ip: string; failures: number }) => Promise<unknown>;

/**
 * A wrong password for an existing account: a security entry in the owner's journal (with the address), and, when
 * that address has used up its attempts for the account, one mail to the owner per lock window (never one a try).
 */
async function noteFailedPassword(
  db: Db,
  args: { userId: string; email: string; ip: string },
  options: { alert?: SignInAlert },
) {
  await recordActivity(db, {
    userId: args.userId,
    actor: null,
    kind: "auth.sign-in-failed",
    category: "security",
    facts: { ip: args.ip },
    data: { ip: args.ip },
    ipAddress: args.ip,
  });
  const failures = await accountAddressFailures(db, args.email, args.ip);
  if (failures < AUTH_LIMITS.signInAccount.limit || !options.alert) return;
  const first = await countAgainst(db, [[AUTH_LIMITS.signInAlert, args.userId]]);
  if (first > 0) return;
  await options.alert({ ...args, failures }).catch((err) => logger.error({ err }, "sign-in alert not sent"));
}

export function authSecurityPlugin(db: Db, options: { alert?: SignInAlert } = {}) {
  return {
    id: "vpm-security",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = requiredEmailOf(ctx);
            const { ip, userAgent } = addressOf(ctx);
            const found = await findUserForSignIn(db, email);
            const refuse = async (error: APIError) => {
              await recordFailedSignIn(db, { userId: found?.id ?? null, email, ip, userAgent, reason: "rate-limited" });
              return error;
            };
            const delay = await passDelay(db, AUTH_DELAYS.signInAddress, ip);
            if (delay > 0) throw await refuse(tooMany(ADDRESS_WAIT_MESSAGE(delay), delay));
            // Issue 28: the lock is per account AND address, so nobody can keep the owner out from elsewhere.
            const wait = await countAgainst(db, [[AUTH_LIMITS.signInAccount, accountAddress(email, ip)]]);
            if (wait > 0) {
              // Refused unchecked: no password was tried, so the address is not charged for it.
              await giveBackAttempt(db, [[AUTH_DELAYS.signInAddress, ip]]);
              throw await refuse(tooMany(LOCKED_MESSAGE(minutesOf(wait)), wait, "ACCOUNT_LOCKED"));
            }
            if (found?.deletedAt) {
              // A deleted account answers exactly like a wrong password (and its attempt stays counted).
              await recordFailedSignIn(db, { userId: found.id, email, ip, userAgent, reason: "deleted" });
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
            const refuse = async (error: APIError) => {
              await recordFailedSignIn(db, { ...pending, ip, userAgent, reason: "rate-limited" });
              return error;
            };
            const delay = await passDelay(db, AUTH_DELAYS.twoFactorAddress, ip);
            if (delay > 0) throw await refuse(tooMany(ADDRESS_WAIT_MESSAGE(delay), delay));
            const wait = await countAgainst(db, [[AUTH_LIMITS.twoFactorAccount, pending.userId]]);
            if (wait > 0) {
              await giveBackAttempt(db, [[AUTH_DELAYS.twoFactorAddress, ip]]);
              throw await refuse(tooMany(CODES_LOCKED_MESSAGE(minutesOf(wait)), wait, "ACCOUNT_LOCKED"));
            }
            // Issue 28: an authenticator code signs in once. Each code tried is marked used for the account, in one
            // statement before better-auth checks it, for as long as any code stays valid; the same code again (or
            // twice at once) is refused unchecked. A wrong code marked used costs nothing: it was wrong.
            const code = String((ctx.body as { code?: unknown })?.code ?? "");
            if (ctx.path === "/two-factor/verify-totp" && code) {
              const first = await hitRateLimit(
                db,
                `totp-used:${pending.userId}:${secretKey(code)}`,
                1,
                TOTP_USED_SECONDS,
              );
              if (!first.allowed) {
                await recordFailedSignIn(db, { ...pending, ip, userAgent, reason: "two-factor" });
                throw new APIError("BAD_REQUEST", { message: CODE_USED_MESSAGE, code: "CODE_ALREADY_USED" });
              }
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/email-otp/send-verification-otp",
          handler: createAuthMiddleware(async (ctx) => {
            const email = requiredEmailOf(ctx);
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.pinSendAccount, email],
              [AUTH_LIMITS.pinSendAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`You asked for too many pins. Try again in ${minutesOf(wait)} minutes.`, wait);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/email-otp/verify-email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = requiredEmailOf(ctx);
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.pinCheckAccount, email],
              [AUTH_LIMITS.pinCheckAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`Too many pin attempts. Try again in ${minutesOf(wait)} minutes.`, wait);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/request-password-reset",
          handler: createAuthMiddleware(async (ctx) => {
            const email = requiredEmailOf(ctx);
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.resetAccount, email],
              [AUTH_LIMITS.resetAddress, addressOf(ctx).ip],
            ]);
            if (wait > 0) throw tooMany(`Too many reset requests. Try again in ${minutesOf(wait)} minutes.`, wait);
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            // A reset link submitted (a token guess, through our form or not): per address and per token.
            const token = String((ctx.body as { token?: unknown })?.token ?? "");
            const wait = await countAgainst(db, [
              [AUTH_LIMITS.resetSubmitAddress, addressOf(ctx).ip],
              [AUTH_LIMITS.resetSubmitToken, secretKey(token)],
            ]);
            if (wait > 0) throw tooMany(RESET_LIMIT_MESSAGE(minutesOf(wait)), wait);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_IN,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx);
            if (email === null) return;
            const { ip, userAgent } = addressOf(ctx);
            const returned = ctx.context.returned;
            if (isAPIError(returned)) {
              // A failure: its attempt was counted before the check and stays counted.
              const code = (returned.body as { code?: string } | undefined)?.code;
              const found = await findUserForSignIn(db, email);
              await recordFailedSignIn(db, {
                userId: found?.id ?? null,
                email,
                ip,
                userAgent,
                reason: code === "BANNED_USER" ? "banned" : "bad-credentials",
              });
              if (found && !found.deletedAt && code !== "BANNED_USER") {
                await noteFailedPassword(db, { userId: found.id, email, ip }, options);
              }
              return;
            }
            // The password was right: its attempt does not count against the address.
            await giveBackAttempt(db, [[AUTH_DELAYS.signInAddress, ip]]);
            const session = ctx.context.newSession;
            if (!session) {
              // A second factor is due: /two-factor completes (or fails) the sign-in.
              await giveBackAttempt(db, [[AUTH_LIMITS.signInAccount, accountAddress(email, ip)]]);
              return;
            }
            await clearAccountFailures(db, email);
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
              return;
            }
            await giveBackAttempt(db, [[AUTH_DELAYS.twoFactorAddress, ip]]);
            if (!ctx.context.newSession) {
              await giveBackAttempt(db, [[AUTH_LIMITS.twoFactorAccount, pending.userId]]);
              return;
            }
            await clearAccountFailures(db, pending.email);
            await clearLimit(db, AUTH_LIMITS.twoFactorAccount, pending.userId);
            await recordSuccessfulSignIn(db, { ...pending, ip, userAgent, method: "two-factor" });
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            // A link that worked does not count against its address.
            if (!isAPIError(ctx.context.returned)) {
              await giveBackAttempt(db, [[AUTH_LIMITS.resetSubmitAddress, addressOf(ctx).ip]]);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
