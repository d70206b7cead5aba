import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { SETTINGS_MESSAGES } from "~/modules/profile/settings-fields";
import { updateUserField } from "~/modules/profile/settings-fields.server";
import type { Route } from "./+types/user-update-field";

/**
 * SPEC `user.profile.update-user-field` (POST /api/user/profile/update-user-field): id, name, value. Saves one
 * whitelisted setting of the signed-in user; `reload` is true after a role change (the page reloads).
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await updateUserField(await getServices(), { actor, input });
    return { data: { name: r.name, value: r.value, reload: r.reload }, message: SETTINGS_MESSAGES.updated };
  });
}

export function loader() {
  return postOnly("user-json");
}
