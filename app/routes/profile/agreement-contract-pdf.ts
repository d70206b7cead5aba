import { requireUser } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { contractPdfForViewer } from "~/modules/agreements/agreement-contract.server";
import { agreementPdfHeaders } from "~/modules/agreements/pdf-response";
import type { Route } from "./+types/agreement-contract-pdf";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/**
 * The agreement's contract as a PDF (unsigned, or with the signatures so far), for its parties and administrators: an
 * attachment, or inline with `?inline=1` for the in-page viewer (same checks; a sandboxing CSP either way).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const pdf = await orHttpError(async () =>
    contractPdfForViewer(await getServices(), {
      actor: viewer,
      input: { agreementId: idParam(params.agreementId, NO_AGREEMENT) },
    }),
  );
  return new Response(Buffer.from(pdf.bytes), {
    headers: agreementPdfHeaders(request, pdf.fileName),
  });
}
