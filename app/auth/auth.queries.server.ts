import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedStatement } from "~/db/statement-memo.server";
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

/** A session by its token, with the person it signs in: what every signed-in request reads (decision 0115). */
const sessionWithUser = preparedStatement((db: Db) =>
  db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      updatedAt: session.updatedAt,
      impersonatedBy: session.impersonatedBy,
      userId: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      staffRole: user.staffRole,
      userUniqid: user.userUniqid,
      profilePhotoPath: user.profilePhotoPath,
      isFeedbackGiven: user.isFeedbackGiven,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token"))),
);

export type SessionWithUser = Awaited<ReturnType<typeof sessionWithUser>>[number];

export async function selectSessionWithUser(db: Db, token: string): Promise<SessionWithUser | null> {
  const [row] = await sessionWithUser(db, { token });
  return row ?? null;
}
