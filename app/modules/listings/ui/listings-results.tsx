import { href, Link } from "react-router";
import { useShell } from "~/components/shell/use-shell";
import { EmptyState, EmptyStateLink, FacetResults, type ResultsMeta } from "~/components/ui/facet-results";
import { formatMoney, formatNumber } from "~/lib/format";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { type ListingsQuery, listingsHref } from "../listings-url";
import { MAX_COMPARE } from "../compare";
import { GoodDealMeter, NoHaggleBadge } from "./good-deal-meter";
import { MakeOfferLink } from "~/modules/offers/ui/make-offer-link";
import { ListingActions } from "./listing-actions";

export type ListingCard = {
  id: number;
  listingCode: string;
  resortCode: string;
  resortName: string;
  resortSlug: string;
  /** The resort's uploaded photo (else its illustration is shown). */
  resortPhotoPath: string | null;
  useMonth: string;
  contractPoints: number;
  prevYearPoints: number;
  currYearPoints: number;
  nextYearPoints: number;
  pricePerPointCents: number;
  totalPriceCents: number;
  score: number | null;
  broker: string | null;
  noHaggle: boolean;
  /** The listing's own page: /listing-info/{id}, or /broker-listings/{id} for a broker's listing. */
  href: string;
};

function Score({ score }: { score: number | null }) {
  return <GoodDealMeter score={score} />;
}

export function ListingCardView({ l }: { l: ListingCard }) {
  const years = [
    ["Previous", l.prevYearPoints],
    ["Current", l.currYearPoints],
    ["Next", l.nextYearPoints],
  ] as const;
  const title = `${l.resortName} ${l.listingCode}`;
  return (
    <article
      data-testid="listing-card"
      aria-labelledby={`listing-${l.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <ResortPicture
          resort={{ slug: l.resortSlug, photoPath: l.resortPhotoPath }}
          className="h-16 w-24 rounded-lg ring-1 ring-slate-900/5"
        />
        <div className="min-w-0 flex-1">
          <h3 id={`listing-${l.id}`} className="font-semibold leading-snug text-slate-900">
            <Link to={l.href} className="text-sky-900 hover:underline">
              {l.resortName}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">
            Listing <span className="font-mono">{l.listingCode}</span>
          </p>
          {l.noHaggle ? (
            <p className="mt-1">
              <NoHaggleBadge />
            </p>
          ) : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-700">Use year</dt>
          <dd className="font-medium text-slate-900">{l.useMonth}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Contract points</dt>
          <dd className="font-medium text-slate-900">{formatNumber(l.contractPoints)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-700">Points by use year</dt>
          <dd className="font-medium text-slate-900">
            {years.map(([label, n], i) => (
              <span key={label}>
                {i > 0 ? " · " : ""}
                {label} {formatNumber(n)}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">Price per point</dt>
          <dd className="font-medium text-slate-900">{formatMoney(l.pricePerPointCents, { decimals: true })}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Total</dt>
          <dd className="text-base font-semibold text-slate-900">{formatMoney(l.totalPriceCents)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-700">Score</dt>
          <dd>
            <Score score={l.score} />
          </dd>
        </div>
      </dl>
      {l.broker ? (
        <p className="mt-3 border-t border-slate-100 pt-2 text-sm text-slate-700">Broker: {l.broker}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
        <ListingActions listingId={l.id} title={title} variant="card" />
        {/* The search lists only active listings: each takes offers. */}
        <MakeOfferLink listingId={l.id} listingName={title} size="sm" />
      </div>
    </article>
  );
}

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
