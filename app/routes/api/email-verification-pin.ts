import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { href } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { confirmPendingEmailChange } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-verification-pin";

/**
 * POST /verification/email-pin: pin; judges the pin of the signed-in user's pending change and, when
 * right, updates the email in the same call (verify-email-pin and update-email in one step).
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await confirmPendingEmailChange(await getServices(), { actor, input });
    return { data: true, message: r.message, json: { redirectTo: href("/profile") } };
  });
}

export function loader() {
  return postOnly("user-json");
}
