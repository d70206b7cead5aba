import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";

export async function selectUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

export async function updateUserRole(db: Db, userId: string, role: "buyer" | "seller") {
  await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function touchLastActive(db: Db, userId: string) {
  await db.update(user).set({ lastActiveAt: new Date() }).where(eq(user.id, userId));
}
