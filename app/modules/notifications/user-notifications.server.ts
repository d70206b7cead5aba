import type { Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { logger } from "~/lib/logger.server";
import type { SmsSender } from "~/lib/sms.server";
import { textUser } from "./sms.server";
import {
  BELL_LIMIT,
  type NotificationBell,
  NOTIFICATIONS_PAGE_SIZE,
  NotificationsPageSchema,
  UserNotificationIdSchema,
  type UserNotificationItem,
} from "./user-notifications.schema";
import {
  countUnreadUserNotifications,
  countUserNotifications,
  deleteUserNotificationRow,
  insertUserNotification,
  markAllUserNotificationsRead,
  markUserNotificationRead,
  selectSignalPreferences,
  selectNotificationBell,
  selectUserNotifications,
} from "./user-notifications.queries.server";

/**
 * A person's in-app notifications (issue 10; decision 0031). Other modules add them (`notifyUser`); their owner lists,
 * marks and deletes them. Every read and change is scoped to the actor's own rows: someone else's notification is
 * the same 404 as one that does not exist.
 */

type Deps = { db: Db };

/** Control characters but the newline (a notification is shown as text; the body may have lines). */
const CONTROL = /(?!\n)\p{Cc}/gu;
const clean = (s: string, max: number) => s.replace(CONTROL, "").trim().slice(0, max);
/** Only paths of this site: an absolute or protocol-relative URL is dropped. */
const ownPath = (h: string | null | undefined) => (h && /^\/(?!\/)/.test(h) ? h.slice(0, 500) : null);

export type NewNotification = { userId: string; kind: string; title: string; body?: string; href?: string | null };

/** Adds a notification for a person (in the caller's transaction when given). */
export async function addUserNotification(db: Db | Tx, n: NewNotification) {
  return insertUserNotification(db, {
    userId: n.userId,
    kind: clean(n.kind, 60),
    title: clean(n.title, 200) || "Notification",
    body: clean(n.body ?? "", 1000),
    href: ownPath(n.href),
  });
}

/**
 * One event for one person, after its commit: in the in-app notifications (unless `inApp` is false) and as a text
 * message when `sms` is given and the person turned SMS on with a US number. Each part that fails is logged and the
 * others still happen; nothing is thrown (the event itself stands).
 */
export async function notifyUser(
  deps: { db: Db; sms?: SmsSender },
  n: NewNotification & { inApp?: boolean; sms?: { body: string; template: string } | null },
) {
  let notificationId: number | null = null;
  let smsId: number | null = null;
  if (n.inApp !== false) {
    try {
      notificationId = await addUserNotification(deps.db, n);
    } catch (err) {
      logger.error({ err, userId: n.userId, kind: n.kind }, "in-app notification not written");
    }
  }
  if (n.sms && deps.sms) {
    try {
      smsId = (await textUser({ db: deps.db, sms: deps.sms }, { userId: n.userId, ...n.sms })) ?? null;
    } catch (err) {
      logger.error({ err, userId: n.userId, kind: n.kind }, "text message not sent");
    }
  }
  return { notificationId, smsId };
}

/** What a person chose to hear about (user settings); the database's defaults for an account without a row. */
export async function getNotificationPreferences(db: Db | Tx, userId: string) {
  return (
    (await selectSignalPreferences(db, userId)) ?? {
      autoSendEmail: true,
      offerEmailOpenedNotify: true,
      offerEmailOpenedSms: false,
      offerViewedNotify: true,
      offerViewedSms: false,
    }
  );
}

function toItem(row: Awaited<ReturnType<typeof selectUserNotifications>>[number]): UserNotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    href: row.href,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

function signedIn(actor: Viewer | null): Viewer {
  if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in first.");
  return actor;
}

function parseId(input: unknown) {
  const parsed = UserNotificationIdSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid request.";
    throw new AppError("BAD_INPUT", message, { id: [message] });
  }
  return parsed.data.id;
}

const gone = () => new AppError("NOT_FOUND", "This notification no longer exists.");

/** The header's bell: the unread count and the newest few. */
export async function getNotificationBell(deps: Deps, args: { actor: Viewer }): Promise<NotificationBell> {
  const actor = signedIn(args.actor);
  const { unread, rows } = await selectNotificationBell(deps.db, actor.id, BELL_LIMIT);
  return { unread, items: rows.map(toItem) };
}

/** /v2/profile/notifications: the actor's notifications, newest first, a page at a time. */
export async function listMyNotifications(deps: Deps, args: { actor: Viewer; input?: unknown }) {
  const actor = signedIn(args.actor);
  const { page } = NotificationsPageSchema.parse(args.input ?? {});
  const total = await countUserNotifications(deps.db, actor.id);
  const unread = await countUnreadUserNotifications(deps.db, actor.id);
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = await selectUserNotifications(
    deps.db,
    actor.id,
    NOTIFICATIONS_PAGE_SIZE,
    (current - 1) * NOTIFICATIONS_PAGE_SIZE,
  );
  return { items: rows.map(toItem), total, unread, page: current, pages };
}

export async function markMyNotificationRead(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const actor = signedIn(args.actor);
  const id = parseId(args.input);
  const row = await markUserNotificationRead(deps.db, actor.id, id);
  if (!row) throw gone();
  return { id: row.id };
}

export async function markAllMyNotificationsRead(deps: Deps, args: { actor: Viewer }) {
  const actor = signedIn(args.actor);
  return { marked: await markAllUserNotificationsRead(deps.db, actor.id) };
}

export async function deleteMyNotification(deps: Deps, args: { actor: Viewer; input: unknown }) {
  const actor = signedIn(args.actor);
  const id = parseId(args.input);
  const row = await deleteUserNotificationRow(deps.db, actor.id, id);
  if (!row) throw gone();
  return { id: row.id };
}
