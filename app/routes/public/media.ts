import { Readable } from "node:stream";
import { getServices } from "~/lib/runtime.server";
import { readStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/media";

const FOLDER = /^[a-z0-9-]{1,40}$/;
/** A stored name: 16 random hex digits, and for a media library picture's smaller sizes its preset (`-75`). */
const FILE = /^[a-f0-9]{16}(-(?:75|50|25))?\.webp$/;

/**
 * Serves an image uploaded through an admin form (a broker's logo, a media library picture at each size...): only stored names, always as image/webp
 * (every upload is re-encoded, and the type is never taken from the store), with nosniff and a sandboxing CSP so a
 * file is never read as a page. Names are random and change with every upload, so the answer is cached for long. A
 * store that cannot be read (the S3 bucket down) answers 503, not cached.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { storage } = await getServices();
  const found = await readStoredFile(async () =>
    FOLDER.test(params.folder) && FILE.test(params.file) ? storage.get(`media/${params.folder}/${params.file}`) : null,
  );
  if (found instanceof Response) return found;
  if (!found) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  return new Response(Readable.toWeb(found.body) as ReadableStream, {
    headers: {
      "content-type": "image/webp",
      "content-length": String(found.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
