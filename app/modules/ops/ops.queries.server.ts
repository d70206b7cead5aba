import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { user, verification } from "~/db/schema";

/** The account with this email (any case), deleted or not. */
export async function selectAccountByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      staffRole: user.staffRole,
      deletedAt: user.deletedAt,
    })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Makes the account an administrator: the marketplace role and the staff role both `admin`. */
export async function updateAccountToAdmin(db: Db | Tx, id: string) {
  await db.update(user).set({ role: "admin", staffRole: "admin", updatedAt: new Date() }).where(eq(user.id, id));
}

export async function deleteAccount(db: Db | Tx, id: string) {
  await db.delete(user).where(eq(user.id, id));
}

/** A set-password link's token, as better-auth's password reset reads it (`reset-password:<token>` -> the user's id). */
export async function insertSetPasswordToken(
  db: Db | Tx,
  args: { id: string; token: string; userId: string; expiresAt: Date },
) {
  await db.insert(verification).values({
    id: args.id,
    identifier: `reset-password:${args.token}`,
    value: args.userId,
    expiresAt: args.expiresAt,
  });
}
