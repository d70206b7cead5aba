import type { Db } from "~/db/client.server";
import { bumpRateLimitCounter } from "./rate-limit.queries.server";

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
