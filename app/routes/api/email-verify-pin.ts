import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { verifyEmailPin } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-verify-pin";

/**
 * POST /verify-email-pin: email and email_pin; `data` true when the pin is right for that address
 * (5 tries, 10 minutes). The next call is /update-email.
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await verifyEmailPin(await getServices(), { actor, input });
    return { data: r.verified };
  });
}

export function loader() {
  return postOnly("user-json");
}
