import { count, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";

/** How many users hold each marketplace role (buyer, seller, admin). */
export function countUsersByRole(db: Db) {
  return db.select({ role: user.role, count: count() }).from(user).groupBy(user.role);
}

/** How many users hold each staff role (admin, writer, senior_writer). */
export function countUsersByStaffRole(db: Db) {
  return db
    .select({ staffRole: user.staffRole, count: count() })
    .from(user)
    .where(isNotNull(user.staffRole))
    .groupBy(user.staffRole);
}

export async function countUsersCreatedSince(db: Db, since: Date) {
  const [row] = await db.select({ count: count() }).from(user).where(gte(user.createdAt, since));
  return row?.count ?? 0;
}

export function selectNewestUsers(db: Db, limit: number) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      staffRole: user.staffRole,
      createdAt: user.createdAt,
    })
    .from(user)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit);
}

/** The account facts shown on a person's own profile overview. */
export async function selectUserSummary(db: Db, id: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}
