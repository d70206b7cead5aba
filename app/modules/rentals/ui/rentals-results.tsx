import { href } from "react-router";
import { Link } from "~/components/ui/link";
import { useShell } from "~/components/shell/use-shell";
import { EmptyState, EmptyStateLink, FacetResults, type ResultsMeta } from "~/components/ui/facet-results";
import { clearedState } from "~/lib/facets/facets";
import { formatNumber, formatPrice } from "~/lib/format";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { formatStayDate } from "../rentals-constants";
import { RENTAL_SEARCH, type RentalsQuery, rentalsHref } from "../rentals-url";

/** What a rental card shows (from the rental search's rows). */
export type RentalCard = {
  id: number;
  listingCode: string;
  resortCode: string;
  resortName: string;
  resortSlug: string;
  /** The resort's uploaded photo (else its illustration), as on every listing card. */
  resortPhotoPath: string | null;
  roomName: string;
  sleeps: number;
  viewName: string | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  points: number;
  pricePerNightCents: number;
  totalPriceCents: number;
  broker: string | null;
};

export function RentalCardView({ r }: { r: RentalCard }) {
  const { site } = useShell();
  const subject = encodeURIComponent(`Rental ${r.listingCode}`);
  return (
    <article
      data-testid="rental-card"
      aria-labelledby={`rental-${r.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <ResortPicture
          resort={{ slug: r.resortSlug, photoPath: r.resortPhotoPath }}
          className="h-16 w-24 rounded-lg ring-1 ring-slate-900/5"
        />
        <div className="min-w-0 flex-1">
          <h3 id={`rental-${r.id}`} className="font-semibold leading-snug text-slate-900">
            <Link
              to={href("/resorts/:resort", { resort: r.resortSlug })}
              className="hover:text-sky-800 hover:underline"
            >
              {r.resortName}
            </Link>
          </h3>
          <p className="text-sm text-slate-800" data-testid="rental-room">
            {r.roomName}
            {r.viewName ? <span className="text-slate-700"> · {r.viewName}</span> : null}
          </p>
          <p className="text-xs text-slate-700">Sleeps up to {r.sleeps}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-700">Check-in</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={r.checkIn}>{formatStayDate(r.checkIn)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">Check-out</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={r.checkOut}>{formatStayDate(r.checkOut)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">Nights</dt>
          <dd className="font-medium text-slate-900">{formatNumber(r.nights)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Points used</dt>
          <dd className="font-medium text-slate-900">{formatNumber(r.points)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Price per night</dt>
          <dd className="font-medium text-slate-900">{formatPrice(r.pricePerNightCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Total</dt>
          <dd className="text-base font-semibold text-slate-900">{formatPrice(r.totalPriceCents)}</dd>
        </div>
      </dl>
      {r.broker ? <p className="mt-3 text-sm text-slate-700">Offered by broker {r.broker}</p> : null}
      <p className="mt-auto border-t border-slate-100 pt-3 text-sm text-slate-800 [overflow-wrap:anywhere]">
        Call{" "}
        <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="font-medium text-sky-800 underline">
          {site.phone}
        </a>{" "}
        or email{" "}
        <a href={`mailto:${site.email}?subject=${subject}`} className="font-medium text-sky-800 underline">
          {site.email}
        </a>{" "}
        quoting <span className="font-mono font-medium">{r.listingCode}</span>.
      </p>
    </article>
  );
}

export function RentalsResults({
  query,
  meta,
  rentals,
}: {
  query: RentalsQuery;
  meta: ResultsMeta;
  rentals: RentalCard[];
}) {
  return (
    <FacetResults
      noun={["rental", "rentals"]}
      meta={meta}
      shown={rentals.length}
      hrefFor={(page) => rentalsHref({ ...query, page })}
      empty={
        <EmptyState title="No rentals match these filters.">
          <p className="mt-2 text-slate-700">Try other check-in dates, more nights, another resort or room type.</p>
          <EmptyStateLink to={rentalsHref(clearedState(RENTAL_SEARCH, query))}>Clear all filters</EmptyStateLink>
        </EmptyState>
      }
      pastLast={
        <EmptyState title={`There is no page ${formatNumber(meta.current_page)}.`}>
          <p className="mt-2 text-slate-700">
            These rentals fill {meta.total_pages === 1 ? "1 page" : `${formatNumber(meta.total_pages)} pages`}.
          </p>
          <EmptyStateLink to={rentalsHref({ ...query, page: meta.total_pages })}>Go to the last page</EmptyStateLink>
        </EmptyState>
      }
    >
      {rentals.map((r) => (
        <li key={r.id}>
          <RentalCardView r={r} />
        </li>
      ))}
    </FacetResults>
  );
}
