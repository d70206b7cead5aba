import { ArrowLeft } from "lucide-react";
import { href, isRouteErrorResponse } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { buttonClass } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { formatPrice, formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { addendaForViewer } from "~/modules/agreements/addenda.server";
import { AddendaSection } from "~/modules/agreements/ui/addenda-section";
import { documentPath, getAgreementPage, markDepositSent } from "~/modules/agreements/agreements.server";
import { AgreementFiles } from "~/modules/agreements/ui/agreement-files";
import { ClosingStatementSection } from "~/modules/agreements/ui/closing-statement";
import { DealTimeline } from "~/modules/agreements/ui/deal-timeline";
import type { Route } from "./+types/agreement";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/**
 * /v2/profile/agreements/{id}: one agreement for its buyer or seller (administrators see it too): the deal timeline
 * (steps done with their dates, what the viewer must do now, the expected dates ahead and their basis), the closing
 * statement of the viewer's side, the terms, a link to the deposit form (the buyer), the files, and the audit trail. Anyone else gets the 404 of an agreement that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () => {
    const services = await getServices();
    const a = await getAgreementPage(services, {
      actor: viewer,
      input: { agreementId: idParam(params.agreementId, NO_AGREEMENT) },
    });
    return {
      ...a,
      // The agreement getAgreementPage has shown the viewer may see.
      addenda: await addendaForViewer(services, { actor: viewer, agreement: a.agreement }),
      documents: a.documents.map((d) => ({ ...d, path: documentPath(a.agreement.id, d.id) })),
      agreement: {
        id: a.agreement.id,
        listingCode: a.agreement.listingCode,
        resortName: a.agreement.resortName,
        points: a.agreement.points,
        status: a.agreement.status,
        depositCents: a.agreement.depositCents === null ? null : Number(a.agreement.depositCents),
        depositDueAt: a.agreement.depositDueAt?.toISOString() ?? null,
        depositSentAt: a.agreement.depositSentAt?.toISOString() ?? null,
        cancelReason: a.agreement.cancelReason,
      },
    };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    intents: {
      "deposit-sent": intent(z.looseObject({}), async ({ actor }) => {
        const r = await markDepositSent(services, {
          actor,
          input: { agreementId: idParam(params.agreementId, NO_AGREEMENT) },
        });
        return r.message;
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const a = loaderData?.agreement;
  return [
    { title: a ? `Agreement ${formatAgreementNumber(a.id)}: ${a.resortName} · Vacation Points Market` : "Agreement" },
  ];
}

export default function AgreementPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    agreement: a,
    side,
    statusLabel,
    terms,
    events,
    documents,
    next,
    timeline,
    statement,
    depositFormPath,
    addenda,
  } = loaderData;
  const back = side === "seller" ? href("/v2/profile/seller-agreements") : href("/v2/profile/buyer-agreements");
  return (
    <div className="max-w-3xl space-y-8">
      <div className="space-y-3">
        <Link to={back} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" /> My agreements
        </Link>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            Agreement {formatAgreementNumber(a.id)}: {a.resortName}, {a.points} points
          </h1>
          <p className="mt-1 text-slate-700">
            Listing {a.listingCode} · <strong>{statusLabel}</strong>
          </p>
        </div>
        <ActionErrorAlert actionData={actionData} />
      </div>

      <DealTimeline
        items={timeline.items}
        basis={timeline.basis}
        now={{
          title: next.title,
          text: next.text,
          children: (
            <>
              {next.depositForm && a.depositCents !== null && depositFormPath && (
                <p className="mt-3 text-slate-800">
                  Deposit: <strong>{formatPrice(a.depositCents)}</strong>
                  {a.depositDueAt && <> by {formatDateTimeEastern(a.depositDueAt)} Eastern</>}.{" "}
                  <Link to={depositFormPath} className="font-medium text-sky-800 underline">
                    {a.depositSentAt
                      ? "See the deposit and wire instructions"
                      : "Wire instructions and “I have wired the deposit”"}
                  </Link>
                </p>
              )}
              {next.sign && (
                <p className="mt-3">
                  <Link
                    to={href("/v2/profile/agreements/:agreementId/sign", { agreementId: String(a.id) })}
                    className={buttonClass("primary")}
                  >
                    Read and sign the contract
                  </Link>
                </p>
              )}
              {a.cancelReason && <p className="mt-2 text-slate-800">Reason: {a.cancelReason}</p>}
            </>
          ),
        }}
      />

      {statement && <ClosingStatementSection statement={statement} />}

      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading" className="text-lg font-semibold text-slate-900">
          Terms
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {terms.map((t) => (
            <div key={t.label}>
              <dt className="text-sm text-slate-600">{t.label}</dt>
              <dd className="text-slate-900">{t.value}</dd>
            </div>
          ))}
        </dl>
        {depositFormPath && a.depositCents !== null && !next.depositForm && (
          <p className="mt-3 text-sm">
            <Link to={depositFormPath} className="text-sky-800 underline">
              The deposit and the title company's wire instructions
            </Link>
          </p>
        )}
      </section>

      <AddendaSection addenda={addenda} />

      <AgreementFiles documents={documents} />

      <section aria-labelledby="trail-heading">
        <h2 id="trail-heading" className="text-lg font-semibold text-slate-900">
          What happened (Eastern time)
        </h2>
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4">
          {events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt} className="block text-sm text-slate-600">
                {formatDateTimeEastern(e.createdAt)}
              </time>
              <span className="break-words text-slate-900">{e.note}</span>
            </li>
          ))}
          {events.length === 0 && (
            <li className="text-slate-700">The agreement was created from the accepted offer.</li>
          )}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="max-w-xl space-y-3">
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Agreement not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {missing
          ? "This agreement does not exist, or it is not one of yours."
          : "We could not show this agreement. Please try again."}
      </p>
      <Link to={href("/v2/profile")} className="text-sky-800 underline">
        Back to your profile
      </Link>
    </div>
  );
}
