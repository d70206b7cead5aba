import { and, count, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { userNotifications, userSettings } from "~/db/schema";
import { preparedStatement } from "~/db/statement-memo.server";

type Conn = Db | Tx;

export type NewUserNotification = {
  userId: string;
  kind: string;
  title: string;
  body: string;
  href: string | null;
};

export async function insertUserNotification(db: Conn, row: NewUserNotification) {
  const [r] = await db.insert(userNotifications).values(row).returning({ id: userNotifications.id });
  return r.id;
}

export async function selectUserNotifications(db: Conn, userId: string, limit: number, offset = 0) {
  return db
    .select()
    .from(userNotifications)
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The header bell's read, in one statement (issue 34: it is on every signed-in page): the newest `limit`
 * notifications, each carrying the count of the person's unread ones (a window over all of them, before the limit).
 */
export async function selectNotificationBell(db: Conn, userId: string, limit: number) {
  const rows = await bellOf(db, { userId, limit });
  return { unread: rows[0]?.unread ?? 0, rows };
}

/** Built once (app/db/statement-memo.server.ts): the SQL is the same on every page, only the person differs. */
const bellOf = preparedStatement((db: Conn) =>
  db
    .select({
      ...getTableColumns(userNotifications),
      unread: sql<number>`(count(*) filter (where ${userNotifications.readAt} is null) over ())::int`,
    })
    .from(userNotifications)
    .where(eq(userNotifications.userId, sql.placeholder("userId")))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(sql.placeholder("limit")),
);

export async function countUserNotifications(db: Conn, userId: string) {
  const [r] = await db.select({ n: count() }).from(userNotifications).where(eq(userNotifications.userId, userId));
  return r?.n ?? 0;
}

export async function countUnreadUserNotifications(db: Conn, userId: string) {
  const [r] = await db
    .select({ n: count() })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
  return r?.n ?? 0;
}

/** Marks one of the owner's notifications read; null when the owner has no such notification. */
export async function markUserNotificationRead(db: Conn, userId: string, id: number) {
  const [r] = await db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
    .returning({ id: userNotifications.id });
  return r ?? null;
}

export async function markAllUserNotificationsRead(db: Conn, userId: string) {
  const rows = await db
    .update(userNotifications)
    .set({ readAt: new Date() })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return rows.length;
}

export async function deleteUserNotificationRow(db: Conn, userId: string, id: number) {
  const [r] = await db
    .delete(userNotifications)
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)))
    .returning({ id: userNotifications.id });
  return r ?? null;
}

/** The toggles of user settings that decide what a buyer hears about the seller's opens and views. */
export async function selectSignalPreferences(db: Conn, userId: string) {
  const [row] = await db
    .select({
      autoSendEmail: userSettings.autoSendEmail,
      offerEmailOpenedNotify: userSettings.offerEmailOpenedNotify,
      offerEmailOpenedSms: userSettings.offerEmailOpenedSms,
      offerViewedNotify: userSettings.offerViewedNotify,
      offerViewedSms: userSettings.offerViewedSms,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row ?? null;
}
