import { data, href, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { readForm } from "~/lib/action.server";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { favoriteIdsFromCookieHeader, favoritesSetCookie } from "~/modules/listings/favorites";
import {
  favoritesOwnerOf,
  listFavorites,
  recordFavoriteChange,
  removeFavorite,
  resolveFavoriteIds,
  toggleFavorite,
} from "~/modules/listings/favorites.server";
import { getViewer } from "~/auth/session.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { parseListingId } from "~/modules/listings/listing-cookies";
import { FavoritesTable } from "~/modules/listings/ui/favorites-table";
import type { SavedListingReply } from "~/modules/listings/ui/saved-listing-form";
import type { Route } from "./+types/favorites";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return [
    ...pageMeta(
      "Your favorite listings",
      "The DVC resale listings you saved, with today's price, points and availability per use year.",
    ),
    { name: "robots", content: "noindex" },
  ];
});

/**
 * The visitor's favorites, rebuilt from the database from the ids in their cookie, and for a signed-in person
 * from their account too (decision 0092). The modal reads this too.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const owner = favoritesOwnerOf(await getViewer(request));
  const ids = await resolveFavoriteIds(db, owner, favoriteIdsFromCookieHeader(request.headers.get("cookie")));
  const rows = await listFavorites(db, ids);
  return { rows, signedIn: owner !== null };
}

const reply = (body: SavedListingReply, init?: ResponseInit) => data(body, init);

/**
 * Toggles a listing in the favorites (intent `toggle`, SPEC section 4) or removes it (`remove`), and writes the
 * cookie from database values. A form sent without JavaScript carries `redirectTo` and goes back there; a
 * fetcher gets the answer. Refusals are 4xx with a message (shown on this page without JavaScript).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form?.get("intent");
  const listingId = parseListingId(form?.get("listingId"));
  if ((intent !== "toggle" && intent !== "remove") || listingId === null)
    return reply({ ok: false, message: "Choose a listing to add to or remove from your favorites." }, { status: 400 });

  const { db } = await getServices();
  // Signed in: the account's favourites (with this browser's merged in) are toggled, and the account records it.
  const owner = favoritesOwnerOf(await getViewer(request));
  const ids = await resolveFavoriteIds(db, owner, favoriteIdsFromCookieHeader(request.headers.get("cookie")));
  try {
    const change =
      intent === "toggle" ? await toggleFavorite(db, { ids, listingId }) : await removeFavorite(db, { ids, listingId });
    if (owner) await recordFavoriteChange(db, owner, { listingId, favorite: change.favorite });
    const headers = new Headers({ "set-cookie": favoritesSetCookie(change.entries) });
    const back = safeRedirectPath(form?.get("redirectTo"));
    if (back) return redirect(back, { status: 303, headers });
    const message = change.favorite
      ? `${change.title} was added to your favorites.`
      : `${change.title || "The listing"} was removed from your favorites.`;
    return reply({ ok: true, message, added: change.favorite }, { headers });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return reply({ ok: false, message: e.message }, { status: e.status });
  }
}

export default function FavoritesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, signedIn } = loaderData;
  const error = actionData && !actionData.ok ? actionData.message : null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your favorite listings</h1>
        <p className="mt-3 text-slate-700">
          The listings you saved, with today's price and points: a price that changed since you saved a listing shows
          here as it is now.{" "}
          {signedIn
            ? "Favorites are kept with your account, on every device you sign in on."
            : "Favorites are kept in this browser for 30 days; sign in to keep them with your account."}
        </p>
      </header>
      {error ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {error}
        </p>
      ) : null}
      <section aria-label="Favorites" className="mt-8">
        {rows.length > 0 ? (
          <p className="mb-3 text-sm text-slate-700">{rows.length === 1 ? "1 listing" : `${rows.length} listings`}</p>
        ) : null}
        <FavoritesTable rows={rows} />
      </section>
      {rows.length > 0 ? (
        <p className="mt-6 text-slate-700">
          Weighing two or more of them? Press Compare on up to four listings and{" "}
          <Link to={href("/compare")} className="font-medium text-sky-800 underline">
            see them side by side
          </Link>
          , or{" "}
          <Link to={href("/listings")} className="font-medium text-sky-800 underline">
            keep browsing
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
