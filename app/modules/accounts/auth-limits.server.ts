import { createHash } from "node:crypto";
import type { Db, Tx } from "~/db/client.server";
import { type DelayGate, giveBackRateLimit, hitRateLimit, passDelayGate } from "~/lib/rate-limit.server";
import {
  deleteRateLimitCounter,
  deleteRateLimitCountersStartingWith,
  selectRateLimitCount,
} from "./accounts.queries.server";

/**
 * The sign-in, pin and reset limits (issue 4 "Security", issue 12), counted in the database (`rate_limit_counters`)
 * so they hold across every web process. Keys name what is counted and whose: `sign-in-fail:acct:<email>`,
 * `sign-in-delay:ip:<address>`. Account keys use the email as typed (lower case), registered or not, so a
 * limit never tells whether an email has an account.
 *
 * Every attempt is counted before it is checked, in one statement (`countAgainst`), so concurrent attempts cannot
 * all pass a limit that only one more of them may; an attempt that turns out right is given back
 * (`giveBackAttempt`), so only failures use a limit up. See docs/decisions/0038-auth-hardening.md.
 */
export type Limit = { name: string; limit: number; windowSeconds: number };
export type Delay = DelayGate & { name: string };

const MIN = 60;
export const AUTH_LIMITS = {
  /**
   * Failed password sign-ins: 5 per account AND address together (issue 28), then that address's password sign-in to
   * that account is locked for the window. The owner signing in from another address is never locked out by it.
   * Counted under `accountAddress(email, ip)`; a reset password or a completed sign-in clears the account's counts.
   */
  signInAccount: { name: "sign-in-fail:acct-ip", limit: 5, windowSeconds: 15 * MIN },
  /** The owner's mail that someone is trying their password: once per account per lock window. */
  signInAlert: { name: "sign-in-alert:acct", limit: 1, windowSeconds: 15 * MIN },
  /** Failed two-factor codes at sign-in, per account. */
  twoFactorAccount: { name: "2fa-fail:acct", limit: 5, windowSeconds: 15 * MIN },
  /** Email pins sent (sign-up verification, resends). */
  pinSendAccount: { name: "pin-send:acct", limit: 5, windowSeconds: 60 * MIN },
  pinSendAddress: { name: "pin-send:ip", limit: 20, windowSeconds: 60 * MIN },
  /** Email pins checked (each pin allows 5 tries besides; this caps tries across new pins). */
  pinCheckAccount: { name: "pin-check:acct", limit: 10, windowSeconds: 10 * MIN },
  pinCheckAddress: { name: "pin-check:ip", limit: 30, windowSeconds: 10 * MIN },
  /** Password-reset requests. */
  resetAccount: { name: "reset:acct", limit: 3, windowSeconds: 60 * MIN },
  resetAddress: { name: "reset:ip", limit: 10, windowSeconds: 60 * MIN },
  /** Reset links submitted through the form (token guesses): per address, and per token (its hash). */
  resetSubmitAddress: { name: "reset-submit:ip", limit: 20, windowSeconds: 15 * MIN },
  resetSubmitToken: { name: "reset-submit:token", limit: 5, windowSeconds: 15 * MIN },
  /** Wrong passwords typed to confirm a security change (2FA, sessions, delete account, signing an agreement). */
  passwordConfirmAccount: { name: "password-confirm-fail:acct", limit: 5, windowSeconds: 15 * MIN },
} as const satisfies Record<string, Limit>;

/**
 * Per address, a progressive delay rather than a lock, so one household or office is never locked out by someone
 * else's failures behind the same address: 10 failures pass at once, then each one more makes the address wait 1 s,
 * 2 s, 4 s ... at most 60 s before its next attempt is checked (429 with Retry-After meanwhile).
 */
const ADDRESS_DELAY = { freeAttempts: 10, baseDelaySeconds: 1, maxDelaySeconds: 60, quietSeconds: 15 * MIN };
export const AUTH_DELAYS = {
  signInAddress: { name: "sign-in-delay:ip", ...ADDRESS_DELAY },
  twoFactorAddress: { name: "2fa-delay:ip", ...ADDRESS_DELAY },
} as const satisfies Record<string, Delay>;

export const limitKey = (l: { name: string }, who: string) => `${l.name}:${who.toLowerCase()}`;

/** The "who" of a per-account-and-address counter: `<email>|<address>`. */
export const accountAddress = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

/** Forgets an account's failures from every address (a completed sign-in, a reset password). */
export async function clearAccountFailures(db: Db | Tx, email: string) {
  await deleteRateLimitCountersStartingWith(db, limitKey(AUTH_LIMITS.signInAccount, `${email.toLowerCase()}|`));
}

/** Failures counted so far for this account from this address. */
export function accountAddressFailures(db: Db | Tx, email: string, ip: string) {
  return selectRateLimitCount(db, limitKey(AUTH_LIMITS.signInAccount, accountAddress(email, ip)));
}

/** A secret (a reset token) as a counter key: its hash, never the secret itself. */
export const secretKey = (secret: string) => createHash("sha256").update(secret).digest("hex").slice(0, 32);

/**
 * Counts one attempt against each limit, in order, each in one statement, before the attempt is checked. Returns the
 * seconds to wait when a limit is now passed (the attempt must then be refused unchecked; the limits after it are
 * not counted), 0 when it may go ahead.
 */
export async function countAgainst(db: Db | Tx, checks: [Limit, string][], now = new Date()): Promise<number> {
  for (const [l, who] of checks) {
    const r = await hitRateLimit(db as Db, limitKey(l, who), l.limit, l.windowSeconds, now);
    if (!r.allowed) return r.retryAfterSeconds;
  }
  return 0;
}

/** Gives back attempts counted by `countAgainst` that turned out right: only failures use a limit up. */
export async function giveBackAttempt(db: Db | Tx, checks: [{ name: string }, string][]) {
  for (const [l, who] of checks) await giveBackRateLimit(db as Db, limitKey(l, who));
}

/** Counts an attempt through an address's delay; the seconds to wait when it must wait first (0: go ahead). */
export async function passDelay(db: Db | Tx, delay: Delay, who: string, now = new Date()): Promise<number> {
  const r = await passDelayGate(db as Db, limitKey(delay, who), delay, now);
  return r.allowed ? 0 : r.retryAfterSeconds;
}

/** Forgets a counter (a successful sign-in clears its account's failures). */
export async function clearLimit(db: Db | Tx, l: Limit, who: string) {
  await deleteRateLimitCounter(db, limitKey(l, who));
}

export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const LOCKED_MESSAGE = (minutes: number) =>
  `Too many failed sign-in attempts. For your security, sign-in from this network is locked for ${plural(minutes, "minute")}. You can also reset your password.`;

export const ADDRESS_WAIT_MESSAGE = (seconds: number) =>
  `Too many failed sign-in attempts from your network. Please wait ${plural(seconds, "second")} and try again.`;

export const CODES_LOCKED_MESSAGE = (minutes: number) =>
  `Too many wrong codes. Try again in ${plural(minutes, "minute")}.`;

export const RESET_LIMIT_MESSAGE = (minutes: number) =>
  `Too many password-reset attempts. Try again in ${plural(minutes, "minute")}, or ask for a new reset link.`;
