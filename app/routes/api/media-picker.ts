import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pickMedia } from "~/modules/content/media.server";
import type { Route } from "./+types/media-picker";
import { MEDIA_CALL_HEADERS, mediaCaller } from "./media-call.server";

/**
 * `GET /media/picker?q=&page=`: a page of the media library for the picker dialog (rich text and image fields),
 * newest first, `q` searched in the title, alt text, description and file name. `{ items, total, page, pages }`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await mediaCaller(request, "read", "The media library could not be opened.");
  if (actor instanceof Response) return actor;
  const url = new URL(request.url);
  try {
    const result = await pickMedia(await getServices(), {
      actor,
      input: { q: url.searchParams.get("q") ?? "", page: Number(url.searchParams.get("page") ?? 1) },
    });
    return Response.json(result, { headers: MEDIA_CALL_HEADERS });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return Response.json({ message: err.message }, { status: err.status, headers: MEDIA_CALL_HEADERS });
  }
}
