import { href, redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { isDocumentSubmission, readActionBody } from "~/lib/action.server";
import { tooLargeMessage } from "~/lib/request-body.server";
import { setFlash } from "~/lib/flash.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { startImpersonating } from "~/modules/staff/impersonation.server";
import { IMPERSONATION_ANSWERS, IMPERSONATION_MESSAGES as M } from "~/modules/staff/impersonation.schema";
import type { Route } from "./+types/impersonate";
import { adminPageOf, rememberReturnPath } from "./impersonate-return.server";

/**
 * SPEC section 7: POST /admin/users/impersonate/{user_uniqid} (optional `notification_id`: that notification is
 * marked read). A fetch caller gets `{ data: "IMPERSONATION_SUCCESS" }` with the session cookies; a plain form post
 * (a document navigation) is sent to the user's landing page with "Success! Logged into user's account
 * successfully." Refusals: 401 signed out, 403 not an administrator or an administrator's account, 404 no such user.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const asDocument = isDocumentSubmission(request);
  // Signed out: 401 JSON to a fetch, the sign-in page to a form post. The service checks the administrator.
  const viewer = await requireUser(request);
  const body = await readBody(request);
  if (body === "too-big") return refuse(413, tooLargeMessage(MAX_BODY));
  if (body === undefined) return refuse(400, "The request could not be read: send JSON or a form.");
  try {
    const result = await startImpersonating(await getServices(), {
      actor: viewer,
      input: { userUniqid: params.user_uniqid, notificationId: body.notification_id },
      headers: request.headers,
      ipAddress: clientAddress(request),
    });
    const headers = result.headers;
    const from = adminPageOf(request);
    if (from) await rememberReturnPath(headers, from);
    if (!asDocument) {
      return Response.json(
        {
          data: IMPERSONATION_ANSWERS.success,
          title: M.successTitle,
          message: M.success,
          redirectTo: result.landing,
          user: { name: result.user.name, user_uniqid: result.user.userUniqid },
        },
        { headers },
      );
    }
    await setFlash(headers, { kind: "success", message: `${M.successTitle} ${M.success}` });
    return redirect(result.landing, { headers, status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Someone who is not an administrator gets a bare refusal, however they called.
    if (!asDocument || error.message === M.notAdmin) return refuse(error.status, error.message);
    const headers = await setFlash(new Headers(), { kind: "error", message: `${M.errorTitle}: ${error.message}` });
    return redirect(adminPageOf(request) ?? href("/admin"), { headers, status: 303 });
  }
}

export async function loader() {
  return Response.json(
    { data: IMPERSONATION_ANSWERS.error, message: "Send a POST request to log into a user's account." },
    { status: 405, headers: { allow: "POST" } },
  );
}

function refuse(status: number, message: string) {
  return Response.json({ data: IMPERSONATION_ANSWERS.error, title: M.errorTitle, message }, { status });
}

/** `notification_id` at most. */
const MAX_BODY = 4096;

/** The body as the pipeline reads it (JSON or a form, capped), or why it cannot be read. */
async function readBody(request: Request): Promise<Record<string, unknown> | "too-big" | undefined> {
  try {
    return await readActionBody(request, MAX_BODY);
  } catch (err) {
    if (isAppError(err) && err.code === "TOO_LARGE") return "too-big";
    if (isAppError(err)) return undefined;
    throw err;
  }
}
