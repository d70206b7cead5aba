import type { Db } from "~/db/client.server";
import {
  bumpRateLimitCounter,
  passDelayGateRow,
  selectRateLimitCounter,
  unbumpRateLimitCounter,
} from "./rate-limit.queries.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Fixed-window counter in the database, so a limit holds across every web process. */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStartCutoff = new Date(now.getTime() - windowSeconds * 1000);
  const { count, windowStart } = await bumpRateLimitCounter(db, key, now, windowStartCutoff);
  const resetAt = windowStart.getTime() + windowSeconds * 1000;
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(0, Math.ceil((resetAt - now.getTime()) / 1000)),
  };
}

/** Takes one count back from a fixed-window counter (an attempt counted before it was checked, that turned out right). */
export async function giveBackRateLimit(db: Db, key: string) {
  await unbumpRateLimitCounter(db, key);
}

/**
 * A progressive delay instead of a hard lock: the first `freeAttempts` in a streak pass at once; each attempt past
 * them shuts the gate for a growing wait (`baseDelaySeconds`, doubling, at most `maxDelaySeconds`), and attempts
 * while it is shut are refused without being counted. A streak ends after `quietSeconds` without attempts.
 */
export type DelayGate = {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  quietSeconds: number;
};

/** Counts an attempt through a delay gate in one statement; refused (with the wait) while the gate is shut. */
export async function passDelayGate(db: Db, key: string, gate: DelayGate, now = new Date()): Promise<RateLimitResult> {
  const passed = await passDelayGateRow(db, key, now, {
    free: gate.freeAttempts,
    baseSeconds: gate.baseDelaySeconds,
    maxSeconds: gate.maxDelaySeconds,
    quietSeconds: gate.quietSeconds,
  });
  if (passed) return { allowed: true, remaining: Math.max(0, gate.freeAttempts - passed.count), retryAfterSeconds: 0 };
  const row = await selectRateLimitCounter(db, key);
  const wait = row ? Math.ceil((row.windowStart.getTime() - now.getTime()) / 1000) : 1;
  return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, wait) };
}

/** Limits on anonymous calls that cost the server real work, per client address (issue 28). */
export const ADDRESS_LIMITS = {
  /** /verify: a PDF of up to 10 MB parsed and hashed per call. */
  verify: { limit: 10, windowSeconds: 10 * 60 },
} as const;

/** "Try again in N minutes." (or seconds, under a minute). */
export function tryAgainIn(seconds: number) {
  if (seconds < 60) return `Try again in ${Math.max(1, seconds)} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** Counts one call of `what` from `address` against its limit (`ADDRESS_LIMITS`). */
export function hitAddressLimit(db: Db, what: keyof typeof ADDRESS_LIMITS, address: string, now = new Date()) {
  const { limit, windowSeconds } = ADDRESS_LIMITS[what];
  return hitRateLimit(db, `${what}:ip:${address}`, limit, windowSeconds, now);
}
