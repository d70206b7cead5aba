import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

/** Marks a message read (the first time only; the first reading time is kept). */
export async function markContactMessageRead(db: Db, id: number) {
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
}

/** Marks a message unread again; false when it does not exist. */
export async function markContactMessageUnread(db: Db, id: number) {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}
