import { APIError } from "better-auth/api";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { selectUserIdByEmail, updateUserRole } from "./accounts.queries.server";
import { MESSAGES, type SignInInput, type SignUpInput, SignUpSchema } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth">;

/** True when an account already uses this email. */
export async function emailExists(deps: Pick<Services, "db">, email: string) {
  return (await selectUserIdByEmail(deps.db, email)) !== null;
}

/**
 * Creates an account with the chosen marketplace role and signs it in, tells the administrators (a `userCreated`
 * notification), writes the journal, and mails a 4-digit pin to verify the email.
 * Returns the headers (session cookie) the response must carry.
 */
export async function signUp(deps: Deps, args: { input: SignUpInput; headers: Headers; ip: string }) {
  // Defence in depth: the service accepts only what the form schema accepts (never role "admin").
  const parsed = SignUpSchema.safeParse(args.input);
  if (!parsed.success) {
    throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Invalid sign-up details.");
  }
  const input = parsed.data;
  const limit = await hitRateLimit(deps.db, `sign-up:${args.ip}`, 20, 3600);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "Too many new accounts from this address. Try again later.");
  if (await emailExists(deps, input.email)) {
    throw new AppError("CONFLICT", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
  }
  let response: Response;
  try {
    response = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: args.headers,
      asResponse: true,
    });
  } catch (err) {
    throw toAppError(err);
  }
  if (!response.ok) throw await responseError(response);
  const body = (await response.json()) as { user: { id: string } };
  const userId = body.user.id;
  await deps.db.transaction(async (tx) => {
    const created = await updateUserRole(tx, userId, input.role);
    const roleName = input.role === "seller" ? "Seller" : "Buyer";
    await notifyAdmins(tx, {
      type: "userCreated",
      user: created.name,
      role: input.role,
      notification: `New ${roleName.toLowerCase()} registered: ${created.name}`,
      user_uniqid: created.userUniqid,
    });
    await recordActivity(tx, {
      userId,
      actor: { id: userId, impersonatedBy: null },
      kind: "auth.sign-up",
      category: "security",
      facts: { roleName },
      data: { role: input.role },
      ipAddress: args.ip,
    });
  });
  const headers = cookieHeaders(response);
  // The pin goes out with the account; if it cannot (a send limit), the verify page offers to send another.
  let pinSent = true;
  try {
    await deps.auth.api.sendVerificationOTP({
      body: { email: input.email, type: "email-verification" },
      headers: args.headers,
    });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    pinSent = false;
  }
  return { userId, headers, pinSent };
}

/**
 * Checks the password and opens a session. Wrong credentials never say which part was wrong, and a deleted
 * account answers the same. Limits, login activity and the journal are kept by authSecurityPlugin
 * (auth-security.server.ts). With two-factor authentication on, no session opens yet: `twoFactor` is true and
 * the headers carry the short-lived two-factor cookie for /two-factor.
 */
export async function signIn(deps: Deps, args: { input: SignInInput; headers: Headers }) {
  let response: Response;
  try {
    response = await deps.auth.api.signInEmail({
      body: { email: args.input.email, password: args.input.password },
      headers: args.headers,
      asResponse: true,
    });
  } catch (err) {
    throw toAppError(err);
  }
  if (!response.ok) throw await responseError(response);
  const body = (await response.json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
  return { headers: cookieHeaders(response), twoFactor: body.twoFactorRedirect === true };
}

export async function signOut(deps: Deps, headers: Headers) {
  const response = await deps.auth.api.signOut({ headers, asResponse: true });
  return { headers: cookieHeaders(response) };
}

export function cookieHeaders(response: Response) {
  const out = new Headers();
  for (const c of response.headers.getSetCookie()) out.append("set-cookie", c);
  return out;
}

type AuthErrorBody = { code?: string; message?: string; retryAfter?: number };

export async function responseError(response: Response): Promise<AppError> {
  const body = (await response.json().catch(() => ({}))) as AuthErrorBody;
  return mapAuthError(response.status, body.code, body.message, body.retryAfter);
}

export function toAppError(err: unknown): AppError {
  if (err instanceof APIError) {
    const body = err.body as AuthErrorBody | undefined;
    return mapAuthError(err.statusCode, body?.code, body?.message ?? err.message, body?.retryAfter);
  }
  throw err;
}

export function mapAuthError(status: number, code?: string, message?: string, retryAfter?: number): AppError {
  if (status === 429) {
    // Our own limits (authSecurityPlugin) say how long to wait; better-auth's per-address limiter does not.
    const own = (code === "RATE_LIMITED" || code === "ACCOUNT_LOCKED") && message;
    const wait = typeof retryAfter === "number" && retryAfter > 0 ? retryAfter : undefined;
    return new AppError(
      "RATE_LIMITED",
      own || "Too many attempts. Please wait a minute and try again.",
      undefined,
      wait,
    );
  }
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return new AppError("UNAUTHENTICATED", MESSAGES.badCredentials);
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return new AppError("CONFLICT", MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    case "PASSWORD_TOO_SHORT":
      return new AppError("BAD_INPUT", MESSAGES.passwordShort, { password: [MESSAGES.passwordShort] });
    case "INVALID_EMAIL":
      return new AppError("BAD_INPUT", MESSAGES.emailInvalid, { email: [MESSAGES.emailInvalid] });
    case "BANNED_USER":
      return new AppError("FORBIDDEN", "This account has been suspended. Contact us for help.");
    default:
      return new AppError("BAD_INPUT", message || "We could not complete that request.");
  }
}
