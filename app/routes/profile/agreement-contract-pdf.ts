import { requireUser } from "~/auth/session.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { contractPdfForViewer } from "~/modules/agreements/agreement-contract.server";
import type { Route } from "./+types/agreement-contract-pdf";

/** The agreement's contract as a PDF (unsigned, or with the signatures so far), for its parties and administrators. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const pdf = await orHttpError(async () =>
    contractPdfForViewer(await getServices(), { actor: viewer, input: { agreementId: params.agreementId } }),
  );
  return new Response(Buffer.from(pdf.bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${pdf.fileName}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
