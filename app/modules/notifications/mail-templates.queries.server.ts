import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { messageTemplates } from "~/db/schema";

export async function selectTemplateOverride(db: Db | Tx, key: string) {
  const [row] = await db
    .select({ subject: messageTemplates.subject, text: messageTemplates.text, html: messageTemplates.html })
    .from(messageTemplates)
    .where(eq(messageTemplates.key, key))
    .limit(1);
  return row ?? null;
}

export async function upsertTemplateOverride(
  db: Db | Tx,
  row: { key: string; subject: string | null; text: string | null; html: string | null; updatedBy: string | null },
) {
  await db
    .insert(messageTemplates)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: messageTemplates.key,
      set: { subject: row.subject, text: row.text, html: row.html, updatedBy: row.updatedBy, updatedAt: new Date() },
    });
}

export async function deleteTemplateOverride(db: Db | Tx, key: string) {
  const gone = await db
    .delete(messageTemplates)
    .where(eq(messageTemplates.key, key))
    .returning({ key: messageTemplates.key });
  return gone.length > 0;
}
