import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginActivity, session, twoFactor, user, verification } from "~/db/schema";
import { selectPaged, containsPattern } from "~/lib/list-query";
import type { UserStatusFilter } from "./admin-users.schema";

const USER_SORT_COLUMNS = {
  name: sql`lower(${user.name})`,
  email: sql`lower(${user.email})`,
  role: user.role,
  created: user.createdAt,
  lastActive: user.lastActiveAt,
  deleted: user.deletedAt,
} as const;

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

function userSearch(q: string) {
  if (!q) return undefined;
  const p = containsPattern(q);
  return or(ilike(user.name, p), ilike(user.email, p), ilike(user.userUniqid, p));
}

function statusCondition(status: UserStatusFilter | null): SQL | undefined {
  if (status === "suspended") return eq(user.banned, true);
  const notBanned = or(isNull(user.banned), eq(user.banned, false));
  if (status === "active") return and(notBanned, eq(user.emailVerified, true));
  if (status === "unverified") return and(notBanned, eq(user.emailVerified, false));
  return undefined;
}

/** One page of users (deleted ones apart), filtered, searched and ordered. */
export async function selectUsers(
  db: Db,
  args: {
    deleted: boolean;
    q: string;
    role: string | null;
    status: UserStatusFilter | null;
    sort: keyof typeof USER_SORT_COLUMNS;
    dir: "asc" | "desc";
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    args.deleted ? isNotNull(user.deletedAt) : isNull(user.deletedAt),
    userSearch(args.q),
    args.role ? eq(user.role, args.role) : undefined,
    statusCondition(args.status),
  );
  const column = USER_SORT_COLUMNS[args.sort];
  const order = args.dir === "asc" ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
  return selectPaged({
    count: () => db.select({ total: count() }).from(user).where(where),
    rows: (limit, offset) =>
      db.select(userColumns).from(user).where(where).orderBy(order, asc(user.id)).limit(limit).offset(offset),
    page: args.page,
    pageSize: args.pageSize,
  });
}

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

const LOGIN_SORT_COLUMNS = { time: loginActivity.createdAt, email: loginActivity.email } as const;

/** Every sign-in and failed attempt, searched by email, IP or name, filtered by result. */
export async function selectLoginActivity(
  db: Db,
  args: {
    q: string;
    result: "success" | "failure" | null;
    sort: keyof typeof LOGIN_SORT_COLUMNS;
    dir: "asc" | "desc";
    page: number;
    pageSize: number;
  },
) {
  const p = containsPattern(args.q);
  const where = and(
    args.q ? or(ilike(loginActivity.email, p), ilike(loginActivity.ipAddress, p), ilike(user.name, p)) : undefined,
    args.result ? eq(loginActivity.success, args.result === "success") : undefined,
  );
  const column = LOGIN_SORT_COLUMNS[args.sort];
  return selectPaged({
    count: () =>
      db.select({ total: count() }).from(loginActivity).leftJoin(user, eq(user.id, loginActivity.userId)).where(where),
    rows: (limit, offset) =>
      db
        .select({
          id: loginActivity.id,
          email: loginActivity.email,
          success: loginActivity.success,
          reason: loginActivity.reason,
          ipAddress: loginActivity.ipAddress,
          userAgent: loginActivity.userAgent,
          createdAt: loginActivity.createdAt,
          userName: user.name,
          userUniqid: user.userUniqid,
        })
        .from(loginActivity)
        .leftJoin(user, eq(user.id, loginActivity.userId))
        .where(where)
        .orderBy(args.dir === "asc" ? asc(column) : desc(column), desc(loginActivity.id))
        .limit(limit)
        .offset(offset),
    page: args.page,
    pageSize: args.pageSize,
  });
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
