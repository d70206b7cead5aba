import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";

/** Writes one message to the outbox; returns its id. */
export async function insertOutboxMessage(db: Db, values: typeof mailOutbox.$inferInsert) {
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
