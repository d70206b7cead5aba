import { Search } from "lucide-react";
import { Form, href } from "react-router";
import { formatNumber } from "~/lib/format";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { MAX_TERM_LENGTH } from "~/modules/search/search";
import { findForPage } from "~/modules/search/search.server";
import { SearchResults } from "~/modules/search/ui/search-results";
import type { Route } from "./+types/search";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(({ loaderData }: Route.MetaArgs) => {
  const term = loaderData?.term;
  return [
    ...pageMeta(
      term ? `Search results for “${term}”` : "Search",
      "Search Vacation Points Market: DVC resorts and the resale contracts for sale, with the words you looked for highlighted.",
    ),
    // A results page is not a page of its own for search engines.
    { name: "robots", content: "noindex, follow" },
  ];
});

/** /search?q=... : the site search (decision 0082) as a page that works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const term = new URL(request.url).searchParams.get("q") ?? "";
  return findForPage(db, term);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { term, answer, problem } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Search</h1>
      <p className="mt-2 text-slate-700">
        Find a resort or a contract for sale by its resort, its points or its use year.
      </p>
      <search>
        <Form method="get" action={href("/search")} className="mt-6 flex gap-2">
          <label htmlFor="search-page-q" className="sr-only">
            Search the site
          </label>
          <input
            id="search-page-q"
            name="q"
            type="search"
            defaultValue={term}
            maxLength={MAX_TERM_LENGTH}
            placeholder="Bay Lake Tower, 160 points, October…"
            aria-describedby={problem ? "search-page-problem" : undefined}
            className="min-w-0 flex-1 rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900"
          />
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-lg bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900"
          >
            <Search aria-hidden className="size-4" />
            Search
          </button>
        </Form>
      </search>
      <div className="mt-8" aria-live="polite">
        {problem ? (
          <p id="search-page-problem" role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            {problem}
          </p>
        ) : answer ? (
          answer.total === 0 ? (
            <p className="text-slate-700">
              Nothing matches “{term}”. Try a resort’s name or code (BLT, OKW), a number of points or a use-year month.
            </p>
          ) : (
            <>
              <p className="mb-4 text-slate-700">
                {formatNumber(answer.total)} {answer.total === 1 ? "result" : "results"} for “{term}”.
              </p>
              <SearchResults groups={answer.groups} idPrefix="search-page" />
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
