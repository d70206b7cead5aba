import { parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { storePhoneContact } from "~/modules/voices/subscribers.server";
import { PhoneCaptureSchema } from "~/modules/voices/voices.schema";
import type { Route } from "./+types/subscriber";
import { answerVoiceCall } from "./voices-call.server";

const USE_POST = "Send a POST with contact (a phone number) and type 'phone'.";

/**
 * subscriber.store (SPEC section 7): the footer's app-download phone capture. 200 "Contact saved successfully!",
 * 400 for a number that is not a US phone number, 409 "Contact already saved." for one stored before.
 */
export async function action({ request }: Route.ActionArgs) {
  return answerVoiceCall(request, {
    methodMessage: USE_POST,
    run: async (body) => storePhoneContact(await getServices(), parseOrThrow(PhoneCaptureSchema, body)),
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
