import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";

export async function insertContactMessage(db: Db, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row;
}

export async function setContactMessageMail(db: Db, id: number, mailId: number) {
  await db.update(contactMessages).set({ mailId }).where(eq(contactMessages.id, id));
}
