import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { loginActivity, rateLimitCounters, session, twoFactor, user, userSettings, verification } from "~/db/schema";

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

export async function touchLastActive(db: Db | Tx, userId: string) {
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

// Sign-in security (auth-security.server.ts): the account an email names, deleted or not.
export async function selectSignInAccount(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, deletedAt: user.deletedAt })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function selectUserEmail(db: Db | Tx, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

export async function selectTwoFactorEnabled(db: Db, userId: string) {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.on === true;
}

// Two-factor (two-factor.server.ts): better-auth's `two_factor` row of a user.
export async function selectTwoFactorSecret(db: Db, userId: string) {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return row ?? null;
}

export async function deleteUnverifiedTwoFactor(db: Db, userId: string) {
  await db.delete(twoFactor).where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, false)));
}

// Pins and reset links live in better-auth's `verification` table under its own identifiers.
export async function selectVerificationExpiry(db: Db, identifier: string) {
  const [row] = await db
    .select({ expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifier));
  return row ?? null;
}

export async function hasUnexpiredVerification(db: Db, identifier: string, now = new Date()) {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)));
  return Boolean(row);
}

/** The value stored under an identifier (a reset token's user id). */
export async function selectVerificationValue(db: Db, identifier: string) {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, identifier));
  return row?.value ?? null;
}

// Browser sessions (sessions.server.ts).
export async function selectLiveSessions(db: Db, userId: string, now = new Date()) {
  return db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
}

export async function deleteOtherSessions(db: Db | Tx, userId: string, keepSessionId: string) {
  return db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepSessionId)))
    .returning({ id: session.id });
}

// Login activity (login-activity.server.ts).
export async function insertLoginActivity(db: Db | Tx, row: typeof loginActivity.$inferInsert) {
  await db.insert(loginActivity).values(row);
}

// Rate-limit counters of the sign-in, pin and reset limits (auth-limits.server.ts).
export async function deleteRateLimitCounter(db: Db | Tx, key: string) {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Forgets every counter whose key starts with `prefix` (an account's failures from every address). */
export async function deleteRateLimitCountersStartingWith(db: Db | Tx, prefix: string) {
  await db.delete(rateLimitCounters).where(sql`starts_with(${rateLimitCounters.key}, ${prefix})`);
}

/** A counter's current count (0 when there is none). */
export async function selectRateLimitCount(db: Db | Tx, key: string) {
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  return row?.count ?? 0;
}

// Account deletion (account-deletion.server.ts), inside the caller's transaction.
export async function markUserDeleted(tx: Tx, userId: string, now = new Date()) {
  const [row] = await tx
    .update(user)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(user.id, userId), isNull(user.deletedAt)))
    .returning({ id: user.id });
  return row ?? null;
}

export async function deleteAllSessions(tx: Tx, userId: string) {
  return tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
}
