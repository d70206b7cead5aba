import { href } from "react-router";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { deleteNotification } from "~/modules/notifications/admin-inbox.server";
import { adminPageOf } from "../admin/impersonate-return.server";
import type { Route } from "./+types/admin-notification-delete";

/** SPEC `admin.notification.delete` (POST notification_id): removes that notification at once. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer: admin } = await requireAbility(request, "manage", "User");
  return handleAction(request, {
    actor: admin,
    reply: "admin-call",
    maxBytes: 4096,
    returnTo: adminPageOf(request) ?? href("/admin"),
    defaultIntent: "delete",
    intents: {
      // The service parses the body itself (notification_id).
      delete: intent(z.unknown(), async ({ actor, input }) => {
        const deleted = await deleteNotification(await getServices(), { actor, input });
        return { message: "Notification deleted.", json: { deleted: deleted.id } };
      }),
    },
  });
}

export async function loader() {
  return postOnly("admin-call", "Send a POST request with notification_id.");
}
