import { formatAgreementNumber } from "~/lib/format";
import { ArrowLeft } from "lucide-react";
import { Form, href, useNavigation } from "react-router";
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
import { getAddendumForSigning, signAddendum } from "~/modules/agreements/addenda.server";
import { ContractText } from "~/modules/agreements/ui/contract-text";
import { SignError } from "~/modules/agreements/ui/sign-error";
import { SignerFields } from "~/modules/agreements/ui/signer-fields";
import type { Route } from "./+types/addendum-sign";

/** URL ids that cannot be rows are 404s, like ones that are no rows (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";
const NO_ADDENDUM = "This addendum does not exist.";

/**
 * /v2/profile/agreements/{id}/addenda/{n}/sign (decision 0036): a party reads an addendum to their sealed agreement,
 * initials it, confirms their legal name, signs (typed, or drawn once the page runs JavaScript) and enters their
 * password again, as on the agreement's signing page. A plain form; the second signature seals the addendum.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () =>
    getAddendumForSigning(await getServices(), {
      actor: viewer,
      input: { agreementId: idParam(params.agreementId, NO_AGREEMENT), number: idParam(params.number, NO_ADDENDUM) },
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
        const r = await signAddendum(services, {
          actor,
          headers: request.headers,
          ipAddress: clientAddress(request),
          userAgent: request.headers.get("user-agent"),
          input: {
            agreementId: idParam(params.agreementId, NO_AGREEMENT),
            number: idParam(params.number, NO_ADDENDUM),
            legalName: body.legalName,
            method: body.method,
            imagePng: body.imagePng || undefined,
            initials: body.initials,
            password: body.password,
          },
        });
        return {
          message: r.message,
          redirectTo: href("/v2/profile/agreements/:agreementId", { agreementId: params.agreementId }),
        };
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const d = loaderData;
  return [
    {
      title: d
        ? `Sign addendum ${d.addendum.number} to agreement ${formatAgreementNumber(d.agreement.id)} · Vacation Points Market`
        : "Sign the addendum",
    },
  ];
}

const STATE_WORDS: Record<string, string> = {
  signed: "You have signed this addendum.",
  withdrawn: "This addendum was withdrawn: it does not change the agreement.",
  ended: "This addendum can no longer be signed.",
  impersonating: "An administrator cannot sign for a party: each party signs in their own account.",
  "not-a-party": "Only the buyer and the seller sign this addendum.",
};

export default function SignAddendum({ loaderData, actionData }: Route.ComponentProps) {
  const { agreement: a, addendum: d, state, legalName } = loaderData;
  const busy = useNavigation().state === "submitting";
  const page = href("/v2/profile/agreements/:agreementId", { agreementId: String(a.id) });
  return (
    <div className="max-w-3xl space-y-6">
      <Link to={page} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" /> Agreement {formatAgreementNumber(a.id)}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Sign addendum {d.number} to agreement {formatAgreementNumber(a.id)}
        </h1>
        <p className="mt-1 text-slate-700">
          {a.resortName}, {a.points} points · listing {a.listingCode} · <strong>{d.statusLabel}</strong>
        </p>
        <p className="mt-2 text-sm text-slate-700">
          An addendum corrects the sealed agreement: everything in the agreement it does not change stays as it is. It
          takes effect once both parties have signed it.
        </p>
      </div>
      {state !== "sign" && <ActionErrorAlert actionData={actionData} />}
      {state !== "sign" && (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {STATE_WORDS[state] ?? "This addendum cannot be signed now."}
          {d.withdrawReason && <> Reason: {d.withdrawReason}</>}
          {d.documentPath && (
            <>
              {" "}
              <a href={d.documentPath} className="text-sky-800 underline">
                Download the sealed addendum (PDF)
              </a>
            </>
          )}
        </p>
      )}
      <Form method="post" className="space-y-6">
        <section aria-labelledby="addendum-title" className="rounded-lg border border-slate-200 bg-white p-5">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Addendum {d.number}</p>
          <h2 id="addendum-title" className="text-lg font-semibold break-words text-slate-900">
            {d.title}
          </h2>
          <div className="mt-3 break-words">
            <ContractText text={d.text} />
          </div>
          {state === "sign" && (
            <div className="mt-4 max-w-48">
              <Field
                id="addendum-initials"
                label="Your initials for this addendum"
                name="initials"
                required
                maxLength={6}
                autoComplete="off"
              />
            </div>
          )}
        </section>
        {state === "sign" && (
          <section aria-labelledby="sign-heading" className="space-y-4 rounded-lg border border-sky-200 bg-sky-50 p-5">
            <h2 id="sign-heading" className="text-lg font-semibold text-slate-900">
              Sign
            </h2>
            <SignerFields legalName={legalName} stampedOn="the addendum" />
            <p className="text-sm text-slate-700">
              By signing you agree to this addendum to agreement {formatAgreementNumber(a.id)}. Once both parties have
              signed, it is sealed as its own PDF beside the contract.
            </p>
            <SignError actionData={actionData} />
            <Button type="submit" disabled={busy} aria-describedby={actionData ? "sign-error" : undefined}>
              {busy ? "Signing…" : "Sign the addendum"}
            </Button>
          </section>
        )}
      </Form>
    </div>
  );
}
