import { Readable } from "node:stream";
import { getServices } from "~/lib/runtime.server";
import { readStoredFile } from "~/lib/storage.server";
import { readProfilePhoto } from "~/modules/profile/photo.server";
import type { Route } from "./+types/profile-photo";

/**
 * Serves a profile photo: only stored photo names, always as image/webp (every photo is re-encoded on upload),
 * with nosniff and a sandboxing CSP so a file can never be read as a page. Names are random and change with
 * every upload, so the answer is cached for long. A store that cannot be read (the S3 bucket down) answers 503.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const services = await getServices();
  const photo = await readStoredFile(() => readProfilePhoto(services, params.file));
  if (photo instanceof Response) return photo;
  if (!photo) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  return new Response(Readable.toWeb(photo.body) as ReadableStream, {
    headers: {
      "content-type": "image/webp",
      "content-length": String(photo.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": "inline",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
