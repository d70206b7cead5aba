import { requireUser } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { contractPdfForViewer } from "~/modules/agreements/agreement-contract.server";
import { agreementPdfHeaders } from "~/modules/agreements/pdf-response";
import type { Route } from "./+types/agreement-contract-pdf";

/**
 * The agreement's contract as a PDF (unsigned, or with the signatures so far), for its parties and administrators: an
 * attachment, or inline with `?inline=1` for the in-page viewer (same checks; a sandboxing CSP either way).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const pdf = await orHttpError(async () =>
    contractPdfForViewer(await getServices(), { actor: viewer, input: { agreementId: params.agreementId } }),
  );
  return new Response(Buffer.from(pdf.bytes), {
    headers: agreementPdfHeaders(request, pdf.fileName),
  });
}
