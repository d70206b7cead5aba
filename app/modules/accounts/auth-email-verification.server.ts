import { APIError } from "better-auth/api";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { selectVerificationExpiry } from "./accounts.queries.server";
import { mapAuthError } from "./accounts.server";
import { AUTH_MESSAGES, PinSchema, VERIFY_EMAIL_PATH, VERIFY_FIRST_MESSAGE } from "./accounts.schema";

type Deps = Pick<Services, "db" | "auth">;

export { VERIFY_EMAIL_PATH, VERIFY_FIRST_MESSAGE };

/**
 * Refuses an account whose email is not verified yet (issue 4: "an unverified account is asked to verify before
 * it can make offers or list"). Services call it before such a change; routes show the message with a link to
 * VERIFY_EMAIL_PATH.
 */
export function requireVerifiedEmail(actor: Pick<Viewer, "emailVerified">, message: string = VERIFY_FIRST_MESSAGE) {
  if (!actor.emailVerified) throw new AppError("FORBIDDEN", message);
}

const identifierOf = (email: string) => `email-verification-otp-${email.toLowerCase()}`;

/** Mails a new 4-digit pin to the signed-in person's own email. Rate-limited per account and per address. */
export async function sendVerificationPin(deps: Deps, args: { actor: Viewer; headers: Headers }) {
  if (args.actor.emailVerified) throw new AppError("CONFLICT", "Your email is already verified.");
  try {
    await deps.auth.api.sendVerificationOTP({
      body: { email: args.actor.email, type: "email-verification" },
      headers: args.headers,
    });
  } catch (err) {
    if (err instanceof APIError) {
      const body = err.body as { code?: string; message?: string } | undefined;
      throw mapAuthError(err.statusCode, body?.code, body?.message);
    }
    throw err;
  }
}

/**
 * Checks a pin against the signed-in person's email. A pin allows 5 tries and expires after 10 minutes (better-auth
 * emailOTP); tries are also counted per account and per address (authSecurityPlugin).
 */
export async function verifyEmailPin(deps: Deps, args: { actor: Viewer; input: unknown; headers: Headers }) {
  const parsed = PinSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", AUTH_MESSAGES.pinFormat, { pin: [AUTH_MESSAGES.pinFormat] });
  if (args.actor.emailVerified) return { alreadyVerified: true };
  const pending = await selectVerificationExpiry(deps.db, identifierOf(args.actor.email));
  try {
    await deps.auth.api.verifyEmailOTP({
      body: { email: args.actor.email, otp: parsed.data.pin },
      headers: args.headers,
    });
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const body = err.body as { code?: string; message?: string } | undefined;
    switch (body?.code) {
      case "OTP_EXPIRED":
        throw new AppError("BAD_INPUT", AUTH_MESSAGES.pinExpired, { pin: [AUTH_MESSAGES.pinExpired] });
      case "TOO_MANY_ATTEMPTS":
        throw new AppError("RATE_LIMITED", AUTH_MESSAGES.pinUsedUp, { pin: [AUTH_MESSAGES.pinUsedUp] });
      case "INVALID_OTP":
        // No pin waiting at all (never sent, used up, or replaced): a wrong pin could never succeed.
        if (!pending) throw new AppError("BAD_INPUT", AUTH_MESSAGES.pinExpired, { pin: [AUTH_MESSAGES.pinExpired] });
        throw new AppError("BAD_INPUT", AUTH_MESSAGES.pinWrong, { pin: [AUTH_MESSAGES.pinWrong] });
      default: {
        const e = mapAuthError(err.statusCode, body?.code, body?.message);
        throw new AppError(e.code, e.message, { pin: [e.message] });
      }
    }
  }
  await recordActivity(deps.db, {
    userId: args.actor.id,
    actor: args.actor,
    kind: "auth.email-verified",
    category: "security",
    facts: {},
    data: { email: args.actor.email },
  });
  return { alreadyVerified: false };
}
