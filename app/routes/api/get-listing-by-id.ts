import { readFormCapped } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { readTextCapped, tooLargeMessage } from "~/lib/request-body.server";
import { getServices } from "~/lib/runtime.server";
import { getPublicListing } from "~/modules/listings/detail.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/get-listing-by-id";

/**
 * listing.get-listing-by-id (SPEC section 7): POST `listing_id` (JSON or form-encoded) and get
 * `{ listing, settings: { use_years_membership_page } }`. 400 for a missing or non-numeric id, 404 for a
 * listing that is not public (active and not a test listing), 405 for any other method.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBody(request);
  if (body === "too-big") return Response.json({ error: tooLargeMessage(MAX_BODY) }, { status: 413 });
  if (body === undefined) return Response.json({ error: "The body must be JSON or a form." }, { status: 400 });
  const { db } = await getServices();
  try {
    const listing = await getPublicListing({ db }, { input: { listingId: body.listing_id } });
    const settings = await getSettings(db, ["use_years_membership_page"]);
    return Response.json({ listing, settings: { use_years_membership_page: settings.use_years_membership_page } });
  } catch (e) {
    if (isAppError(e)) return Response.json({ error: e.message, fields: e.fields ?? {} }, { status: e.status });
    throw e;
  }
}

export function loader() {
  return methodNotAllowed();
}

function methodNotAllowed() {
  return Response.json(
    { error: 'Use POST with a body such as { "listing_id": 42 }.' },
    { status: 405, headers: { allow: "POST" } },
  );
}

/** `{ "listing_id": 42 }`: a few bytes. */
const MAX_BODY = 16_384;

async function readBody(request: Request): Promise<Record<string, unknown> | "too-big" | undefined> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await readFormCapped(request, MAX_BODY).catch(() => null);
    if (form === "too-big") return form;
    return form ? { listing_id: form.get("listing_id") ?? undefined } : undefined;
  }
  const text = await readTextCapped(request, MAX_BODY).catch(() => null);
  if (text === null) return undefined;
  if (text === "too-big") return text;
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
