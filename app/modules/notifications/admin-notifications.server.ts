import type { Db, Tx } from "~/db/client.server";
import { insertAdminNotification } from "./admin-inbox.queries.server";

/**
 * SPEC section 3 "Notification": the admin header's dropdowns. `userCreated` and `feedBackGiven` follow the SPEC's
 * type names; `listing` (a listing needs review) and `addressHelp` (a seller asked for help with an address) are the
 * other dropdowns of SPEC section 2.
 */
export const ADMIN_NOTIFICATION_TYPES = ["userCreated", "feedBackGiven", "listing", "addressHelp"] as const;
export type AdminNotificationType = (typeof ADMIN_NOTIFICATION_TYPES)[number];

export type AdminNotificationData = {
  user: string;
  role: string;
  notification: string;
  type: AdminNotificationType;
  user_uniqid: string;
  [key: string]: unknown;
};

/** Creates a notification for the administrators. Pass the transaction of the event that causes it. */
export async function notifyAdmins(db: Db | Tx, data: AdminNotificationData) {
  return insertAdminNotification(db, data.type, data);
}
