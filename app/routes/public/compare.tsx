import { PAGE_WIDTH } from "~/components/shell/page-width";
import { data, href, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { LinkButton } from "~/components/ui/button";
import { readForm } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { compareIdsFromCookieHeader, compareSetCookie, MAX_COMPARE } from "~/modules/listings/compare";
import { getComparison, removeCompare, toggleCompare } from "~/modules/listings/compare.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { parseListingId } from "~/modules/listings/listing-cookies";
import { CompareTable } from "~/modules/listings/ui/compare-table";
import type { SavedListingReply } from "~/modules/listings/ui/saved-listing-form";
import type { Route } from "./+types/compare";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    ...pageMeta(
      "Compare listings",
      "Up to four DVC resale listings side by side: price, points per use year, dues, contract end and value score.",
    ),
    { name: "robots", content: "noindex" },
  ];
});

/** The listings in the visitor's comparison (cookie `compare-listings`), from the database, with their scores. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  return getComparison(db, compareIdsFromCookieHeader(request.headers.get("cookie")));
}

const reply = (body: SavedListingReply, init?: ResponseInit) => data(body, init);

/**
 * Adds a listing to the comparison or takes it out (intent `toggle`), or removes it (`remove`). Up to four:
 * a fifth is a 409 with a message. Without JavaScript the form carries `redirectTo` and goes back there.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form?.get("intent");
  const listingId = parseListingId(form?.get("listingId"));
  if ((intent !== "toggle" && intent !== "remove") || listingId === null)
    return reply(
      { ok: false, message: "Choose a listing to compare or to take out of the comparison." },
      { status: 400 },
    );

  const { db } = await getServices();
  const ids = compareIdsFromCookieHeader(request.headers.get("cookie"));
  try {
    const change =
      intent === "toggle" ? await toggleCompare(db, { ids, listingId }) : await removeCompare(db, { ids, listingId });
    const headers = new Headers({ "set-cookie": compareSetCookie(change.ids) });
    const back = safeRedirectPath(form?.get("redirectTo"));
    if (back) return redirect(back, { status: 303, headers });
    const message = change.inCompare
      ? `Added to the comparison (${change.ids.length} of ${MAX_COMPARE}).`
      : "Taken out of the comparison.";
    return reply({ ok: true, message, added: change.inCompare }, { headers });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return reply({ ok: false, message: e.message }, { status: e.status });
  }
}

export default function ComparePage({ loaderData, actionData }: Route.ComponentProps) {
  const { listings, dropped } = loaderData;
  const error = actionData && !actionData.ok ? actionData.message : null;
  return (
    <div className={PAGE_WIDTH.tool}>
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Compare listings</h1>
        <p className="mt-3 text-slate-700">
          Up to {MAX_COMPARE} contracts side by side. The score compares each listing's actual value per point (its
          price adjusted for banked and missing points at the resort's dues) with similar listings: 50 is the median,
          higher is better value.
        </p>
      </header>
      {error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {error}
        </p>
      ) : null}
      {dropped > 0 ? (
        <p role="status" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {dropped === 1 ? "A listing you added has" : `${dropped} listings you added have`} left the market and{" "}
          {dropped === 1 ? "is" : "are"} no longer compared.
        </p>
      ) : null}
      <div className="mt-8">
        {listings.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold text-slate-900">No listings to compare yet.</p>
            <p className="mt-2 text-slate-700">
              Press Compare on up to {MAX_COMPARE} listings to see their prices, points, dues and scores side by side.
            </p>
            <LinkButton to={href("/listings")} className="mt-4">
              Browse listings
            </LinkButton>
          </div>
        ) : (
          <>
            {listings.length > 1 ? (
              <p className="mb-2 text-sm text-slate-700 md:hidden">
                Scroll the table sideways to see all {listings.length} listings.
              </p>
            ) : null}
            <CompareTable listings={listings} />
            <p className="mt-4 text-sm text-slate-700">
              {listings.length < MAX_COMPARE
                ? `You can add ${MAX_COMPARE - listings.length} more from the `
                : "To add another, remove one first. Back to the "}
              <Link to={href("/listings")} className="font-medium text-sky-800 underline">
                listings
              </Link>
              .
            </p>
          </>
        )}
      </div>
    </div>
  );
}
