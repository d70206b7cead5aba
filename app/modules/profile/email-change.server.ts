import { EMAIL_CHANGE_PIN_MAIL, EMAIL_CHANGED_MAIL } from "~/modules/accounts/accounts.templates";
import { sendTemplatedMail } from "~/modules/notifications/mail-templates.server";
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Viewer } from "~/auth/abilities";
import { AppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { Services } from "~/lib/runtime.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { getSettings } from "~/modules/settings/settings.server";
import {
  EMAIL_CHANGE_MESSAGES as M,
  EMAIL_PIN_TRIES,
  EMAIL_PIN_TTL_SECONDS,
  EmailOnlySchema,
  PendingPinSchema,
  VerifyEmailPinSchema,
} from "./email-change";
import {
  deleteVerifications,
  insertVerification,
  selectProfileUser,
  selectUserIdByEmailCi,
  selectVerification,
  selectVerificationForUpdate,
  updateUserColumns,
  updateVerification,
} from "./profile.queries.server";

type Deps = Pick<Services, "db" | "mailer" | "config">;

/**
 * The email change flow (SPEC section 4): the pin for a signed-in user's new address is kept in better-auth's
 * `verification` table under the identifier `email-change:<user id>`, one pending change per user. The value is
 * JSON: the new address, an HMAC of the pin (keyed with the auth secret, so a leaked table does not give the pins
 * away), the wrong tries so far and whether the pin was verified.
 */
const identifierFor = (userId: string) => `email-change:${userId}`;

type PendingChange = { email: string; pinHash: string; tries: number; verified: boolean };

/** Rate limits: pins sent per user and per address, and "is this email registered?" checks per user. */
export const EMAIL_CHANGE_LIMITS = {
  sendPerUser: { limit: 5, windowSeconds: 3600 },
  sendPerAddress: { limit: 3, windowSeconds: 3600 },
  checkPerUser: { limit: 30, windowSeconds: 3600 },
} as const;

/** A mail that could not be handed to the mailer: 502, with the SPEC's message. */
class PinNotSent extends AppError {
  constructor() {
    super("BAD_INPUT", M.sendFailed);
  }
  override get status() {
    return 502;
  }
}

function firstIssue(error: { issues: { message: string }[] }) {
  return error.issues[0]?.message ?? "Invalid request.";
}

function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } };
  },
  input: unknown,
): T {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  throw new AppError("BAD_INPUT", firstIssue(r.error), field ? { [field]: [issue?.message ?? ""] } : undefined);
}

function hashPin(secret: string, userId: string, email: string, pin: string) {
  return createHmac("sha256", secret).update(`${userId}\n${email}\n${pin}`).digest("hex");
}

