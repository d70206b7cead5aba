import { defineAbilityFor, type Viewer } from "~/auth/abilities";
import type { Db, Tx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import type { Services } from "~/lib/runtime.server";
import { listInactiveUsers } from "~/modules/staff/inactive-users.server";
import type { AdminNotificationType } from "./admin-notifications.server";
import {
  type AdminInbox,
  INBOX_LIMIT,
  type InboxItem,
  type InboxSection,
  NotificationIdSchema,
} from "./admin-inbox.schema";
import {
  countUnreadByType,
  deleteNotificationRow,
  markOneRead,
  markTypesRead,
  selectNotificationsOfType,
} from "./admin-inbox.queries.server";

type Deps = Pick<Services, "db">;

/** Administrators only (an impersonated session carries the user's role, so it is refused too). */
export function requireInboxAdmin(actor: Viewer) {
  if (!defineAbilityFor(actor).can("manage", "User")) {
    throw new AppError("FORBIDDEN", "Only administrators see the administrators' notifications.");
  }
}

function toItem(row: Awaited<ReturnType<typeof selectNotificationsOfType>>[number]): InboxItem {
  const d = row.data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    user: str(d.user),
    role: str(d.role),
    notification: str(d.notification),
    userUniqid: str(d.user_uniqid),
    listingId: typeof d.listing_id === "number" ? d.listing_id : null,
    listingCode: typeof d.listing_code === "string" ? d.listing_code : null,
  };
}

/** Every dropdown of the admin header: unread counts and the newest entries of each type. */
export async function getAdminInbox(deps: Deps, args: { actor: Viewer }): Promise<AdminInbox> {
  requireInboxAdmin(args.actor);
  const unread = new Map((await countUnreadByType(deps.db)).map((r) => [r.type, r.n]));
  const section = async (type: AdminNotificationType): Promise<InboxSection> => ({
    unread: unread.get(type) ?? 0,
    items: (await selectNotificationsOfType(deps.db, type, INBOX_LIMIT)).map(toItem),
  });
  // One after the other: PGlite is one connection.
  const registrations = await section("userCreated");
  const listings = await section("listing");
  const feedback = await section("feedBackGiven");
  const addressHelp = await section("addressHelp");
  const inactive = await listInactiveUsers(deps, { actor: args.actor, limit: INBOX_LIMIT });
  return { registrations, listings, feedback, addressHelp, inactive };
}

const READ_ALL_TYPES = { feedback: ["feedBackGiven"], listing: ["listing"] } as const;

/** SPEC `admin.testimonials.read_notifications` and `admin.listing.read_notifications`: mark a dropdown read. */
export async function markNotificationsRead(
  deps: Deps,
  args: { actor: Viewer; input: { kind: keyof typeof READ_ALL_TYPES } },
) {
  requireInboxAdmin(args.actor);
  return { marked: await markTypesRead(deps.db, [...READ_ALL_TYPES[args.input.kind]]) };
}

/** SPEC `admin.notification.delete`: removes one notification at once. */
export async function deleteNotification(deps: Deps, args: { actor: Viewer; input: unknown }) {
  requireInboxAdmin(args.actor);
  const parsed = NotificationIdSchema.safeParse(args.input);
  if (!parsed.success) throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Invalid request.");
  const row = await deleteNotificationRow(deps.db, parsed.data.notification_id);
  if (!row) throw new AppError("NOT_FOUND", "This notification no longer exists.");
  return { id: row.id, type: row.type };
}

/**
 * Marks one notification read inside the caller's transaction (an administrator logging into the account a
 * notification is about). The caller has checked the permission. A notification that no longer exists is ignored.
 */
export function markNotificationReadIn(tx: Db | Tx, id: number) {
  return markOneRead(tx, id);
}
