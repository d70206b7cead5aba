import { href } from "react-router";
import { z } from "zod";
import { requireAbility } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { deleteOffersLogsAdmin } from "~/modules/offers/offers.server";
import type { Route } from "./+types/admin-offers-logs-delete";

/** SPEC `admin.delete-admin-offers-logs` (POST `logIds`): deletes offers-log entries in bulk, journaled. */
export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "manage", "all");
  return handleAction(request, {
    actor: viewer,
    reply: "admin-call",
    maxBytes: 16_384,
    returnTo: href("/admin/admin-offers-logs"),
    defaultIntent: "delete",
    intents: {
      // The service parses `logIds` (an array, or repeated form fields) itself.
      delete: intent(z.unknown(), async ({ actor, body }) => {
        const r = await deleteOffersLogsAdmin(await getServices(), { actor, input: body });
        return { message: r.message, json: { deleted: r.deleted } };
      }),
    },
  });
}

export function loader() {
  return postOnly("admin-call");
}