function samePin(a: string, b: string) {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

function readPending(value: string): PendingChange | null {
  try {
    const v = JSON.parse(value) as PendingChange;
    return typeof v.email === "string" && typeof v.pinHash === "string" ? v : null;
  } catch {
    return null;
  }
}

async function limit(deps: Deps, key: string, rule: { limit: number; windowSeconds: number }, message: string) {
  const r = await hitRateLimit(deps.db, key, rule.limit, rule.windowSeconds);
  if (!r.allowed) throw new AppError("RATE_LIMITED", message);
}

/** Whether switching email verification off in the settings lets the email change without a pin. */
export async function isEmailVerificationEnabled(deps: Pick<Services, "db">) {
  const s = await getSettings(deps.db, ["email_verification_enabled"]);
  return s.email_verification_enabled !== false;
}

/** `POST /check-email-exists`: true when an account uses this address. Signed-in users only, rate-limited. */
export async function checkEmailExists(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const { email } = parse(EmailOnlySchema, args.input);
  await limit(deps, `email-check:user:${args.actor.id}`, EMAIL_CHANGE_LIMITS.checkPerUser, M.checkTooOften);
  return { exists: (await selectUserIdByEmailCi(deps.db, email)) !== null };
}

/**
 * `POST /send-email-pin`: checks the new address (pattern, not taken, not the current one), then sends a 4-digit
 * pin to it. A new pin replaces the pending one. Rate-limited per user and per address.
 */
export async function sendEmailPin(deps: Deps, args: { actor: Viewer; input: unknown; now?: Date }) {
  const { email } = parse(EmailOnlySchema, args.input);
  if (email === args.actor.email.toLowerCase()) throw new AppError("BAD_INPUT", M.sameEmail, { email: [M.sameEmail] });
  await limit(deps, `email-pin:user:${args.actor.id}`, EMAIL_CHANGE_LIMITS.sendPerUser, M.sendTooOften);
  await limit(deps, `email-pin:to:${email}`, EMAIL_CHANGE_LIMITS.sendPerAddress, M.sendTooOften);
  if ((await selectUserIdByEmailCi(deps.db, email)) !== null) {
    throw new AppError("CONFLICT", M.emailTaken, { email: [M.emailTaken] });
  }
  const pin = String(randomInt(0, 10_000)).padStart(4, "0");
  const now = args.now ?? new Date();
  const pending: PendingChange = {
    email,
    pinHash: hashPin(deps.config.authSecret, args.actor.id, email, pin),
    tries: 0,
    verified: false,
  };
  const identifier = identifierFor(args.actor.id);
  await deps.db.transaction(async (tx) => {
    await deleteVerifications(tx, identifier);
    await insertVerification(tx, {
      id: randomBytes(12).toString("hex"),
      identifier,
      value: JSON.stringify(pending),
      expiresAt: new Date(now.getTime() + EMAIL_PIN_TTL_SECONDS * 1000),
    });
  });
  try {
    await sendTemplatedMail(deps, { template: EMAIL_CHANGE_PIN_MAIL, to: email, vars: { pin } });
  } catch (err) {
    logger.warn({ err }, "email change pin not sent");
    await deleteVerifications(deps.db, identifier);
    throw new PinNotSent();
  }
  return { sent: true as const, email };
}

/**
 * Judges a pin against the pending change (in one transaction, the row locked, so parallel guesses cannot
 * share a try). Wrong: the try is counted. The sixth try is refused, right or wrong. Right: the change is marked
 * verified for its address, for another 10 minutes.
 */
async function judgePin(deps: Deps, args: { actor: Viewer; email?: string; pin: string; now?: Date }) {
  const now = args.now ?? new Date();
  const identifier = identifierFor(args.actor.id);
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await selectVerificationForUpdate(tx, identifier);
    const pending = row ? readPending(row.value) : null;
    if (!row || !pending || (args.email !== undefined && pending.email !== args.email)) {
      return { error: new AppError("BAD_INPUT", M.pinMissing) };
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { error: new AppError("BAD_INPUT", M.pinExpired) };
    if (pending.tries >= EMAIL_PIN_TRIES) return { error: new AppError("RATE_LIMITED", M.pinTooManyTries) };
    const right = samePin(pending.pinHash, hashPin(deps.config.authSecret, args.actor.id, pending.email, args.pin));
    const next: PendingChange = right ? { ...pending, verified: true } : { ...pending, tries: pending.tries + 1 };
    await updateVerification(tx, row.id, {
      value: JSON.stringify(next),
      updatedAt: now,
      ...(right ? { expiresAt: new Date(now.getTime() + EMAIL_PIN_TTL_SECONDS * 1000) } : {}),
    });
    return right
      ? { email: pending.email }
      : { error: new AppError("BAD_INPUT", M.pinWrong, { email_pin: [M.pinWrong], pin: [M.pinWrong] }) };
  });
  if ("error" in outcome && outcome.error) throw outcome.error;
  return { email: (outcome as { email: string }).email };
}

