import { z } from "zod";
import { getViewer } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { href } from "react-router";
import { getServices } from "~/lib/runtime.server";
import { confirmPendingEmailChange } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-verification-pin";

/**
 * POST /verification/email-pin: pin; judges the pin of the signed-in user's pending change and, when
 * right, updates the email in the same call (verify-email-pin and update-email in one step).
 */
export async function action({ request }: Route.ActionArgs) {
  return handleAction(request, {
    actor: await getViewer(request),
    reply: "user-json",
    maxBytes: 16_384,
    defaultIntent: "call",
    // The service parses the body itself.
    intents: {
      call: intent(z.unknown(), async ({ actor, input }) => {
        const r = await confirmPendingEmailChange(await getServices(), { actor, input });
        return { data: true, message: r.message, json: { redirectTo: href("/profile") } };
      }),
    },
  });
}

export function loader() {
  return postOnly("user-json");
}
