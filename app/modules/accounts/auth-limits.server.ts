import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { deleteRateLimitCounter, selectRateLimitCounters } from "./accounts.queries.server";

/**
 * The sign-in, pin and reset limits (issue 4 "Security"), counted in the database (`rate_limit_counters`)
 * so they hold across every web process. Keys name what is counted and whose: `sign-in-fail:acct:<email>`,
 * `sign-in-fail:ip:<address>`. Account keys use the email as typed (lower case), registered or not, so a
 * limit never tells whether an email has an account.
 */
export type Limit = { name: string; limit: number; windowSeconds: number };

const MIN = 60;
export const AUTH_LIMITS = {
  /** Failed password sign-ins: 5 per account (then the account's password sign-in is locked for the window). */
  signInAccount: { name: "sign-in-fail:acct", limit: 5, windowSeconds: 15 * MIN },
  /** Failed password sign-ins from one address, whichever accounts they name. */
  signInAddress: { name: "sign-in-fail:ip", limit: 20, windowSeconds: 15 * MIN },
  /** Failed two-factor codes at sign-in. */
  twoFactorAccount: { name: "2fa-fail:acct", limit: 5, windowSeconds: 15 * MIN },
  twoFactorAddress: { name: "2fa-fail:ip", limit: 20, windowSeconds: 15 * MIN },
  /** Email pins sent (sign-up verification, resends). */
  pinSendAccount: { name: "pin-send:acct", limit: 5, windowSeconds: 60 * MIN },
  pinSendAddress: { name: "pin-send:ip", limit: 20, windowSeconds: 60 * MIN },
  /** Email pins checked (each pin allows 5 tries besides; this caps tries across new pins). */
  pinCheckAccount: { name: "pin-check:acct", limit: 10, windowSeconds: 10 * MIN },
  pinCheckAddress: { name: "pin-check:ip", limit: 30, windowSeconds: 10 * MIN },
  /** Password-reset requests. */
  resetAccount: { name: "reset:acct", limit: 3, windowSeconds: 60 * MIN },
  resetAddress: { name: "reset:ip", limit: 10, windowSeconds: 60 * MIN },
  /** Reset links submitted (token guesses) from one address. */
  resetSubmitAddress: { name: "reset-submit:ip", limit: 20, windowSeconds: 15 * MIN },
  /** Wrong passwords typed to confirm a security change (2FA, sessions, delete account). */
  passwordConfirmAccount: { name: "password-confirm-fail:acct", limit: 5, windowSeconds: 15 * MIN },
} as const satisfies Record<string, Limit>;

export const limitKey = (l: Limit, who: string) => `${l.name}:${who.toLowerCase()}`;

/** Seconds until the first of these limits that is used up frees again; 0 when none is. Counts nothing. */
export async function lockedForSeconds(db: Db | Tx, checks: [Limit, string][], now = new Date()): Promise<number> {
  const keys = checks.map(([l, who]) => limitKey(l, who));
  const rows = await selectRateLimitCounters(db, keys);
  let wait = 0;
  for (const [l, who] of checks) {
    const row = rows.find((r) => r.key === limitKey(l, who));
    if (!row) continue;
    const resetAt = row.windowStart.getTime() + l.windowSeconds * 1000;
    if (resetAt > now.getTime() && row.count >= l.limit) {
      wait = Math.max(wait, Math.ceil((resetAt - now.getTime()) / 1000));
    }
  }
  return wait;
}

/** Counts one event against each limit. Returns the seconds to wait when any limit is now passed (0 when not). */
export async function countAgainst(db: Db | Tx, checks: [Limit, string][]): Promise<number> {
  let wait = 0;
  for (const [l, who] of checks) {
    const r = await hitRateLimit(db as Db, limitKey(l, who), l.limit, l.windowSeconds);
    if (!r.allowed) wait = Math.max(wait, r.retryAfterSeconds);
  }
  return wait;
}

/** Counts an attempt and refuses it with a 429 when a limit is passed. */
export async function takeAttempt(db: Db | Tx, checks: [Limit, string][], message: (minutes: number) => string) {
  const wait = await countAgainst(db, checks);
  if (wait > 0) throw new AppError("RATE_LIMITED", message(minutesOf(wait)));
}

/** Forgets a counter (a successful sign-in clears its account's failures). */
export async function clearLimit(db: Db | Tx, l: Limit, who: string) {
  await deleteRateLimitCounter(db, limitKey(l, who));
}

export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const LOCKED_MESSAGE = (minutes: number) =>
  `Too many failed sign-in attempts. For your security, sign-in is locked for ${minutes} minute${minutes === 1 ? "" : "s"}. You can also reset your password.`;
