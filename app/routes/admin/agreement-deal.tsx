import { formatAgreementNumber } from "~/lib/format";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { data, Form, href, isRouteErrorResponse } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireAdminPage } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Button } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { getAgreementDealForStaff } from "~/modules/agreements/agreement-deal.server";
import { retrySeal } from "~/modules/agreements/agreement-seal.server";
import { AgreementFiles } from "~/modules/agreements/ui/agreement-files";
import { AuditTrailTable } from "~/modules/agreements/ui/audit-trail-table";
import { ClosingStatementSection } from "~/modules/agreements/ui/closing-statement";
import { DealFacts, SellerTaxDeclarations } from "~/modules/agreements/ui/deal-facts";
import { DealTimeline } from "~/modules/agreements/ui/deal-timeline";
import type { Route } from "./+types/agreement-deal";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/**
 * /admin/agreements/{id}/deal: one deal for the back office (staff cannot open the parties' agreement pages): the
 * parties and the listing, the ROFR result, the deal timeline with what the back office does next, the closing
 * statement of both sides, the seller's tax declarations, the files and the audit trail. Administrators only.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await requireAdminPage(request, "read", "OfferAdmin");
  if (!page) return null;
  return orHttpError(async () =>
    getAgreementDealForStaff(await getServices(), {
      actor: page.viewer,
      input: { agreementId: idParam(params.id, NO_AGREEMENT) },
    }),
  );
}

/** "Retry sealing": a seal the job gave up on is queued again (agreement-seal.server.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  const page = await requireAdminPage(request, "update", "OfferAdmin");
  if (!page) return data({ error: "Stop acting as another person to retry sealing." }, { status: 403 });
  const services = await getServices();
  return handleAction(request, {
    actor: page.viewer,
    defaultIntent: "retrySeal",
    intents: {
      retrySeal: intent(z.looseObject({}), async ({ actor }) => {
        const r = await retrySeal(services, { actor, input: { agreementId: idParam(params.id, NO_AGREEMENT) } });
        return r.message;
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const a = loaderData?.agreement;
  return [{ title: a ? `Deal of agreement ${formatAgreementNumber(a.id)} · Admin` : "Deal · Admin" }];
}

export default function AgreementDeal({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { agreement: a, now, timeline, statement, taxes, documents, events, paths } = loaderData;
  return (
    <div className="max-w-5xl space-y-8">
      <div className="space-y-3">
        <Link to={paths.list} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" /> All agreements
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">
          Deal: agreement {formatAgreementNumber(a.id)}, {a.resortName}
        </h1>
        <DealFacts agreement={a} buyer={loaderData.buyer} seller={loaderData.seller} />
        <nav aria-label={`Pages about agreement ${formatAgreementNumber(a.id)}`}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {[
              { label: "Recorded deed", to: paths.deed },
              { label: "Back-office steps and terms", to: paths.row },
            ].map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-flex items-center gap-1 font-medium text-sky-800 underline">
                  {l.label} <ArrowRight aria-hidden className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {loaderData.missingFactsText && (
        <section
          aria-labelledby="blanks-heading"
          className="max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <h2 id="blanks-heading" className="font-semibold">
            The contract cannot go out to sign yet
          </h2>
          <p className="mt-1">
            It would print a blank. Missing: {loaderData.missingFactsText}. The party it belongs to is asked for it (by
            email and in their notifications) when “Send to sign” is pressed; send it again once it is on file.
          </p>
        </section>
      )}

      {loaderData.seal?.stuck && (
        <section
          aria-labelledby="seal-heading"
          className="max-w-3xl space-y-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-950"
        >
          <h2 id="seal-heading" className="font-semibold">
            The contract could not be sealed
          </h2>
          <p>
            Both sides signed, but the sealed contract could not be stored after {loaderData.seal.tries} tries. Last
            error: {loaderData.seal.error}
          </p>
          <ActionErrorAlert actionData={actionData} />
          <Form method="post">
            <input type="hidden" name="intent" value="retrySeal" />
            <Button type="submit">Retry sealing</Button>
          </Form>
        </section>
      )}

      <div className="max-w-3xl">
        <DealTimeline items={timeline.items} basis={timeline.basis} now={now} />
      </div>

      {statement ? (
        <ClosingStatementSection statement={statement} />
      ) : (
        <section aria-labelledby="statement-heading">
          <h2 id="statement-heading" className="text-lg font-semibold text-slate-900">
            Closing statement
          </h2>
          <p className="mt-1 text-slate-700">
            {a.ended ? "None: the deal ended without a sale to the buyer." : "Not available for this agreement."}
          </p>
        </section>
      )}

      <SellerTaxDeclarations taxes={taxes} />
      <AgreementFiles documents={documents} />
      <div className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">Audit trail</h2>
        <AuditTrailTable events={events} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Agreement not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {missing ? "There is no such agreement." : "We could not show this page. Please try again."}
      </p>
      <Link to={href("/admin/agreements")} className="text-sky-800 underline">
        All agreements
      </Link>
    </div>
  );
}
