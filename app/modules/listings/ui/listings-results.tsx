import { Link } from "react-router";
import { useShell } from "~/components/shell/use-shell";
import { formatMoney, formatNumber } from "~/lib/format";
import { ResortLogo } from "~/modules/resorts/ui/resort-logo";
import { type ListingsQuery, listingsHref } from "../listings-url";
import { MAX_COMPARE } from "../compare";
import { GoodDealMeter, NoHaggleBadge } from "./good-deal-meter";
import { ListingActions } from "./listing-actions";

export type ListingCard = {
  id: number;
  listingCode: string;
  resortCode: string;
  resortName: string;
  resortSlug: string;
  logoPath: string;
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

export type ListingsMeta = { total: number; per_page: number; current_page: number; total_pages: number };

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
        <ResortLogo code={l.resortCode} logoPath={l.logoPath} />
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
      <div className="mt-auto pt-4">
        <ListingActions listingId={l.id} title={title} variant="card" />
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
      <Link to="/compare" className="font-semibold underline">
        Compare them side by side
      </Link>
    </p>
  );
}

export function ListingsPagination({ query, meta }: { query: ListingsQuery; meta: ListingsMeta }) {
  if (meta.total_pages <= 1) return null;
  const page = meta.current_page;
  const link =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-sky-900 hover:bg-slate-100";
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={listingsHref({ ...query, page: Math.min(page - 1, meta.total_pages) })} rel="prev" className={link}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700" aria-current="page">
        Page {formatNumber(page)} of {formatNumber(meta.total_pages)}
      </p>
      {page < meta.total_pages ? (
        <Link to={listingsHref({ ...query, page: page + 1 })} rel="next" className={link}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function ListingsResults({
  query,
  meta,
  listings,
}: {
  query: ListingsQuery;
  meta: ListingsMeta;
  listings: ListingCard[];
}) {
  const from = (meta.current_page - 1) * meta.per_page + 1;
  return (
    <section aria-labelledby="results-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
          {formatNumber(meta.total)} {meta.total === 1 ? "listing" : "listings"}
        </h2>
        {listings.length > 0 ? (
          <p className="text-sm text-slate-700">
            Showing {formatNumber(from)}-{formatNumber(from + listings.length - 1)}
          </p>
        ) : null}
      </div>
      <CompareNotice />

      {meta.total === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">No listings match these filters.</p>
          <p className="mt-2 text-slate-700">Try a wider points or price range, another resort, or fewer use years.</p>
          <Link to="/listings" className="mt-4 inline-block font-medium text-sky-800 underline">
            Clear all filters
          </Link>
        </div>
      ) : listings.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">No listings on this page.</p>
          <p className="mt-2 text-slate-700">
            There {meta.total_pages === 1 ? "is 1 page" : `are ${formatNumber(meta.total_pages)} pages`} of listings.
          </p>
          <Link
            to={listingsHref({ ...query, page: 1 })}
            className="mt-4 inline-block font-medium text-sky-800 underline"
          >
            Go to page 1
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {listings.map((l) => (
            <li key={l.id}>
              <ListingCardView l={l} />
            </li>
          ))}
        </ul>
      )}

      {listings.length > 0 ? <ListingsPagination query={query} meta={meta} /> : null}
    </section>
  );
}
