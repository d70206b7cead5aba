import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { mailEventActions } from "~/db/schema";

/** The stored action of a mail event, or null (the default: its own template, switched on). */
export async function selectMailEventAction(db: Db | Tx, event: string) {
  const [row] = await db
    .select({ templateKey: mailEventActions.templateKey, enabled: mailEventActions.enabled })
    .from(mailEventActions)
    .where(eq(mailEventActions.event, event))
    .limit(1);
  return row ?? null;
}

/** Removes an event's stored action: it sends its own template again, switched on. */
export async function deleteMailEventAction(db: Db | Tx, event: string) {
  await db.delete(mailEventActions).where(eq(mailEventActions.event, event));
}
