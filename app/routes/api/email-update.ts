import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { href } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { updateEmail } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-update";

/**
 * POST /update-email: email; makes it the account's email once its pin was verified (directly when the
 * setting email_verification_enabled is false). Answers the success notice and where to go next.
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    const r = await updateEmail(await getServices(), { actor, input });
    return { data: true, message: r.message, json: { redirectTo: href("/profile") } };
  });
}

export function loader() {
  return postOnly("user-json");
}
