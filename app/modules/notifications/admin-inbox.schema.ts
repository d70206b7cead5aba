import { z } from "zod";
import { id } from "~/lib/fields";

/** The admin header's notification dropdowns (SPEC section 2 "Admin notifications"); safe for the browser. */
export type InboxItem = {
  id: number;
  createdAt: string;
  read: boolean;
  user: string;
  role: string;
  notification: string;
  userUniqid: string;
  listingId: number | null;
  listingCode: string | null;
};

export type InactiveUserItem = {
  id: string;
  name: string;
  role: string;
  last_activity: string | null;
  user_uniqid: string;
  active_listings: number;
};

export type InboxSection = { unread: number; items: InboxItem[] };

export type AdminInbox = {
  registrations: InboxSection;
  listings: InboxSection;
  feedback: InboxSection;
  addressHelp: InboxSection;
  inactive: { total: number; items: InactiveUserItem[] };
};

/** How many entries each dropdown shows (newest first). */
export const INBOX_LIMIT = 50;

export const NotificationIdSchema = z.object({
  notification_id: id("The notification id must be a whole number."),
});
