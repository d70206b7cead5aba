import { data, redirect } from "react-router";
import { isAppError } from "./errors";
import { setFlash } from "./flash.server";

/**
 * The answer of a list screen's action (approve, repost, flag...): on success a 303 back to the same
 * list (query string kept) with the message as a toast; a service's refusal is a 4xx with
 * `{ error }` for the page to show. Anything else is rethrown (a logged 500).
 */
export async function replyToListAction(request: Request, work: () => Promise<string>) {
  const url = new URL(request.url);
  try {
    const message = await work();
    const headers = await setFlash(new Headers(), { kind: "success", message });
    return redirect(`${url.pathname}${url.search}`, { headers, status: 303 });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data({ error: err.message }, { status: err.status });
  }
}
