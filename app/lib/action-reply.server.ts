import { data, redirect } from "react-router";
import { isAppError } from "./errors";
import { setFlash } from "./flash.server";

/**
 * The answer of a list screen's action (approve, repost, flag...): on success a 303 back to the same
 * list (query string kept) with the message as a toast; a service's refusal is a 4xx with
 * `{ error }` for the page to show. Anything else is rethrown (a logged 500).
 */
export async function replyToListAction(request: Request, work: () => Promise<string>) {
  try {
    const message = await work();
    const headers = await setFlash(new Headers(), { kind: "success", message });
    return redirect(samePlace(request), { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: err.message }, { status: err.status });
  }
}

/**
 * The page's own path and query string (a list keeps its filters after an action). A submission from the
 * browser reaches the action as `<path>.data` (React Router's single fetch): that suffix and its `_routes`
 * parameter are not part of the page's address.
 */
export function samePlace(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const qs = url.searchParams.toString();
  return `${pathname}${qs ? `?${qs}` : ""}`;
}
