import { requireAbility } from "~/auth/session.server";
import { getServices } from "~/lib/runtime.server";
import { markNotificationsRead } from "~/modules/notifications/admin-inbox.server";
import type { Route } from "./+types/admin-listing-read-notifications";
import { answerAdminCall, refuse } from "./admin-reply.server";

/** SPEC `admin.listing.read_notifications` (POST, no payload): marks every listing notification read. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer: admin } = await requireAbility(request, "manage", "User");
  return answerAdminCall(request, admin, async (viewer) => {
    const { marked } = await markNotificationsRead(await getServices(), { actor: viewer, input: { kind: "listing" } });
    return { message: "Listing notifications marked as read.", json: { marked } };
  });
}

export async function loader() {
  return refuse(405, "Send a POST request.");
}
