import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { updateCommissionText } from "~/modules/profile/settings-fields.server";
import type { Route } from "./+types/commission-text";

/**
 * SPEC `listings.commission-text.update` (POST /api/listings/commission-text/update): value, isAdmin. The
 * adjusted commission text of the user an administrator is signed in as; 403 to anyone else (isAdmin is ignored).
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await updateCommissionText(await getServices(), { actor, input });
    return { data: { value: r.value }, message: r.message };
  });
}

export function loader() {
  return postOnly("user-json");
}
