import { sql } from "drizzle-orm";
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
