import { Readable } from "node:stream";
import { requireUser } from "~/auth/session.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { openAgreementDocument } from "~/modules/agreements/agreements.server";
import { agreementPdfHeaders } from "~/modules/agreements/pdf-response";
import type { Route } from "./+types/document";

/**
 * `/agreements/{id}/documents/{docId}`: one file of an agreement (the contract, the sealed contract, the deed) for its
 * two parties and administrators; anyone else gets 404. A PDF attachment with a safe file name, nosniff and a
 * sandboxing CSP; with `?inline=1` (the in-page viewer) the same file inline, behind the same checks and headers.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  try {
    const file = await openAgreementDocument(await getServices(), {
      actor: viewer,
      input: {
        agreementId: idParam(params.agreementId, "This file does not exist."),
        documentId: idParam(params.documentId, "This file does not exist."),
      },
    });
    return new Response(Readable.toWeb(file.body) as ReadableStream, {
      headers: agreementPdfHeaders(request, file.fileName, { "content-length": String(file.size) }),
    });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return new Response(err.status === 404 ? "Not found" : err.message, {
      status: err.status,
      headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" },
    });
  }
}
