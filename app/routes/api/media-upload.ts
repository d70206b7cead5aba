import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { readUploadedFile } from "~/lib/upload.server";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "~/modules/content/media";
import { uploadToLibrary } from "~/modules/content/media.server";
import type { Route } from "./+types/media-upload";
import { MEDIA_CALL_HEADERS, mediaCaller, wrongMethod } from "./media-call.server";

/** Room for the multipart envelope around the file. */
const MAX_BODY = MEDIA_MAX_BYTES + 64 * 1024;

/**
 * SPEC section 7 "configurable upload route" (multipart file; the rich-text editor's image upload): the picture
 * joins the media library and the answer is `{ location, message, id, alt }`, `location` the full-size address. A
 * refusal is `{ message: "Upload failed", error }` with a 4xx: 400 not an image (told by its bytes) or no file, 413
 * over 10 MB, 401 signed out, 403 not for this role. The file is the form's `file` (or `upload`) field.
 */
export async function action({ request }: Route.ActionArgs) {
  const failed = MEDIA_MESSAGES.uploadFailed;
  if (request.method !== "POST") return wrongMethod("POST", failed);
  const actor = await mediaCaller(request, "create", failed);
  if (actor instanceof Response) return actor;
  const refuse = (status: number, error: string) =>
    Response.json({ message: failed, error }, { status, headers: MEDIA_CALL_HEADERS });
  const form = request.clone();
  let file = await readUploadedFile(request, { field: "file", maxBodyBytes: MAX_BODY });
  if (file === "missing") file = await readUploadedFile(form, { field: "upload", maxBodyBytes: MAX_BODY });
  if (file === "too-big") return refuse(413, MEDIA_MESSAGES.tooBig);
  if (file === "missing") return refuse(400, MEDIA_MESSAGES.missing);
  try {
    const picture = await uploadToLibrary(await getServices(), { actor, input: { file } });
    return Response.json(
      { location: picture.url, message: "Image uploaded.", id: picture.id, alt: picture.alt, title: picture.title },
      { status: 201, headers: MEDIA_CALL_HEADERS },
    );
  } catch (err) {
    if (!isAppError(err)) throw err;
    return refuse(err.status, err.message);
  }
}

export function loader() {
  return wrongMethod("POST", MEDIA_MESSAGES.uploadFailed);
}
