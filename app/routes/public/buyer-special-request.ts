import { href, redirect } from "react-router";
import type { Route } from "./+types/buyer-special-request";

/**
 * `/buyer/special-request`, the SPEC's path for the special-request page: a permanent redirect (308, so a form posted
 * here is posted again there) to the page, `/special-request`, keeping the query string.
 */
function toPage(request: Request) {
  const { search } = new URL(request.url);
  return redirect(`${href("/special-request")}${search}`, 308);
}

export function loader({ request }: Route.LoaderArgs) {
  return toPage(request);
}

export function action({ request }: Route.ActionArgs) {
  return toPage(request);
}
