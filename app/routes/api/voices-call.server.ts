import { redirect } from "react-router";
import { isDocumentSubmission, publicRefusal, readActionBody, type ActionBody } from "~/lib/action.server";
import { AppError, isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * The footer's and the feedback tab's calls (issue 32): a fetch gets `{ success: true, message }` or
 * `{ success: false, error, fields }` with a 4xx; a plain form post (JavaScript off) goes back to the page it came
 * from (`returnTo`) with the message as a toast. `run` returns the success message or throws an AppError. The contact
 * form's call (api/contact) answers the same way, except that a plain form post, once sent, goes to `sentTo`.
 */
export async function answerVoiceCall(
  request: Request,
  opts: {
    methodMessage: string;
    maxBytes?: number;
    /** Also send the success as a toast to a fetch (the feedback tab closes and the page reloads). */
    toast?: boolean;
    /** Where a plain form post goes once sent (a page that says so itself: no toast); default back to `returnTo`. */
    sentTo?: string;
    /** Where a plain form post goes back to when it names no `returnTo` (default the home page). */
    fallbackTo?: string;
    run: (body: ActionBody) => Promise<string>;
  },
): Promise<Response> {
  if (request.method !== "POST") return publicRefusal(405, opts.methodMessage, undefined, { allow: "POST" });
  const document = isDocumentSubmission(request);
  let body: ActionBody = {};
  try {
    try {
      body = await readActionBody(request, opts.maxBytes ?? 16_384);
    } catch (err) {
      if (!isAppError(err) || err.code === "TOO_LARGE") throw err;
      throw new AppError("BAD_INPUT", "The request could not be read: send JSON or a form.");
    }
    const message = await opts.run(body);
    if (document && opts.sentTo) return redirect(opts.sentTo, 303);
    if (document) return back(body, "success", message, opts.fallbackTo);
    const headers = opts.toast ? await setFlash(new Headers(), { kind: "success", message }) : undefined;
    return Response.json({ success: true, message }, { headers });
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (document && err.status !== 401) return back(body, "error", err.message, opts.fallbackTo);
    return publicRefusal(err.status, err.message, err.fields, err.headers);
  }
}

async function back(body: ActionBody, kind: "success" | "error", message: string, fallbackTo = "/") {
  const headers = await setFlash(new Headers(), { kind, message });
  return redirect(safeRedirect(body.returnTo, fallbackTo), { status: 303, headers });
}
