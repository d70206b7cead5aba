import { ArrowLeft } from "lucide-react";
import { Form, href, isRouteErrorResponse, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { requireUser } from "~/auth/session.server";
import { ActionErrorAlert } from "~/components/admin/admin-chrome";
import { Button } from "~/components/ui/button";
import { formatPerPoint, formatPrice } from "~/lib/format";
import { formatDateEastern, formatDateTimeEastern } from "~/lib/format-dates";
import { handleAction, intent } from "~/lib/action.server";
import { orHttpError } from "~/lib/http.server";
import { getServices } from "~/lib/runtime.server";
import { idParam } from "~/lib/fields";
import { CloseRequestSchema } from "~/modules/special-requests/special-requests.schema";
import { closeSpecialRequest, getSpecialRequest } from "~/modules/special-requests/special-requests.server";
import type { Route } from "./+types/special-request";

/** A URL id that cannot be a row is a 404, like one that is no row (issue 12 finding 6). */
const NO_REQUEST = "There is no such special request.";

/**
 * /my-special-requests/{id}: one request, the listings that meet it now and those emailed so far; its buyer can
 * close it. Someone else's request is a 404, like one that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  return orHttpError(async () =>
    getSpecialRequest(await getServices(), { actor: viewer, input: { id: idParam(params.id, NO_REQUEST) } }),
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "close",
    intents: {
      close: intent(CloseRequestSchema.pick({ reason: true }), async ({ actor, input }) => {
        await closeSpecialRequest(services, {
          actor,
          input: { id: idParam(params.id, NO_REQUEST), reason: input.reason },
        });
        return `Special request #${params.id} is closed. We will not email you about it again.`;
      }),
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Special request #${loaderData?.id ?? ""} · Vacation Points Market` }];
}

export default function SpecialRequestDetail({ loaderData: r, actionData }: Route.ComponentProps) {
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  return (
    <div className="space-y-6">
      <Link to={href("/my-special-requests")} className="inline-flex items-center gap-1 text-sm text-sky-800 underline">
        <ArrowLeft aria-hidden className="size-4" />
        My special requests
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Special request #{r.id}</h1>
        <p className="mt-1 text-slate-700">{r.criteria}</p>
      </div>
      <ActionErrorAlert actionData={actionData} />
      <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-slate-700">Status</dt>
        <dd>{r.status === "open" ? "Open: we email you when a listing meets it" : `Closed: ${r.closedReason}`}</dd>
        <dt className="font-medium text-slate-700">Resorts</dt>
        <dd>{r.resortNames.length ? r.resortNames.join(", ") : "Any resort"}</dd>
        <dt className="font-medium text-slate-700">Points</dt>
        <dd>
          {r.minPoints === null && r.maxPoints === null
            ? "Any"
            : `${r.minPoints ?? "Any"} to ${r.maxPoints ?? "any"} points`}
        </dd>
        <dt className="font-medium text-slate-700">Use year</dt>
        <dd>{r.useMonths.length ? r.useMonths.join(", ") : "Any month"}</dd>
        <dt className="font-medium text-slate-700">Most per point</dt>
        <dd>{r.maxPricePerPointCents === null ? "Not set" : formatPerPoint(r.maxPricePerPointCents)}</dd>
        <dt className="font-medium text-slate-700">Budget</dt>
        <dd>{r.budgetCents === null ? "Not set" : formatPrice(r.budgetCents)}</dd>
        <dt className="font-medium text-slate-700">Needed by</dt>
        <dd>{r.neededBy ? formatDateEastern(`${r.neededBy}T12:00:00Z`) : "Not set"}</dd>
        {r.notes && (
          <>
            <dt className="font-medium text-slate-700">Notes</dt>
            <dd className="whitespace-pre-line break-words">{r.notes}</dd>
          </>
        )}
        {r.buyer && (
          <>
            <dt className="font-medium text-slate-700">Buyer</dt>
            <dd className="break-all">
              {r.buyer.name} ({r.buyer.email})
            </dd>
          </>
        )}
        <dt className="font-medium text-slate-700">Filed</dt>
        <dd>
          <time dateTime={r.createdAt}>{formatDateTimeEastern(r.createdAt)}</time> Eastern
        </dd>
      </dl>

      {r.status === "open" && (
        <section aria-labelledby="now-heading" className="space-y-3">
          <h2 id="now-heading" className="text-lg font-semibold text-slate-900">
            Listings that meet it now
          </h2>
          {r.meetingNow.length === 0 ? (
            <p className="text-slate-700">
              None at the moment. We will email you as soon as one is listed or drops its price to meet your request.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {r.meetingNow.map((l) => (
                <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                  <Link to={l.href} className="font-medium text-sky-800 underline">
                    {l.resort}: {l.points} points, {l.useYear} use year
                  </Link>
                  <span className="tabular-nums text-slate-800">
                    {formatPerPoint(l.pricePerPointCents)} · {formatPrice(l.totalCents)} total
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="sent-heading" className="space-y-3">
        <h2 id="sent-heading" className="text-lg font-semibold text-slate-900">
          Listings we emailed you about
        </h2>
        {r.announced.length === 0 ? (
          <p className="text-slate-700">None yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {r.announced.map((a) => (
              <li key={a.listingId} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
                {a.live ? (
                  <Link to={a.href} className="font-medium text-sky-800 underline">
                    {a.resort}, listing {a.code}
                  </Link>
                ) : (
                  <span>
                    {a.resort}, listing {a.code} <span className="text-slate-600">(no longer for sale)</span>
                  </span>
                )}
                <span className="text-sm text-slate-700">
                  {a.reason === "price" ? "New price" : "Newly listed"}, emailed{" "}
                  <time dateTime={a.notifiedAt}>{formatDateTimeEastern(a.notifiedAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {r.status === "open" && (
        <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <fieldset>
            <legend className="font-semibold text-slate-900">Close this request</legend>
            <p className="text-sm text-slate-600">We stop emailing you about it. You can file a new one at any time.</p>
            <div className="mt-2 flex flex-wrap gap-4">
              <label className="flex items-center gap-2">
                <input type="radio" name="reason" value="found" className="size-4" /> I found a contract
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="reason" value="not-looking" defaultChecked className="size-4" /> I am no
                longer looking
              </label>
            </div>
          </fieldset>
          <Button type="submit" variant="secondary" disabled={busy}>
            Close request
          </Button>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Request not found" : "Something went wrong"}</h1>
      <p className="text-slate-700">
        {notFound
          ? "There is no such special request among yours."
          : "We could not show this request. Please try again in a moment."}
      </p>
      <Link to={href("/my-special-requests")} className="text-sky-800 underline">
        My special requests
      </Link>
    </div>
  );
}
