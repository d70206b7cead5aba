import { requireAbility } from "~/auth/session.server";
import { refuseCall } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { listInactiveUsers } from "~/modules/staff/inactive-users.server";
import type { Route } from "./+types/admin-inactive-users-list";

/**
 * SPEC `admin.inactive-users.list` (GET): the users inactive for the period set in /admin/tweaks who still have
 * active listings, as the scheduled job last found them: `{ data: [{ name, role, last_activity, user_uniqid, id }] }`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer } = await requireAbility(request, "manage", "User");
  try {
    const { total, items } = await listInactiveUsers(await getServices(), { actor: viewer });
    return Response.json({ data: items, total });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refuseCall("admin-call", error.status, error.message);
  }
}
