import { href } from "react-router";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { markNotificationsRead } from "~/modules/notifications/admin-inbox.server";
import type { Route } from "./+types/admin-testimonials-read-notifications";
import { adminPageOf } from "../admin/impersonate-return.server";

/** SPEC `admin.testimonials.read_notifications` (POST, no payload): marks every feedback notification read. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer: admin } = await requireAbility(request, "manage", "User");
  return handleAction(request, {
    actor: admin,
    reply: "admin-call",
    maxBytes: 4096,
    returnTo: adminPageOf(request) ?? href("/admin"),
    defaultIntent: "mark-read",
    intents: {
      "mark-read": intent(z.unknown(), async ({ actor: viewer }) => {
        const { marked } = await markNotificationsRead(await getServices(), {
          actor: viewer,
          input: { kind: "feedback" },
        });
        return { message: "Feedback notifications marked as read.", json: { marked } };
      }),
    },
  });
}

export async function loader() {
  return postOnly("admin-call");
}
