import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";

export async function countOutboxMessages(db: Db) {
  const [row] = await db.select({ count: count() }).from(mailOutbox);
  return row?.count ?? 0;
}

/** One page of the outbox, newest first (id breaks ties so paging is stable). */
export function selectOutboxPage(db: Db, limit: number, offset: number) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
}

export async function selectOutboxMessage(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}
