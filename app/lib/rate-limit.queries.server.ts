import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimitCounters } from "~/db/schema";

/**
 * One statement: insert the counter, or bump it, restarting the window when it started at or before
 * `windowStartCutoff`. Returns the counter after the bump.
 */
export async function bumpRateLimitCounter(db: Db, key: string, now: Date, windowStartCutoff: Date) {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${rateLimitCounters.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
        windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, windowStart: rateLimitCounters.windowStart });
  return rows[0];
}

/** Takes one count back (an attempt that turned out right), never below zero. */
export async function unbumpRateLimitCounter(db: Db, key: string) {
  await db
    .update(rateLimitCounters)
    .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(eq(rateLimitCounters.key, key));
}

/**
 * One statement for a delay gate (see `passDelayGate`): `window_start` is when the streak began, or, once more than
 * `free` attempts were counted, the time before which the gate stays shut. An attempt passes only while
 * `window_start <= now`: it is counted, and past `free` it moves the gate `min(max, base * 2^(count - free - 1))`
 * seconds ahead. A streak quiet for `quietSeconds` starts again at 1. No row back: the gate is shut.
 */
export async function passDelayGateRow(
  db: Db,
  key: string,
  now: Date,
  gate: { free: number; baseSeconds: number; maxSeconds: number; quietSeconds: number },
) {
  const t = rateLimitCounters;
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`${t.windowStart} <= ${new Date(now.getTime() - gate.quietSeconds * 1000).toISOString()}::timestamptz`;
  const delayed = sql`${t.count} + 1 - ${gate.free}::int`;
  const seconds = sql`least(${gate.maxSeconds}::float8, ${gate.baseSeconds}::float8 * power(2::float8, least(${delayed} - 1, 30)))`;
  const rows = await db
    .insert(t)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${stale} then 1 else ${t.count} + 1 end`,
        windowStart: sql`case when ${stale} then ${at} when ${delayed} > 0 then ${at} + ${seconds} * interval '1 second' else ${t.windowStart} end`,
      },
      setWhere: sql`${t.windowStart} <= ${at}`,
    })
    .returning({ count: t.count, windowStart: t.windowStart });
  return rows[0] ?? null;
}

export async function selectRateLimitCounter(db: Db, key: string) {
  const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  return row ?? null;
}
