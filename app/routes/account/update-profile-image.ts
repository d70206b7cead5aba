import { isDocumentSubmission } from "~/lib/action.server";
import { href, redirect } from "react-router";
import { getViewer } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { getServices } from "~/lib/runtime.server";
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "~/modules/profile/photo";
import { findPhotoOwner, updateProfilePhoto } from "~/modules/profile/photo.server";
import { readUploadedFile } from "~/lib/upload.server";
import type { Route } from "./+types/update-profile-image";

/** Room for the multipart envelope around the file. */
const MAX_BODY = PHOTO_MAX_BYTES + 64 * 1024;

/**
 * SPEC `update_profile_image/{user_uniqid}`: a multipart POST with the photo in the field `upload`. The body is
 * capped while it is read (413 past 5 MB), the type is told by the file's bytes, the photo is resized by the
 * service. A fetch gets JSON `{ data: { url }, message }`; the page's own form (JavaScript off) goes back to
 * /profile with the message.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const document = isDocumentSubmission(request);
  const fail = async (status: number, message: string) => {
    if (!document) return Response.json({ data: false, error: message, fields: { upload: [message] } }, { status });
    const headers = await setFlash(new Headers(), { kind: "error", message });
    return redirect(`${href("/profile")}#profile-photo`, { headers, status: 303 });
  };
  const viewer = await getViewer(request);
  if (!viewer) {
    if (document) return redirect(`${href("/sign-in")}?redirectTo=%2Fprofile`, { status: 303 });
    return Response.json({ data: false, error: "Please sign in first." }, { status: 401 });
  }
  const services = await getServices();
  try {
    await findPhotoOwner(services, { actor: viewer, userUniqid: params.userUniqid });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(error.status, error.message);
  }
  const file = await readUploadedFile(request, { field: PHOTO_FIELD, maxBodyBytes: MAX_BODY });
  if (file === "too-big") return fail(413, PHOTO_MESSAGES.tooBig);
  if (file === "missing") return fail(400, PHOTO_MESSAGES.missing);
  if (file.size > PHOTO_MAX_BYTES) return fail(413, PHOTO_MESSAGES.tooBig);
  try {
    const result = await updateProfilePhoto(services, {
      actor: viewer,
      input: { userUniqid: params.userUniqid, bytes: new Uint8Array(await file.arrayBuffer()) },
    });
    if (!document) return Response.json({ data: { url: result.url }, message: PHOTO_MESSAGES.saved });
    const headers = await setFlash(new Headers(), { kind: "success", message: PHOTO_MESSAGES.saved });
    return redirect(`${href("/profile")}#profile-photo`, { headers, status: 303 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(error.status, error.message);
  }
}

export function loader() {
  return Response.json({ data: false, error: "Send a POST with the photo in the field upload." }, { status: 405 });
}
