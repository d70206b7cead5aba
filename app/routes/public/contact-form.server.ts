import { data } from "react-router";
import { getViewer } from "~/auth/session.server";
import { handlePublicAction, publicIntent, samePlace } from "~/lib/action.server";
import { fromForm } from "~/lib/fields";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { ContactFormSchema } from "~/modules/contact/contact.schema";
import { sendContactMessage } from "~/modules/contact/contact.server";
import { pathOfRoute, publishedPagePlaces, routeOfPath } from "~/modules/content/pages.server";

/** Where the contact form leads once a message is sent: the seeded page "Thank you: your message reached us". */
export const CONTACT_SENT_PATH = pathOfRoute("thank-you");

/** Where the contact form is (a plain post to the call that went wrong goes back there). */
export const CONTACT_PAGE_PATH = pathOfRoute("contact-us");

/** Sends a contact message for the visitor of `request` (their address counts against the hourly allowance). */
export async function sendContactFor(request: Request, values: unknown) {
  const viewer = await getViewer(request);
  return sendContactMessage(await getServices(), {
    actor: viewer,
    input: { values, clientKey: clientAddress(request) },
  });
}

/**
 * The contact form posted to the content page that places it (issue 32, the `contact-form` embed), as "Ask about this
 * listing" posts to its page: sent, a 303 to the thank-you page (with or without JavaScript); refused, the page again
 * with each field's message and what was typed (400), or the allowance's message (429). A page that does not place
 * the form refuses a post with 405.
 */
export async function postContactForm(request: Request) {
  const route = routeOfPath(new URL(samePlace(request), request.url).pathname);
  if (!route || !(await publishedPagePlaces((await getServices()).db, route, "contact-form"))) {
    return data(
      { error: "There is no form to send on this page.", fields: null, values: {} },
      { status: 405, headers: { allow: "GET" } },
    );
  }
  return handlePublicAction(request, {
    defaultIntent: "send",
    intents: {
      send: publicIntent(fromForm(ContactFormSchema), async ({ input }) => {
        await sendContactFor(request, input);
        // No toast: the thank-you page says it.
        return { redirectTo: CONTACT_SENT_PATH };
      }),
    },
  });
}
