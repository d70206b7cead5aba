import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { LinkButton } from "~/components/ui/button";
import type { ResortPictureSource } from "~/modules/resorts/resort-picture";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";

/** A listing to suggest on a not-found page: its link, title, terms and its resort's picture (as on every card). */
export type NotFoundSuggestion = { href: string; title: string; detail: string; resort: ResortPictureSource };

/** What a 404 answer may carry for the not-found page: which kind of thing is missing, and what to offer instead. */
export type NotFoundData = {
  error?: string;
  notFound: "listing";
  suggestions: NotFoundSuggestion[];
  searchHref: string;
};

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && (value as NotFoundData).notFound === "listing";
}

/**
 * The one not-found page (issue 13): an unknown address, a missing resort and a listing that is gone all look the
 * same. A missing listing says what probably happened (sold or withdrawn), shows a few active listings and links to
 * the search.
 */
export function NotFound({ data }: { data?: NotFoundData | null }) {
  const listing = data?.notFound === "listing";
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-20" data-not-found={listing ? "listing" : "page"}>
      <p className="text-sm font-semibold tracking-wide text-sky-800 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">
        {listing ? "This listing is no longer for sale" : "Page not found"}
      </h1>
      <p className="mt-4 text-lg text-slate-700">
        {listing
          ? "It has probably sold or its owner has withdrawn it. These contracts are for sale now, and the search has every one."
          : "We could not find that page. It may have moved, or the listing it showed may have sold."}
      </p>
      {listing && data.suggestions.length > 0 ? (
        <section aria-labelledby="not-found-suggestions" className="mt-8 text-left">
          <h2 id="not-found-suggestions" className="text-lg font-semibold text-slate-900">
            For sale now
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {data.suggestions.map((s) => (
              <li key={s.href}>
                <Link
                  to={s.href}
                  className="block h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-sky-700"
                >
                  <ResortPicture resort={s.resort} className="aspect-[16/9] w-full" />
                  <span className="block p-4">
                    <span className="block font-semibold text-sky-900">{s.title}</span>
                    <span className="mt-1 block text-sm text-slate-700">{s.detail}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {listing ? (
          <>
            <LinkButton to={data.searchHref}>Search the listings for sale</LinkButton>
            <LinkButton to={href("/")} variant="secondary">
              Go to the home page
            </LinkButton>
          </>
        ) : (
          <>
            <LinkButton to={href("/")}>Go to the home page</LinkButton>
            <LinkButton to={href("/listings")} variant="secondary">
              Search the listings for sale
            </LinkButton>
            <LinkButton to={href("/resorts")} variant="secondary">
              Browse the resorts
            </LinkButton>
          </>
        )}
      </div>
      <p className="mt-10 text-slate-700">
        New to resale? Read{" "}
        <Link to={href("/how-dvc-works")} className="font-medium text-sky-800 underline">
          how DVC works
        </Link>{" "}
        and{" "}
        <Link to={href("/resale-restrictions")} className="font-medium text-sky-800 underline">
          the resale restrictions
        </Link>
        .
      </p>
    </div>
  );
}
