import { href, redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { stopImpersonating } from "~/modules/staff/impersonation.server";
import { IMPERSONATION_ANSWERS, IMPERSONATION_MESSAGES as M } from "~/modules/staff/impersonation.schema";
import type { Route } from "./+types/impersonate-leave";
import { takeReturnPath } from "./impersonate-return.server";

/**
 * SPEC section 7, issue 28: POST /admin/users/impersonate-leave ends an impersonation (the banner's "Leave
 * impersonation" is a form button; the root middleware refuses a cross-site post, decision 0020). A GET changes
 * nothing and answers 405, so no link, image or page elsewhere can end someone's impersonation. A JSON caller gets
 * `{ data: "IMPERSONATION_LEAVE" }` with the administrator's session cookies; a page visit returns the administrator
 * to the admin page they logged in from (remembered safely), or to the offer dashboard (SPEC section 4). Anyone not impersonating is simply
 * sent where they belong (a JSON caller gets 409).
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (!viewer.impersonatedBy) {
    if (wantsJson)
      return Response.json({ data: IMPERSONATION_ANSWERS.error, message: M.notImpersonating }, { status: 409 });
    throw redirect(href("/dashboard"), 303);
  }
  try {
    const { headers } = await stopImpersonating(await getServices(), {
      actor: viewer,
      headers: request.headers,
      ipAddress: clientAddress(request),
    });
    const back = await takeReturnPath(request, headers);
    if (wantsJson)
      return Response.json(
        { data: IMPERSONATION_ANSWERS.leave, redirectTo: back ?? href("/admin/offer-dashboard") },
        { headers },
      );
    await setFlash(headers, {
      kind: "success",
      message: `You are back in your own account (you were viewing ${viewer.name}).`,
    });
    return redirect(back ?? href("/admin/offer-dashboard"), { headers, status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (wantsJson)
      return Response.json({ data: IMPERSONATION_ANSWERS.error, message: M.unknownError }, { status: error.status });
    const headers = await setFlash(new Headers(), { kind: "error", message: `${M.errorTitle}: ${M.unknownError}` });
    return redirect(href("/"), { headers, status: 303 });
  }
}

/** A GET ends nothing (issue 28): leaving is a POST from the banner's form. */
export async function loader() {
  return Response.json(
    { data: IMPERSONATION_ANSWERS.error, message: "Send a POST request to leave an impersonation." },
    { status: 405, headers: { allow: "POST" } },
  );
}
