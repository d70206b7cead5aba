import { Readable } from "node:stream";
import { getServices } from "~/lib/runtime.server";
import { readStoredFile } from "~/lib/storage.server";
import { MARKETING_FILE_NAME } from "~/modules/marketing/marketing-files";
import type { Route } from "./+types/marketing-file";

const TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

/**
 * A marketing file's public address (decision 0091): what a template's picture or link points at. Only stored names
 * (16 random hex digits and the extension of the type told by the file's bytes at upload), served with that type,
 * nosniff and a sandboxing CSP; a PDF is offered as a download. Names are random, so the answer is cached for long.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const m = MARKETING_FILE_NAME.exec(params.file);
  const { storage } = await getServices();
  const found = await readStoredFile(async () => (m ? storage.get(`marketing/files/${params.file}`) : null));
  if (found instanceof Response) return found;
  if (!found || !m) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
  return new Response(Readable.toWeb(found.body) as ReadableStream, {
    headers: {
      "content-type": TYPES[m[1]],
      "content-length": String(found.size),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      ...(m[1] === "pdf" ? { "content-disposition": `attachment; filename="${params.file}"` } : {}),
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
