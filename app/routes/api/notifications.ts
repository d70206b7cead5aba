import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import {
  deleteMyNotification,
  markAllMyNotificationsRead,
  markMyNotificationRead,
} from "~/modules/notifications/user-notifications.server";
import type { Route } from "./+types/notifications";

/**
 * The header bell's calls (issue 10): POST `intent` read (with `id`), read-all or delete (with `id`), on the
 * signed-in person's own notifications only; someone else's is a 404. Answers JSON (a path under /api/).
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  const any = z.looseObject({});
  return handleAction(request, {
    actor: viewer,
    maxBytes: 4096,
    intents: {
      read: intent(any, async ({ actor, body }) => {
        const r = await markMyNotificationRead(services, { actor, input: body });
        return { message: "Marked as read.", json: { id: r.id } };
      }),
      "read-all": intent(any, async ({ actor }) => {
        const r = await markAllMyNotificationsRead(services, { actor });
        return { message: "All notifications marked as read.", json: { marked: r.marked } };
      }),
      delete: intent(any, async ({ actor, body }) => {
        const r = await deleteMyNotification(services, { actor, input: body });
        return { message: "Notification deleted.", json: { deleted: r.id } };
      }),
    },
  });
}

export async function loader() {
  return postOnly("admin-call", "Send a POST request with an intent: read, read-all or delete.");
}
