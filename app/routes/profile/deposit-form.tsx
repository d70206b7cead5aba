import { ArrowLeft, TriangleAlert } from "lucide-react";
import { Form, href, isRouteErrorResponse, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Footer } from "~/components/shell/footer";
import { Header } from "~/components/shell/header";
import { SkipLink } from "~/components/shell/skip-link";
import { Button } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { formatPrice, formatAgreementNumber } from "~/lib/format";
import { formatDateTimeEastern } from "~/lib/format-dates";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { getDepositForm, markDepositSent } from "~/modules/agreements/agreements.server";
import type { Route } from "./+types/deposit-form";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_AGREEMENT = "This agreement does not exist.";

/**
 * SPEC `/profile/deposit-form/{id}`: the buyer's deposit: the amount and the deadline, the title company's name and
 * wire instructions (as the title company wrote them) with the anti-fraud warning, and "I have wired the deposit".
 * Only the agreement's buyer and administrators see it (anyone else: the 404 of an agreement that does not exist); in
 * other states it says no deposit is due, or that it was received. Its own page chrome, outside the profile layout,
 * so an administrator can open it too.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () =>
    getDepositForm(await getServices(), { actor: viewer, input: { agreementId: idParam(params.id, NO_AGREEMENT) } }),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "deposit-sent",
    intents: {
      "deposit-sent": intent(z.looseObject({}), async ({ actor }) => {
        // The seller and strangers are told the agreement does not exist, as by the page.
        await getDepositForm(services, { actor, input: { agreementId: idParam(params.id, NO_AGREEMENT) } });
        return (await markDepositSent(services, { actor, input: { agreementId: idParam(params.id, NO_AGREEMENT) } }))
          .message;
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const a = loaderData?.agreement;
  return [{ title: a ? `Deposit for agreement ${formatAgreementNumber(a.id)} · Vacation Points Market` : "Deposit" }];
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 focus:outline-none md:py-8">
        {children}
      </main>
      <Footer />
    </div>
  );
}

export default function DepositForm({ loaderData, actionData }: Route.ComponentProps) {
  const {
    agreement: a,
    state,
    depositCents,
    depositDueAt,
    depositSentAt,
    depositReceivedAt,
    titleCompany,
  } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <Shell>
      <div className="space-y-6">
        <Link to={loaderData.agreementPath} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
          <ArrowLeft aria-hidden className="size-4" /> Agreement {formatAgreementNumber(a.id)}
        </Link>
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Deposit for agreement {formatAgreementNumber(a.id)}</h1>
          <p className="mt-1 text-slate-700">
            {a.resortName}, {a.points} points · listing {a.listingCode} · <strong>{a.statusLabel}</strong>
          </p>
        </div>
        <ActionErrorAlert actionData={actionData} />

        {state === "due" ? (
          <>
            <section aria-labelledby="amount-heading" className="rounded-lg border border-sky-200 bg-sky-50 p-4 sm:p-5">
              <h2 id="amount-heading" className="text-lg font-semibold text-slate-900">
                The deposit
              </h2>
              <dl className="mt-2 grid gap-3 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-slate-600">Amount</dt>
                  <dd className="text-xl font-bold text-slate-900" data-testid="deposit-amount">
                    {depositCents !== null ? formatPrice(depositCents) : "Not set yet"}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">Due by (Eastern time)</dt>
                  <dd className="text-xl font-bold text-slate-900">
                    {depositDueAt ? <time dateTime={depositDueAt}>{formatDateTimeEastern(depositDueAt)}</time> : "—"}
                  </dd>
                </div>
              </dl>
            </section>

            <section aria-labelledby="wire-heading" className="space-y-3">
              <h2 id="wire-heading" className="text-lg font-semibold text-slate-900">
                Wire to {titleCompany?.name ?? "the title company"}
              </h2>
              <div role="note" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
                <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
                <p>
                  <strong>Wire only to the title company.</strong> The deposit goes to the title company's escrow, never
                  to the seller or to us. Nobody from our team will ever email you new wire instructions: if anyone
                  does, call the title company on a number you found yourself before you send anything.
                </p>
              </div>
              {titleCompany?.wireInstructions ? (
                <pre
                  className="overflow-x-auto rounded-md border border-slate-200 bg-white p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-900"
                  data-testid="wire-instructions"
                >
                  {titleCompany.wireInstructions}
                </pre>
              ) : (
                <p className="text-slate-800">
                  The title company's wire instructions are not on file yet: we will email you when they are.
                </p>
              )}
            </section>

            <section aria-labelledby="sent-heading">
              <h2 id="sent-heading" className="text-lg font-semibold text-slate-900">
                Tell us when it is sent
              </h2>
              {depositSentAt ? (
                <p className="mt-1 text-slate-800">
                  You told us the deposit was wired on {formatDateTimeEastern(depositSentAt)} (Eastern). We confirm with
                  the title company that it arrived.
                </p>
              ) : (
                <Form method="post" className="mt-2 space-y-2">
                  <p className="text-slate-800">
                    Once the wire has left your bank, tell us: we check with the title company that it arrived.
                  </p>
                  <input type="hidden" name="intent" value="deposit-sent" />
                  <Button type="submit" disabled={busy}>
                    I have wired the deposit
                  </Button>
                </Form>
              )}
            </section>
          </>
        ) : (
          <section aria-labelledby="none-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
            <h2 id="none-heading" className="text-lg font-semibold text-slate-900">
              {state === "received" ? "Deposit received" : "No deposit is due"}
            </h2>
            <p className="mt-1 text-slate-800">
              {state === "received" && depositReceivedAt
                ? `The title company received the deposit on ${formatDateTimeEastern(depositReceivedAt)} (Eastern). Nothing more to wire until closing.`
                : state === "ended"
                  ? "This agreement has ended: no deposit is due. A deposit already paid is refunded by the title company."
                  : "The deposit is due once both sides have signed the purchase agreement. We will email you the amount and the wire instructions then."}
            </p>
          </section>
        )}
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Shell>
      <div className="max-w-xl space-y-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {missing ? "Agreement not found" : "Something went wrong"}
        </h1>
        <p className="text-slate-700">
          {missing
            ? "This agreement does not exist, or it has no deposit for you to wire."
            : "We could not show this deposit. Please try again."}
        </p>
        <Link to={href("/v2/profile")} className="text-sky-800 underline">
          Back to your profile
        </Link>
      </div>
    </Shell>
  );
}
