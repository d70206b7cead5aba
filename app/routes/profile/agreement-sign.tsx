import { formatAgreementNumber } from "~/lib/format";
import { ArrowLeft } from "lucide-react";
import { Form, href, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { clientAddress } from "~/lib/request.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { getContractForSigning, recordSectionViewed } from "~/modules/agreements/agreement-contract.server";
import { signAgreement } from "~/modules/agreements/agreements.server";
import { ContractText } from "~/modules/agreements/ui/contract-text";
import { PdfViewButton } from "~/modules/agreements/ui/pdf-view-button";
import { ReportWhenSeen, SellerTaxQuestions } from "~/modules/agreements/ui/seller-tax-questions";
import { SignError } from "~/modules/agreements/ui/sign-error";
import { SignerFields } from "~/modules/agreements/ui/signer-fields";
import type { Route } from "./+types/agreement-sign";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/**
 * /v2/profile/agreements/{id}/sign (SPEC: contract pages, four sections, signature): a party reads the four sections,
 * initials each, confirms their legal name, signs (typed, or drawn once the page runs JavaScript) and enters their
 * password again. A plain form; the second signature seals the contract.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () =>
    getContractForSigning(await getServices(), {
      actor: viewer,
      input: { agreementId: idParam(params.agreementId, NO_AGREEMENT) },
      client: { ipAddress: clientAddress(request), userAgent: request.headers.get("user-agent") },
    }),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "sign",
    intents: {
      sign: intent(z.looseObject({}), async ({ actor, body }) => {
        const r = await signAgreement(services, {
          actor,
          headers: request.headers,
          ipAddress: clientAddress(request),
          userAgent: request.headers.get("user-agent"),
          input: {
            agreementId: idParam(params.agreementId, NO_AGREEMENT),
            legalName: body.legalName,
            method: body.method,
            imagePng: body.imagePng || undefined,
            initials: [1, 2, 3, 4].map((n) => String(body[`initials${n}`] ?? "")),
            password: body.password,
            sellerForeign: body.sellerForeign || undefined,
            sellerStateResident: body.sellerStateResident || undefined,
          },
        });
        return {
          message: r.message,
          redirectTo: href("/v2/profile/agreements/:agreementId", { agreementId: params.agreementId }),
        };
      }),
      // The audit trail's "viewed section N", reported by the page as each section comes into view.
      viewed: intent(z.looseObject({}), async ({ actor, body }) => {
        await recordSectionViewed(services, {
          actor,
          input: { agreementId: idParam(params.agreementId, NO_AGREEMENT), section: body.section },
          client: { ipAddress: clientAddress(request), userAgent: request.headers.get("user-agent") },
        });
        return { stay: true };
      }),
    },
  });
}

/** A section's "viewed" report changes nothing on the page: no reload. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "viewed" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const a = loaderData?.agreement;
  return [
    { title: a ? `Sign agreement ${formatAgreementNumber(a.id)} · Vacation Points Market` : "Sign the agreement" },
  ];
}

const STATE_WORDS: Record<string, string> = {
  signed: "You have signed this agreement.",
  "not-sent": "The contract is still being prepared: you will get an email when it is ready to sign.",
  closed: "This agreement is past signing.",
  impersonating: "An administrator cannot sign for a party: each party signs in their own account.",
  "not-a-party": "Only the buyer and the seller sign this agreement.",
  staff: "Staff accounts cannot sign an agreement as the buyer or the seller: sign in with the party's own account.",
};

export default function SignAgreement({ loaderData, actionData }: Route.ComponentProps) {
  const { agreement: a, sections, state, legalName, sellerQuestions, sealed } = loaderData;
  const fieldErrors =
    actionData && typeof actionData === "object" && "fields" in actionData
      ? (actionData.fields as Record<string, string[]> | null)
      : null;
  const busy = useNavigation().state === "submitting";
  const page = href("/v2/profile/agreements/:agreementId", { agreementId: String(a.id) });
  const contractPdf = href("/v2/profile/agreements/:agreementId/contract.pdf", { agreementId: String(a.id) });
  return (
    <div className="max-w-3xl space-y-6">
      <Link to={page} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" /> Agreement {formatAgreementNumber(a.id)}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Sign the purchase agreement</h1>
        <p className="mt-1 text-slate-700">
          {a.resortName}, {a.points} points · listing {a.listingCode}.
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <a href={contractPdf} className="text-sky-800 underline">
            {sealed ? "Download the sealed contract (PDF)" : "Download the contract (PDF)"}
          </a>
          <PdfViewButton
            href={contractPdf}
            title={`Contract, agreement ${formatAgreementNumber(a.id)}`}
            label="the contract"
          />
        </p>
      </div>
      {state !== "sign" && <ActionErrorAlert actionData={actionData} />}
      {state !== "sign" && (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {STATE_WORDS[state] ?? "This agreement cannot be signed now."}
        </p>
      )}
      <Form method="post" className="space-y-6">
        {sections.map((s) => (
          <section
            key={s.key}
            id={`contract-section-${s.number}`}
            aria-labelledby={`section-${s.number}`}
            className="rounded-lg border border-slate-200 bg-white p-5"
          >
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Section {s.number} of 4</p>
            <h2 id={`section-${s.number}`} className="text-lg font-semibold text-slate-900">
              {s.title}
            </h2>
            <div className="mt-3">
              <ContractText text={s.text} />
            </div>
            {state === "sign" && <ReportWhenSeen targetId={`contract-section-${s.number}`} section={s.number} />}
            {s.number === 3 && sellerQuestions && (
              <SellerTaxQuestions residencyState={sellerQuestions.residencyState} errors={fieldErrors} />
            )}
            {state === "sign" && (
              <div className="mt-4 max-w-48">
                <Field
                  id={`initials-${s.number}`}
                  label={`Your initials for section ${s.number}`}
                  name={`initials${s.number}`}
                  required
                  maxLength={6}
                  autoComplete="off"
                  errors={fieldErrors?.[`initials${s.number}`] ?? fieldErrors?.initials}
                />
              </div>
            )}
          </section>
        ))}
        {state === "sign" && (
          <section aria-labelledby="sign-heading" className="space-y-4 rounded-lg border border-sky-200 bg-sky-50 p-5">
            <h2 id="sign-heading" className="text-lg font-semibold text-slate-900">
              Sign
            </h2>
            <SignerFields legalName={legalName} errors={fieldErrors} />
            <p className="text-sm text-slate-700">
              By signing you agree to the four sections above. Nothing is binding until both parties have signed; the
              sale stays subject to the developer's right of first refusal.
            </p>
            {/* A refused signature is said here, by the button, and focused (not only at the top of the page). */}
            <SignError actionData={actionData} />
            <Button type="submit" disabled={busy} aria-describedby={actionData ? "sign-error" : undefined}>
              {busy ? "Signing…" : "Sign the agreement"}
            </Button>
          </section>
        )}
      </Form>
    </div>
  );
}
