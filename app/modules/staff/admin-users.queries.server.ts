import { and, asc, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginActivity, session, twoFactor, user, verification } from "~/db/schema";

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  staffRole: user.staffRole,
  userUniqid: user.userUniqid,
  emailVerified: user.emailVerified,
  banned: user.banned,
  banReason: user.banReason,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt,
  lastActiveAt: user.lastActiveAt,
  deletedAt: user.deletedAt,
};

export async function selectUserByUniqid(db: Db, uniqid: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.userUniqid, uniqid)).limit(1);
  return row ?? null;
}

export async function selectUserById(db: Db, id: string) {
  const [row] = await db.select(userColumns).from(user).where(eq(user.id, id)).limit(1);
  return row ?? null;
}

export async function selectUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function updateUserRow(db: Db, id: string, values: Partial<typeof user.$inferInsert>) {
  const [row] = await db
    .update(user)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(user.id, id))
    .returning({ id: user.id });
  return row ?? null;
}

/**
 * The account changes only while it is still as the caller read it (issue 28): one conditional UPDATE, so of
 * concurrent identical requests exactly one changes the row (the others wait for its lock, then find the condition
 * false). The row's id, or null when nothing changed: the caller writes the journal only for a change.
 */
export async function updateUserRowIf(
  db: Db,
  id: string,
  values: Partial<typeof user.$inferInsert>,
  still: "banned" | "not-banned" | { staffRole: string | null; role: string },
) {
  const condition =
    still === "banned"
      ? eq(user.banned, true)
      : still === "not-banned"
        ? sql`${user.banned} is not true`
        : and(
            still.staffRole === null ? isNull(user.staffRole) : eq(user.staffRole, still.staffRole),
            eq(user.role, still.role),
          );
  const [row] = await db
    .update(user)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(user.id, id), condition))
    .returning({ id: user.id });
  return row ?? null;
}

/** Signs the user out everywhere. */
export async function deleteUserSessions(db: Db, userId: string) {
  await db.delete(session).where(eq(session.userId, userId));
}

export async function deleteTwoFactor(db: Db, userId: string) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** Staff: administrators (marketplace role or staff role) and writers. */
export async function selectStaff(db: Db) {
  return db
    .select(userColumns)
    .from(user)
    .where(and(isNull(user.deletedAt), or(eq(user.role, "admin"), isNotNull(user.staffRole))))
    .orderBy(asc(user.name), asc(user.id));
}

export async function selectRecentSignIns(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: loginActivity.id,
      success: loginActivity.success,
      reason: loginActivity.reason,
      ipAddress: loginActivity.ipAddress,
      userAgent: loginActivity.userAgent,
      createdAt: loginActivity.createdAt,
    })
    .from(loginActivity)
    .where(eq(loginActivity.userId, userId))
    .orderBy(desc(loginActivity.createdAt), desc(loginActivity.id))
    .limit(limit);
}

export type UserRowUpdate = Partial<typeof user.$inferInsert>;

/** Removes an account outright (only an account whose creation could not be completed). */
export async function deleteUserById(db: Db, id: string) {
  await db.delete(user).where(eq(user.id, id));
}

/** A set-password link's token, stored as better-auth stores its reset tokens so the reset page accepts it. */
export async function insertResetToken(db: Db, args: { id: string; token: string; userId: string; expiresAt: Date }) {
  await db.insert(verification).values({
    id: args.id,
    identifier: `reset-password:${args.token}`,
    value: args.userId,
    expiresAt: args.expiresAt,
  });
}
