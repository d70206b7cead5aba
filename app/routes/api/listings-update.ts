import { data, redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { MESSAGES } from "~/modules/listings/inventory.schema";
import { changeListingStatus } from "~/modules/listings/inventory.server";
import type { Route } from "./+types/listings-update";

/**
 * SPEC `listings.update` (POST /listings/update): id, name (listing_status_id), value (3 activate,
 * 9 deactivate), reason, other_reason, isAdmin. The session decides who may change what.
 * A form submission is redirected to /profile with a toast; a JSON caller gets `{ ok, data }`.
 * Refusals answer 4xx with the message in `data` (SPEC section 8: shown as 'Status errors').
 */
export async function action({ request }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const viewer = await requireUser(request);
  const isJsonBody = (request.headers.get("content-type") ?? "").includes("application/json");
  let input: unknown;
  try {
    input = isJsonBody ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    return reply(wantsJson, 400, { ok: false, data: "The request could not be read." });
  }
  try {
    const result = await changeListingStatus(await getServices(), { actor: viewer, input });
    const message =
      result.listingStatusId === 3
        ? `Listing ${result.listingCode} is active again.`
        : `Listing ${result.listingCode} was deactivated (${result.reason}).`;
    if (wantsJson) return Response.json({ ok: true, data: { ...result, message } });
    const headers = await setFlash(new Headers(), { kind: "success", message });
    return redirect("/profile", { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return reply(wantsJson, error.status, { ok: false, data: error.message, title: MESSAGES.statusErrorTitle });
  }
}

function reply(json: boolean, status: number, body: { ok: false; data: string; title?: string }) {
  return json ? Response.json(body, { status }) : data(body, { status });
}

export async function loader() {
  return Response.json({ ok: false, data: "Send a POST request to change a listing's status." }, { status: 405 });
}
