import { Link } from "~/components/ui/link";
import { formatNumber, formatPerPoint, formatPoints, formatPrice } from "~/lib/format";
import { MakeOfferLink } from "~/modules/offers/ui/make-offer-link";
import { ResortPicture } from "~/modules/resorts/ui/resort-picture";
import { MARKET_STATE_LABEL, type MarketState } from "../listing-status";
import { GoodDealMeter, NoHaggleBadge } from "./good-deal-meter";
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
  /** For sale unless said (issue 27: a search may add listings under contract and recently sold). */
  state?: MarketState;
  /** The price a point a sold listing closed at. */
  soldPricePerPointCents?: number | null;
};

/**
 * A listing in the results: the resort and its picture, the price (total, and per point), the contract, the points by
 * use year, the score and the actions. Dense on purpose (issue 13): three to a row on a desktop, about half the height
 * of the first design, so a page of 60 stays a page a buyer can scan.
 */
export function ListingCardView({ l }: { l: ListingCard }) {
  const title = `${l.resortName} ${l.listingCode}`;
  const state = l.state ?? "for-sale";
  const forSale = state === "for-sale";
  return (
    <article data-testid="listing-card" aria-labelledby={`listing-${l.id}`} className="listing-card">
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
            {`${l.useMonth} use year · `}
            <span className="font-mono text-xs whitespace-nowrap">{l.listingCode}</span>
          </p>
          {forSale ? null : (
            <p
              data-testid="listing-card-state"
              className="mt-1 inline-block rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white"
            >
              {MARKET_STATE_LABEL[state]}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 space-y-1.5 text-sm">
        <p className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span data-testid="listing-total" className="text-lg leading-tight font-semibold text-slate-900">
            <span className={forSale ? "sr-only" : "text-sm font-normal text-slate-700"}>
              {forSale ? "Total price " : "Asked "}
            </span>
            {formatPrice(l.totalPriceCents)}
          </span>
          <span className="text-slate-700">
            <span data-testid="contract-points">{formatPoints(l.contractPoints)}</span>
            {" × "}
            <span data-testid="price-per-point" className="font-medium text-slate-900">
              {formatPerPoint(l.pricePerPointCents)}
            </span>
          </span>
        </p>
        {l.soldPricePerPointCents ? (
          <p data-testid="sold-price-per-point" className="font-medium text-slate-900">
            Sold at {formatPerPoint(l.soldPricePerPointCents)}
          </p>
        ) : null}
        {forSale ? <GoodDealMeter score={l.score} layout="inline" /> : null}
        <p className="text-xs text-slate-700">
          <span className="sr-only">Points by use year: </span>
          {`${formatNumber(l.prevYearPoints)} banked · ${formatNumber(l.currYearPoints)} current · ${formatNumber(l.nextYearPoints)} next year`}
        </p>
        {l.broker || l.noHaggle ? (
          <p className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-slate-700">
            {l.broker ? <span>{`Broker: ${l.broker}`}</span> : null}
            {l.noHaggle ? <NoHaggleBadge /> : null}
          </p>
        ) : null}
      </div>
      {forSale ? (
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <ListingActions listingId={l.id} title={title} variant="card" />
          <MakeOfferLink listingId={l.id} listingName={title} size="sm" />
        </div>
      ) : (
        <p className="mt-auto pt-3 text-sm">
          <Link to={l.href} className="font-medium text-sky-900 underline">
            See this listing and similar ones for sale<span className="sr-only">: {title}</span>
          </Link>
        </p>
      )}
    </article>
  );
}
