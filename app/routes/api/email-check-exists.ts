import { z } from "zod";
import { getViewer } from "~/auth/session.server";
import { handleAction, intent, postOnly } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { checkEmailExists } from "~/modules/profile/email-change.server";
import type { Route } from "./+types/email-check-exists";

/**
 * POST /check-email-exists (SPEC section 7): email; `data` is true when an account uses it. Signed-in users only
 * (it reveals whether an address is registered), rate-limited per user.
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
        const r = await checkEmailExists(await getServices(), { actor, input });
        return { data: r.exists };
      }),
    },
  });
}

export function loader() {
  return postOnly("user-json");
}
