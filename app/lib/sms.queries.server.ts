import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { smsOutbox } from "~/db/schema";

export async function insertSmsMessage(db: Db, values: typeof smsOutbox.$inferInsert) {
  const [row] = await db.insert(smsOutbox).values(values).returning({ id: smsOutbox.id });
  return row.id;
}

export async function selectSmsMessage(db: Db, id: number) {
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  return row ?? null;
}

export async function markSmsAttempt(
  db: Db,
  id: number,
  outcome: { sent: true; providerId: string | null } | { sent: false; error: string },
) {
  await db
    .update(smsOutbox)
    .set(
      outcome.sent
        ? {
            status: "sent",
            sentAt: new Date(),
            providerId: outcome.providerId,
            attempts: sql`${smsOutbox.attempts} + 1`,
            lastError: null,
          }
        : { status: "failed", attempts: sql`${smsOutbox.attempts} + 1`, lastError: outcome.error },
    )
    .where(eq(smsOutbox.id, id));
}

/** Messages queued between a day and `olderThanSeconds` ago: those the outbox relay checks for a delivery job. */
export async function selectQueuedSmsIds(db: Db, olderThanSeconds: number) {
  const rows = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.status, "queued"),
        lt(smsOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        gt(smsOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(smsOutbox.id)
    .limit(1000);
  return rows.map((r) => r.id);
}
