import { requireAbility } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { deleteNotification } from "~/modules/notifications/admin-inbox.server";
import type { Route } from "./+types/admin-notification-delete";
import { answerAdminCall, refuse } from "./admin-reply.server";

/** SPEC `admin.notification.delete` (POST notification_id): removes that notification at once. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer: admin } = await requireAbility(request, "manage", "User");
  return answerAdminCall(request, admin, async (viewer, body) => {
    const deleted = await deleteNotification(await getServices(), { actor: viewer, input: body });
    return { message: "Notification deleted.", json: { deleted: deleted.id } };
  });
}

export async function loader() {
  return refuse(405, "Send a POST request with notification_id.");
}
