import { handlePublicCall, parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { getRightMenuAnswer, PageRouteSchema } from "~/modules/content/frontend-calls.server";
import type { Route } from "./+types/frontend-get-right-menu";

const USE_POST = "Use POST with page_route, the page's path (like about-us).";

/** SPEC section 7: POST frontend.get-right-menu with page_route (issue 32). Public. */
export function action({ request }: Route.ActionArgs) {
  return handlePublicCall(request, {
    methodMessage: USE_POST,
    run: async (body) => getRightMenuAnswer((await getServices()).db, parseOrThrow(PageRouteSchema, body)),
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
