import { parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { subscribeNewsletter } from "~/modules/voices/subscribers.server";
import { NewsletterSchema } from "~/modules/voices/voices.schema";
import type { Route } from "./+types/newsletter";
import { answerVoiceCall } from "./voices-call.server";

const USE_POST = "Send a POST with email to sign up for the newsletter.";

/** newsletter.store: the footer's newsletter sign-up; the address gets a mail with the confirmation link. */
export async function action({ request }: Route.ActionArgs) {
  return answerVoiceCall(request, {
    methodMessage: USE_POST,
    run: async (body) => subscribeNewsletter(await getServices(), parseOrThrow(NewsletterSchema, body)),
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