/** `POST /verify-email-pin`: email and email_pin; true when the pin is right for that address. */
export async function verifyEmailPin(deps: Deps, args: { actor: Viewer; input: unknown; now?: Date }) {
  const { email, email_pin } = parse(VerifyEmailPinSchema, args.input);
  await judgePin(deps, { actor: args.actor, email, pin: email_pin, now: args.now });
  return { verified: true as const, email };
}

/**
 * `POST /update-email`: makes the address the account's email, when its pin was verified (or directly when the
 * setting `email_verification_enabled` is false). One transaction with the journal entry; the old address is told.
 */
export async function updateEmail(deps: Deps, args: { actor: Viewer; input: unknown; now?: Date }) {
  const { email } = parse(EmailOnlySchema, args.input);
  const now = args.now ?? new Date();
  const verifying = await isEmailVerificationEnabled(deps);
  const identifier = identifierFor(args.actor.id);
  const result = await deps.db
    .transaction(async (tx) => {
      const me = await selectProfileUser(tx, args.actor.id);
      if (!me) throw new AppError("NOT_FOUND", "We could not find your account. Please sign in again.");
      if (email === me.email.toLowerCase()) throw new AppError("BAD_INPUT", M.sameEmail, { email: [M.sameEmail] });
      if (verifying) {
        const row = await selectVerification(tx, identifier);
        const pending = row ? readPending(row.value) : null;
        if (!row || !pending || pending.email !== email) throw new AppError("BAD_INPUT", M.pinMissing);
        if (!pending.verified) throw new AppError("BAD_INPUT", M.pinNotVerified);
        if (row.expiresAt.getTime() <= now.getTime()) throw new AppError("BAD_INPUT", M.pinExpired);
      }
      const owner = await selectUserIdByEmailCi(tx, email);
      if (owner !== null) throw new AppError("CONFLICT", M.emailTaken, { email: [M.emailTaken] });
      await updateUserColumns(tx, me.id, verifying ? { email, emailVerified: true } : { email });
      await deleteVerifications(tx, identifier);
      await recordActivity(tx, {
        userId: me.id,
        actor: args.actor,
        kind: "email.change",
        category: args.actor.impersonatedBy ? "impersonation" : "security",
        facts: { from: me.email, to: email },
        data: { from: me.email, to: email, verifiedByPin: verifying },
      });
      return { previous: me.email };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AppError("CONFLICT", M.emailTaken, { email: [M.emailTaken] });
      throw err;
    });
  // Tell the old address, so a change nobody asked for does not go unnoticed. A failure here changes nothing.
  try {
    await sendTemplatedMail(deps, { template: EMAIL_CHANGED_MAIL, to: result.previous, vars: { email } });
  } catch (err) {
    logger.warn({ err }, "email-changed notice not sent");
  }
  return { email, message: M.updated };
}

/**
 * `POST /verification/email-pin`: the signed-in user's pending change, in one step: the pin is judged (the same
 * tries and expiry as /verify-email-pin) and, when right, the email is updated. The form sequence without
 * JavaScript uses it.
 */
export async function confirmPendingEmailChange(deps: Deps, args: { actor: Viewer; input: unknown; now?: Date }) {
  const { pin } = parse(PendingPinSchema, args.input);
  const { email } = await judgePin(deps, { actor: args.actor, pin, now: args.now });
  return updateEmail(deps, { actor: args.actor, input: { email }, now: args.now });
}

/** The address of the signed-in user's pending change, if a pin was sent and has not expired. */
export async function getPendingEmailChange(deps: Pick<Services, "db">, args: { actor: Viewer; now?: Date }) {
  const row = await selectVerification(deps.db, identifierFor(args.actor.id));
  const pending = row ? readPending(row.value) : null;
  if (!row || !pending || row.expiresAt.getTime() <= (args.now ?? new Date()).getTime()) return null;
  return { email: pending.email, verified: pending.verified };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === "23505" || (e?.cause !== undefined && isUniqueViolation(e.cause));
}
