import { publicRefusal } from "~/lib/action.server";
import { CONTACT_FORM_MESSAGES } from "~/modules/contact/contact.rules";
import type { Route } from "./+types/contact";
import { CONTACT_PAGE_PATH, CONTACT_SENT_PATH, sendContactFor } from "../public/contact-form.server";
import { answerVoiceCall } from "./voices-call.server";

const USE_POST = "Send a POST with topic, name, email, message and, if you like, phone.";

/**
 * contact.store (issue 32): the contact form as a call. A fetch gets `{ success: true, message }`, or 400 with each
 * field's message, 429 past the hourly allowance; a plain form post goes to the thank-you page once sent, or back to
 * the contact page with the refusal as a toast. The page's own form posts to its page (content-page.tsx), where a
 * refusal shows beside the fields.
 */
export async function action({ request }: Route.ActionArgs) {
  return answerVoiceCall(request, {
    methodMessage: USE_POST,
    sentTo: CONTACT_SENT_PATH,
    fallbackTo: CONTACT_PAGE_PATH,
    run: async (body) => {
      await sendContactFor(request, body);
      return CONTACT_FORM_MESSAGES.sent;
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
