import { publicRefusal } from "~/lib/action.server";
import { answerVoiceCall } from "./voices-call.server";
import { getServices } from "~/lib/runtime.server";
import { recordAppLinkClick } from "~/modules/voices/subscribers.server";
import { APP_STORES, type AppStore } from "~/modules/voices/voices.schema";
import type { Route } from "./+types/app-link-clicks";

const USE_POST = "Send a POST to /api/app-link-clicks/playstore or /api/app-link-clicks/appstore.";

/**
 * app-link-clicks/{playstore|appstore} (SPEC section 7): counts a click on an app store button (per store per day).
 * The apps are not published yet, so the answer says so and points to the phone capture.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!(APP_STORES as readonly string[]).includes(params.store)) return publicRefusal(404, USE_POST);
  return answerVoiceCall(request, {
    methodMessage: USE_POST,
    run: async () => {
      await recordAppLinkClick(await getServices(), params.store as AppStore);
      return `Our ${params.store === "playstore" ? "Android" : "iPhone"} app is not out yet: leave your cell number and we will text you when it is.`;
    },
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
