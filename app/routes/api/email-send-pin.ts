import { getViewer } from "~/auth/session.server";
import { handleUserCall, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { EMAIL_CHANGE_MESSAGES } from "~/modules/profile/email-change";
import { sendEmailPin } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-send-pin";

/**
 * POST /send-email-pin: email; sends a 4-digit pin to the new address (pattern checked, not taken,
 * rate-limited per user and per address). `data` true when sent.
 */
export async function action({ request }: Route.ActionArgs) {
  // The service parses the body itself.
  return handleUserCall(request, await getViewer(request), async ({ actor, input }) => {
    await sendEmailPin(await getServices(), { actor, input });
    return { data: true, message: EMAIL_CHANGE_MESSAGES.pinSent };
  });
}

export function loader() {
  return postOnly("user-json");
}
