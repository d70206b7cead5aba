import { readActionBody } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { MEDIA_MESSAGES } from "~/modules/content/media";
import { saveMediaMeta } from "~/modules/content/media.server";
import type { Route } from "./+types/media-meta-save";
import { MEDIA_CALL_HEADERS, mediaCaller, wrongMethod } from "./media-call.server";

/**
 * SPEC section 7 `POST /media/meta/save` (path, title, alt, description; also `id`): a media library picture's
 * words. Answers `{ message: "Metadata saved!" }`, or `{ message: "Error saving metadata.", error, fields }` with a
 * 4xx (400 bad input, 401 signed out, 403 not for this role, 404 no such picture, 413 too large).
 */
export async function action({ request }: Route.ActionArgs) {
  const { metaSaved, metaError } = MEDIA_MESSAGES;
  if (request.method !== "POST") return wrongMethod("POST", metaError);
  const actor = await mediaCaller(request, "update", metaError);
  if (actor instanceof Response) return actor;
  try {
    const body = await readActionBody(request, 16 * 1024);
    const saved = await saveMediaMeta(await getServices(), { actor, input: body });
    return Response.json({ message: metaSaved, id: saved.id, changed: saved.changed }, { headers: MEDIA_CALL_HEADERS });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return Response.json(
      { message: metaError, error: err.message, fields: err.fields ?? null },
      { status: err.status, headers: MEDIA_CALL_HEADERS },
    );
  }
}

export function loader() {
  return wrongMethod("POST", MEDIA_MESSAGES.metaError);
}
