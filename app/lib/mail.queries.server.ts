import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";

/** Writes one message to the outbox; returns its id. */
export async function insertOutboxMessage(db: Db | Tx, values: typeof mailOutbox.$inferInsert) {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row.id;
}

export async function selectOutboxMessage(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Records one delivery attempt: sent, or failed with the error. */
export async function markOutboxAttempt(db: Db, id: number, outcome: { sent: true } | { sent: false; error: string }) {
  await db
    .update(mailOutbox)
    .set(
      outcome.sent
        ? { status: "sent", sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null }
        : { status: "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: outcome.error },
    )
    .where(eq(mailOutbox.id, id));
}

/** Messages queued between a day and `olderThanSeconds` ago: those the outbox relay checks for a delivery job. */
export async function selectQueuedOutboxIds(db: Db, olderThanSeconds: number) {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "queued"),
        lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        gt(mailOutbox.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(mailOutbox.id)
    .limit(1000);
  return rows.map((r) => r.id);
}
