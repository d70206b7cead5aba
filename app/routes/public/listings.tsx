import { type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { loadSearchPage } from "~/lib/facets/facets.server";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { toListingCard } from "~/modules/listings/listing-card";
import { listingsHref, RESALE_SEARCH } from "~/modules/listings/listings-url";
import { toSearchFilters } from "~/modules/listings/search.schema";
import { getFilterBounds, searchListings } from "~/modules/listings/search.server";
import { ListingsFilters } from "~/modules/listings/ui/listings-filters";
import { type ListingCard, ListingsResults } from "~/modules/listings/ui/listings-results";
import { FilteredListLayout } from "~/components/ui/filtered-list-layout";
import { AlertMeAboutMatches } from "~/modules/special-requests/ui/alert-me";
import { useShellData } from "~/root";
import type { Route } from "./+types/listings";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC resale listings",
    "Disney Vacation Club resale contracts for sale: filter by resort, use year, points, price per point and value score.",
  );
});

/**
 * The filters live in the query string (ARCHITECTURE rule 5). A form submission (min/max fields and
 * `from`) is turned into the canonical query and redirected to it; values that are not understood are
 * dropped and the page says so, never an error (the kit's loadSearchPage).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const page = await loadSearchPage(RESALE_SEARCH, new URL(request.url).searchParams, {
    href: listingsHref,
    // The sliders' bounds come from here (a form submission drops the ends left at them, SPEC section 4).
    choices: () => getFilterBounds(db),
    known: (b) => ({ resort: b.resorts.map((r) => r.code), brokers: b.brokers.map((b) => b.id) }),
    search: (q) => searchListings(db, toSearchFilters(q)),
  });
  const { query, result, choices: bounds } = page;

  const listings: ListingCard[] = result.data.map(toListingCard);

  return {
    query,
    listings,
    meta: result.meta,
    notice: page.notice,
    active: page.active,
    choices: {
      // Every DVC resort (the search's bounds leave out the interval-resorts entry).
      resorts: bounds.resorts.map((r) => ({ code: r.code, name: r.name, count: r.count })),
      brokers: bounds.brokers,
      bounds: page.bounds,
      useYears: bounds.useYearsOffered,
    },
  };
}

/** A favorite or compare toggle changes only the shell data, not the search: skip re-running it. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === "/favorites" || formAction === "/compare") return false;
  return defaultShouldRevalidate;
}

export default function ListingsPage({ loaderData }: Route.ComponentProps) {
  const { query, listings, meta, notice, active, choices } = loaderData;
  const loading = useNavigation().location?.pathname === "/listings";
  const viewer = useShellData()?.viewer;
  return (
    <FilteredListLayout
      title="DVC resale listings"
      intro="Disney Vacation Club points contracts for sale by owners and brokers. The score compares each price with similar contracts: the higher, the better the value."
      notice={notice}
      activeFilters={active}
      filters={<ListingsFilters query={query} choices={choices} />}
      loading={loading}
    >
      <div className="space-y-4">
        <AlertMeAboutMatches viewer={viewer} />
        <ListingsResults query={query} meta={meta} listings={listings} />
      </div>
    </FilteredListLayout>
  );
}
