import { z } from "zod";
import { id, int } from "~/lib/fields";

/** A person's in-app notifications (issue 10; decision 0031); safe for the browser. */
export type UserNotificationItem = {
  id: number;
  kind: string;
  title: string;
  body: string;
  href: string | null;
  createdAt: string;
  read: boolean;
};

/** The header's bell: the unread count and the newest few. */
export type NotificationBell = { unread: number; items: UserNotificationItem[] };

/** How many the bell's dropdown shows; the page shows them all, a page at a time. */
export const BELL_LIMIT = 8;
export const NOTIFICATIONS_PAGE_SIZE = 25;

const ID_MESSAGE = "The notification id must be a whole number.";

export const UserNotificationIdSchema = z.object({
  id: id(ID_MESSAGE),
});

export const NotificationsPageSchema = z.object({
  page: int({ min: 1, max: 10_000, message: "Choose a page from 1 to 10,000." }).catch(1),
});
