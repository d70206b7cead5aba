import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { formatNumber } from "~/lib/format";
import { useShell } from "~/components/shell/use-shell";
import { EmptyState, EmptyStateLink, FacetResults, type ResultsMeta } from "~/components/ui/facet-results";
import { type ListingsQuery, listingsHref } from "../listings-url";
import { MAX_COMPARE } from "../compare";

import { type ListingCard, ListingCardView } from "./listing-card-view";

export { type ListingCard, ListingCardView };

/** How many listings are in the comparison, with the way to it (shown once there is at least one). */
function CompareNotice() {
  const { compareIds } = useShell();
  if (compareIds.length === 0) return null;
  return (
    <p className="mt-3 rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950">
      {compareIds.length} of {MAX_COMPARE} listings in your comparison.{" "}
      <Link to={href("/compare")} className="font-semibold underline">
        Compare them side by side
      </Link>
    </p>
  );
}

export function ListingsResults({
  query,
  meta,
  listings,
}: {
  query: ListingsQuery;
  meta: ResultsMeta;
  listings: ListingCard[];
}) {
  return (
    <FacetResults
      noun={["listing", "listings"]}
      meta={meta}
      shown={listings.length}
      notice={<CompareNotice />}
      hrefFor={(page) => listingsHref({ ...query, page })}
      empty={
        <EmptyState title="No listings match these filters.">
          <p className="mt-2 text-slate-700">Try a wider points or price range, another resort, or fewer use years.</p>
          <EmptyStateLink to={href("/listings")}>Clear all filters</EmptyStateLink>
        </EmptyState>
      }
      pastLast={
        <EmptyState title="No listings on this page.">
          <p className="mt-2 text-slate-700">
            There {meta.total_pages === 1 ? "is 1 page" : `are ${formatNumber(meta.total_pages)} pages`} of listings.
          </p>
          <EmptyStateLink to={listingsHref({ ...query, page: 1 })}>Go to page 1</EmptyStateLink>
        </EmptyState>
      }
    >
      {listings.map((l) => (
        <li key={l.id}>
          <ListingCardView l={l} />
        </li>
      ))}
    </FacetResults>
  );
}
