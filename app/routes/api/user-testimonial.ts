import { parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getViewer } from "~/auth/session.server";
import { AppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { giveFeedback } from "~/modules/voices/testimonials.server";
import { FeedbackSchema } from "~/modules/voices/voices.schema";
import type { Route } from "./+types/user-testimonial";
import { answerVoiceCall } from "./voices-call.server";

const USE_POST = "Send a POST with rating (0.5 to 5 in half steps) and comments.";

/**
 * user.testimonial.store (SPEC section 7): the feedback tab. A testimonial waiting for approval, a `feedBackGiven`
 * notification for the administrators, and the person's feedback marked given. 401 signed out, 400 without a
 * rating, 409 when given before.
 */
export async function action({ request }: Route.ActionArgs) {
  return answerVoiceCall(request, {
    methodMessage: USE_POST,
    maxBytes: 6 * 1024 * 1024,
    toast: true,
    run: async (body) => {
      const actor = await getViewer(request);
      if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in first.");
      const input = parseOrThrow(FeedbackSchema, body);
      const file = body.photo instanceof File && body.photo.size > 0 ? body.photo : null;
      const photo = file ? new Uint8Array(await file.arrayBuffer()) : null;
      return giveFeedback(await getServices(), { actor, input: { ...input, photo } });
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
