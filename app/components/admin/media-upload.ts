import { href } from "react-router";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "~/modules/content/media";

/** A picture sent to the media library from the browser (the rich-text editor's upload button). */
export type MediaUpload =
  | { state: "sending"; name: string }
  | { state: "failed"; message: string }
  | { state: "done"; id: number; location: string; alt: string; title: string; name: string };

/**
 * Uploads one picture to `/media/upload`. The answer must carry a `location`, else 'Invalid response from server';
 * a refusal is 'Upload failed' with the server's reason (SPEC section 8). A file over the cap is refused here first.
 */
export async function uploadPicture(file: File): Promise<MediaUpload> {
  const { uploadFailed, invalidResponse, tooBig } = MEDIA_MESSAGES;
  if (file.size > MEDIA_MAX_BYTES) return { state: "failed", message: `${uploadFailed}: ${tooBig}` };
  const form = new FormData();
  form.append("file", file);
  let res: Response;
  try {
    res = await fetch(href("/media/upload"), { method: "POST", body: form, headers: { accept: "application/json" } });
  } catch {
    return { state: "failed", message: `${uploadFailed}: the server could not be reached.` };
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const why = typeof body?.error === "string" ? body.error : `the server answered ${res.status}.`;
    return { state: "failed", message: `${uploadFailed}: ${why}` };
  }
  if (!body || typeof body.location !== "string" || body.location === "") {
    return { state: "failed", message: invalidResponse };
  }
  return {
    state: "done",
    id: Number(body.id),
    location: body.location,
    alt: typeof body.alt === "string" ? body.alt : "",
    title: typeof body.title === "string" ? body.title : "",
    name: file.name,
  };
}

/** SPEC `/media/meta/save`: 'Metadata saved!' or 'Error saving metadata.' (with the reason when there is one). */
export async function saveMediaMeta(input: { id: number; title: string; alt: string; description?: string }) {
  const { metaError } = MEDIA_MESSAGES;
  try {
    const res = await fetch(href("/media/meta/save"), {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({
        id: String(input.id),
        title: input.title,
        alt: input.alt,
        description: input.description ?? "",
      }),
    });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && typeof body?.message === "string") return body.message;
    return typeof body?.error === "string" ? `${metaError} ${body.error}` : metaError;
  } catch {
    return metaError;
  }
}
