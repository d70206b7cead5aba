import { getViewer } from "~/auth/session.server";
import { refuseCall, SIGN_IN_FIRST } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { getUserData } from "~/modules/profile/settings-fields.server";
import type { Route } from "./+types/user-data";

/**
 * SPEC `GET /user-data/{user_id}`: `{ data }` with the user's profile fields and settings. A user's own, or any
 * user's for an administrator; 401 signed out, 403 for someone else's, 404 for an unknown id (administrators).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (!viewer) return refuseCall("user-json", 401, SIGN_IN_FIRST);
  try {
    const data = await getUserData(await getServices(), { actor: viewer, input: { userId: params.userId } });
    return Response.json({ data }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refuseCall("user-json", error.status, error.message);
  }
}
