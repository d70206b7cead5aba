import { readFormCapped } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { readTextCapped, tooLargeMessage } from "~/lib/request-body.server";
import { clientAddress, isCrossSiteRequest, siteOrigins } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { SHARE_MESSAGES } from "~/modules/listings/share";
import { shareListing } from "~/modules/listings/share.server";
import type { Route } from "./+types/share-this-listing";

const MAX_BODY = 16_384;

/**
 * share-this-listing (SPEC section 7): POST name, email, listing_url, message as JSON or a form, and the friend
 * gets a mail about that listing. Answers `{ success: true, message }`; refusals answer 4xx with
 * `{ success: false, error, fields }`: 400 bad input, 403 from another site, 404 listing not for sale, 429 too many.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const services = await getServices();
  const origins = siteOrigins(request, services.config.authUrl);
  if (isCrossSiteRequest(request, origins)) {
    return refuse(403, "Listings can only be shared from this site's own pages.");
  }
  const input = await readBody(request);
  if (input === "too-big") return refuse(413, tooLargeMessage(MAX_BODY));
  if (input === undefined) return refuse(400, "The request could not be read: send JSON or a form.");
  try {
    await shareListing(services, {
      actor: { address: clientAddress(request) },
      input,
      siteOrigins: origins,
      publicUrl: services.config.authUrl,
    });
    return Response.json({ success: true, message: SHARE_MESSAGES.success });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return refuse(error.status, error.message, error.fields);
  }
}

export async function loader() {
  return methodNotAllowed();
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("multipart/form-data")) {
      const form = await readFormCapped(request, MAX_BODY);
      return form === "too-big" ? form : Object.fromEntries(form);
    }
    const text = await readTextCapped(request, MAX_BODY);
    if (text === "too-big") return text;
    if (type.includes("application/json")) return JSON.parse(text || "{}");
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return undefined;
  }
}

function refuse(status: number, error: string, fields: Record<string, string[]> = {}) {
  return Response.json({ success: false, error, fields }, { status });
}

function methodNotAllowed() {
  return Response.json(
    { success: false, error: "Send a POST with name, email, listing_url and message to share a listing." },
    { status: 405, headers: { allow: "POST" } },
  );
}
