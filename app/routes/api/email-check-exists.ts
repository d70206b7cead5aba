import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { checkEmailExists } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-check-exists";

/**
 * POST /check-email-exists (SPEC section 7): email; `data` is true when an account uses it. Signed-in users only
 * (it reveals whether an address is registered), rate-limited per user.
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await checkEmailExists(await getServices(), { actor, input });
    return { data: r.exists };
  });
}

export function loader() {
  return postOnly("user-json");
}
