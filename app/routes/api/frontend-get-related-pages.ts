import { handlePublicCall, parseOrThrow, publicRefusal } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import { getRelatedPagesAnswer, PageRouteSchema } from "~/modules/content/frontend-calls.server";
import type { Route } from "./+types/frontend-get-related-pages";

const USE_POST = "Use POST with page_route, the page's path (like about-us).";

/** SPEC section 7: POST frontend.get-related-pages with page_route (issue 32). Public. */
export function action({ request }: Route.ActionArgs) {
  return handlePublicCall(request, {
    methodMessage: USE_POST,
    run: async (body) => getRelatedPagesAnswer((await getServices()).db, parseOrThrow(PageRouteSchema, body)),
  });
}

export function loader() {
  return publicRefusal(405, USE_POST, undefined, { allow: "POST" });
}
