import { PAGE_WIDTH } from "~/components/shell/page-width";
import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import { getViewer, requireAbility } from "~/auth/session.server";
import { buttonClass } from "~/components/ui/button";
import { handleAction, intent } from "~/lib/action.server";
import { getServices } from "~/lib/runtime.server";
import {
  createRequestFromSearch,
  createSpecialRequest,
  filesRequests,
  specialRequestFormChoices,
} from "~/modules/special-requests/special-requests.server";
import { FromSearchSchema } from "~/modules/special-requests/special-requests.schema";
import { SpecialRequestForm } from "~/modules/special-requests/ui/special-request-form";
import type { Route } from "./+types/special-request";
import { withSeo } from "~/modules/seo/seo-meta";

/**
 * /special-request (SPEC: buyer.special-request): a buyer says what they are looking for, and hears by email when a
 * listing that meets it goes live or drops its price. Visitors read how it works and sign in; sellers are told it
 * is for buyer accounts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const canFile = !!viewer && filesRequests(viewer);
  const who = !viewer ? "visitor" : canFile ? "buyer" : "other";
  const choices = canFile ? await specialRequestFormChoices(await getServices()) : { resorts: [], useMonths: [] };
  return { who, ...choices } as const;
}

export async function action({ request }: Route.ActionArgs) {
  const { viewer } = await requireAbility(request, "create", "SpecialRequest");
  const services = await getServices();
  return handleAction(request, {
    actor: viewer,
    defaultIntent: "file",
    intents: {
      // The service parses the form with its own schema (field messages by name).
      file: intent(z.looseObject({}), async ({ actor, body }) => {
        const row = await createSpecialRequest(services, { actor, input: body });
        return {
          message: `Your special request #${row.id} is filed. We will email you when a listing meets it.`,
          redirectTo: href("/my-special-requests/:id", { id: String(row.id) }),
        };
      }),
      // "Alert me about new matches" on /listings: the search's query string becomes a request.
      "from-search": intent(FromSearchSchema, async ({ actor, input }) => {
        const row = await createRequestFromSearch(services, { actor, input });
        return {
          message: `We will email you about new listings that match this search (special request #${row.id}).`,
          redirectTo: href("/my-special-requests/:id", { id: String(row.id) }),
        };
      }),
    },
  });
}

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    { title: "Special request: tell us the contract you want · Vacation Points Market" },
    {
      name: "description",
      content:
        "Looking for a particular resort, use year or number of points? File a special request and we email you the moment a matching resale contract is listed or drops its price.",
    },
  ];
});

export default function SpecialRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const signIn = `${href("/sign-in")}?redirectTo=${encodeURIComponent(href("/special-request"))}`;
  return (
    <div className={`${PAGE_WIDTH.guide} space-y-6`}>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Special request</h1>
        <p className="mt-2 text-lg text-slate-700">
          Can't find the contract you want? Tell us the resort, the points, the use year and what you would pay. When a
          listing that meets your request goes live, or an existing one drops its price to meet it, we email you right
          away, once per listing.
        </p>
      </div>
      <section aria-labelledby="how-heading" className="rounded-lg bg-sky-50 p-4 text-slate-800">
        <h2 id="how-heading" className="font-semibold text-slate-900">
          Good to know before you ask
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Resale points at the original 14 resorts cannot book Riviera, Villas at Disneyland Hotel or Cabins at Fort
            Wilderness, and resale contracts at those three book only their own resort: see{" "}
            <Link to={href("/resale-restrictions")} className="text-sky-800 underline">
              resale restrictions
            </Link>
            .
          </li>
          <li>
            The use-year month is when the points arrive each year; a contract keeps its month for life, so choose the
            ones that suit your travel.
          </li>
          <li>
            A budget counts points times price per point. Closing costs (about $400 to $800) and the current year's dues
            come on top of it, and the developer's right of first refusal takes about 20 to 30 days.
          </li>
        </ul>
      </section>
      {loaderData.who === "visitor" && (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <p>Sign in or join as a buyer to file a request. It takes a minute and costs nothing.</p>
          <Link to={signIn} className={buttonClass("primary")}>
            Sign in to file a request
          </Link>
        </div>
      )}
      {loaderData.who === "other" && (
        <p className="rounded-lg border border-slate-200 bg-white p-4">
          Special requests are for buyer accounts. Browse the{" "}
          <Link to={href("/listings")} className="text-sky-800 underline">
            listings for sale
          </Link>{" "}
          instead.
        </p>
      )}
      {loaderData.who === "buyer" && (
        <>
          <p>
            <Link to={href("/my-special-requests")} className="text-sky-800 underline">
              See your special requests
            </Link>
          </p>
          <SpecialRequestForm
            resorts={loaderData.resorts}
            useMonths={loaderData.useMonths}
            refusal={actionData ?? null}
          />
        </>
      )}
    </div>
  );
}
