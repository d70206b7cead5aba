import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user } from "~/db/schema";

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  staffRole: user.staffRole,
  userUniqid: user.userUniqid,
  deletedAt: user.deletedAt,
};

export async function selectUserByUniqid(db: Db, uniqid: string) {
  const [row] = await db.select(columns).from(user).where(eq(user.userUniqid, uniqid));
  return row ?? null;
}

export async function selectUserById(db: Db, id: string) {
  const [row] = await db.select(columns).from(user).where(eq(user.id, id));
  return row ?? null;
}

export async function deleteSessionById(db: Db, id: string) {
  await db.delete(session).where(eq(session.id, id));
}
