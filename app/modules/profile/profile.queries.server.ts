import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { user, userSettings, verification } from "~/db/schema";
import { preparedStatement } from "~/db/statement-memo.server";

type Q = Db | Tx;

/** The columns of a user that the profile area shows (never the password, which lives in `account`). */
const USER_COLUMNS = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  role: user.role,
  staffRole: user.staffRole,
  userUniqid: user.userUniqid,
  adjustedCommissionText: user.adjustedCommissionText,
  isFeedbackGiven: user.isFeedbackGiven,
  profilePhotoPath: user.profilePhotoPath,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: user.createdAt,
  deletedAt: user.deletedAt,
};

export async function selectProfileUser(db: Q, id: string) {
  const [row] = await db.select(USER_COLUMNS).from(user).where(eq(user.id, id));
  return row ?? null;
}

/** On every profile page: built once (app/db/statement-memo.server.ts). */
const userAndSettings = preparedStatement((db: Q) =>
  db
    .select({ me: USER_COLUMNS, settings: getTableColumns(userSettings) })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, sql.placeholder("id"))),
);

/** The user and their settings row (null when an older account has none yet), in one statement. */
export async function selectProfileUserAndSettings(db: Q, id: string) {
  const [row] = await userAndSettings(db, { id });
  return row ?? null;
}

export async function selectProfileUserByUniqid(db: Q, uniqid: string) {
  const [row] = await db.select(USER_COLUMNS).from(user).where(eq(user.userUniqid, uniqid));
  return row ?? null;
}

export async function selectUserRoleById(db: Q, id: string) {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return row?.role ?? null;
}

/** The user's settings row, created with defaults when an older account has none. */
export async function selectOrCreateSettings(db: Q, userId: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (row) return row;
  await db.insert(userSettings).values({ userId }).onConflictDoNothing();
  const [created] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return created;
}

export async function updateUserColumns(db: Q, id: string, patch: Partial<typeof user.$inferInsert>) {
  await db
    .update(user)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(user.id, id));
}

export async function updateSettingsColumns(db: Q, userId: string, patch: Partial<typeof userSettings.$inferInsert>) {
  await db
    .update(userSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(userSettings.userId, userId));
}

export async function selectUserIdByEmailCi(db: Q, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

// better-auth's `verification` table holds the email-change pins under our own identifier prefix.
export async function selectVerification(db: Q, identifier: string) {
  const [row] = await db.select().from(verification).where(eq(verification.identifier, identifier));
  return row ?? null;
}

export async function deleteVerifications(db: Q, identifier: string) {
  await db.delete(verification).where(eq(verification.identifier, identifier));
}

export async function insertVerification(db: Q, row: typeof verification.$inferInsert) {
  await db.insert(verification).values(row);
}

/** The pending row locked for the rest of the transaction, so parallel pin guesses cannot share a try. */
export async function selectVerificationForUpdate(tx: Tx, identifier: string) {
  const [row] = await tx.select().from(verification).where(eq(verification.identifier, identifier)).for("update");
  return row ?? null;
}

export async function updateVerification(
  db: Q,
  id: string,
  patch: Partial<Pick<typeof verification.$inferInsert, "value" | "updatedAt" | "expiresAt">>,
) {
  await db.update(verification).set(patch).where(eq(verification.id, id));
}

export type SettingsRow = typeof userSettings.$inferSelect;
