import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { adminNotifications } from "~/db/schema";

export async function selectNotificationsOfType(db: Db, type: string, limit: number) {
  return db
    .select()
    .from(adminNotifications)
    .where(eq(adminNotifications.type, type))
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(limit);
}

export async function countUnreadByType(db: Db) {
  return db
    .select({ type: adminNotifications.type, n: count() })
    .from(adminNotifications)
    .where(isNull(adminNotifications.readAt))
    .groupBy(adminNotifications.type);
}

export async function markTypesRead(db: Db | Tx, types: string[]) {
  const rows = await db
    .update(adminNotifications)
    .set({ readAt: new Date() })
    .where(and(inArray(adminNotifications.type, types), isNull(adminNotifications.readAt)))
    .returning({ id: adminNotifications.id });
  return rows.length;
}

export async function markOneRead(db: Db | Tx, id: number) {
  const rows = await db
    .update(adminNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(adminNotifications.id, id), isNull(adminNotifications.readAt)))
    .returning({ id: adminNotifications.id });
  return rows.length > 0;
}

export async function deleteNotificationRow(db: Db | Tx, id: number) {
  const rows = await db
    .delete(adminNotifications)
    .where(eq(adminNotifications.id, id))
    .returning({ id: adminNotifications.id, type: adminNotifications.type, data: adminNotifications.data });
  return rows[0] ?? null;
}

export async function insertAdminNotification(db: Db | Tx, type: string, data: Record<string, unknown>) {
  const [row] = await db.insert(adminNotifications).values({ type, data }).returning({ id: adminNotifications.id });
  return row.id;
}
