import { data, href, redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { DEFAULT_MAX_BODY, readFormCapped, isDocumentSubmission } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { readTextCapped, tooLargeMessage } from "~/lib/request-body.server";
import { getServices } from "~/lib/runtime.server";
import { safeRedirect, safeRedirectPath } from "~/lib/safe-redirect";
import { MESSAGES } from "~/modules/listings/inventory.schema";
import { changeListingStatus } from "~/modules/listings/inventory.server";
import type { Route } from "./+types/listings-update";

/**
 * SPEC `listings.update` (POST /listings/update): id, name (listing_status_id), value (3 activate,
 * 9 deactivate), reason, other_reason, isAdmin. The session decides who may change what.
 * A form submission is redirected to its `returnTo` (else /v2/profile) with a toast; a JSON caller gets `{ ok, data }`.
 * Refusals answer 4xx with the message in `data` (SPEC section 8: shown as 'Status errors') to a
 * fetcher or JSON caller; a plain form posted by the browser itself (JavaScript off: a document
 * navigation) is sent back to the page it came from with the message as a toast instead.
 */
export async function action({ request }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const reply = (status: number, body: { ok: false; data: string; title?: string }) =>
    isDocumentSubmission(request) && !wantsJson
      ? redirectBackWithError(request, body.data)
      : wantsJson
        ? Response.json(body, { status })
        : data(body, { status });
  const viewer = await requireUser(request);
  const isJsonBody = (request.headers.get("content-type") ?? "").includes("application/json");
  let input: unknown;
  try {
    const body = isJsonBody
      ? await readTextCapped(request, DEFAULT_MAX_BODY)
      : await readFormCapped(request, DEFAULT_MAX_BODY);
    if (body === "too-big") return reply(413, { ok: false, data: tooLargeMessage(DEFAULT_MAX_BODY) });
    input = typeof body === "string" ? JSON.parse(body) : Object.fromEntries(body);
  } catch {
    return reply(400, { ok: false, data: "The request could not be read." });
  }
  try {
    const result = await changeListingStatus(await getServices(), { actor: viewer, input });
    // Activating a listing an administrator never approved sends it back to review (status 1), not live.
    const message =
      result.listingStatusId === 3
        ? `Listing ${result.listingCode} is active again.`
        : result.listingStatusId === 1
          ? `Listing ${result.listingCode} is back in review: it goes live once an administrator approves it.`
          : `Listing ${result.listingCode} was deactivated (${result.reason}).`;
    if (wantsJson) return Response.json({ ok: true, data: { ...result, message } });
    const headers = await setFlash(new Headers(), { kind: "success", message });
    // Back to the list the form was on (`returnTo`, a path of this site: issue 13); without one, SPEC section 4 says
    // /profile, which is now the account settings page, so the profile area's home it is.
    const returnTo = safeRedirectPath((input as { returnTo?: unknown } | null)?.returnTo);
    return redirect(returnTo ?? href("/v2/profile"), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return reply(error.status, { ok: false, data: error.message, title: MESSAGES.statusErrorTitle });
  }
}

/** Back to the page the form was on (same origin only; /v2/profile otherwise), with the refusal as a toast. */
async function redirectBackWithError(request: Request, message: string) {
  const origin = new URL(request.url).origin;
  let back = href("/v2/profile");
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    if (referer.origin === origin && !referer.pathname.startsWith("/listings/update")) {
      back = safeRedirect(`${referer.pathname}${referer.search}`, back);
    }
  } catch {}
  const headers = await setFlash(new Headers(), { kind: "error", message: `${MESSAGES.statusErrorTitle}: ${message}` });
  return redirect(back, { headers, status: 303 });
}

export async function loader() {
  return Response.json({ ok: false, data: "Send a POST request to change a listing's status." }, { status: 405 });
}
