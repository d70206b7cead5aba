import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user, userSettings } from "~/db/schema";

/** Every new account gets its settings row with the defaults. */
export async function insertDefaultSettings(db: Db, userId: string) {
  await db.insert(userSettings).values({ userId }).onConflictDoNothing();
}

export async function isUserDeleted(db: Db, userId: string) {
  const [row] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId));
  return Boolean(row?.deletedAt);
}

export async function touchSession(db: Db, sessionId: string, now: Date) {
  await db.update(session).set({ updatedAt: now }).where(eq(session.id, sessionId));
}

export async function touchUserLastActive(db: Db, userId: string, now: Date) {
  await db.update(user).set({ lastActiveAt: now }).where(eq(user.id, userId));
}
