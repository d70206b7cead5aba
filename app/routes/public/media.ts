import { Readable } from "node:stream";
import { getServices } from "~/lib/runtime.server";
import type { Route } from "./+types/media";

const FOLDER = /^[a-z0-9-]{1,40}$/;
const FILE = /^[a-f0-9]{16}\.webp$/;

/**
 * Serves an image uploaded through an admin form (a broker's logo...): only stored names, always as image/webp
 * (every upload is re-encoded), with nosniff and a sandboxing CSP so a file is never read as a page. Names are
 * random and change with every upload, so the answer is cached for long.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { storage } = await getServices();
  const found =
    FOLDER.test(params.folder) && FILE.test(params.file)
      ? await storage.get(`media/${params.folder}/${params.file}`)
      : null;
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
