import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { user, userSettings } from "~/db/schema";

export async function selectUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

export async function updateUserRole(db: Db | Tx, userId: string, role: "buyer" | "seller") {
  const [row] = await db
    .update(user)
    .set({ role, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ name: user.name, userUniqid: user.userUniqid, role: user.role, email: user.email });
  return row;
}

export async function touchLastActive(db: Db, userId: string) {
  await db.update(user).set({ lastActiveAt: new Date() }).where(eq(user.id, userId));
}

export async function selectAccountSecurity(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      deletedAt: user.deletedAt,
      role: user.role,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function selectContactDetails(db: Db, userId: string) {
  const [row] = await db
    .select({
      phoneNumber: userSettings.phoneNumber,
      addressLine1: userSettings.addressLine1,
      addressLine2: userSettings.addressLine2,
      city: userSettings.city,
      state: userSettings.state,
      postalCode: userSettings.postalCode,
      country: userSettings.country,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? null;
}

export async function updateContactDetails(
  db: Db | Tx,
  userId: string,
  values: {
    phoneNumber: string;
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  },
) {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
}
