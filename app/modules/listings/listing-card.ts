import type { ListingCard } from "./ui/listings-results";
import { listingHref } from "./listing-href";
import type { SearchResult } from "./search.server";

/** A search row as the listing card shows it (the /listings results, a resort's listings for sale). */
export function toListingCard(l: SearchResult["data"][number]): ListingCard {
  return {
    id: l.id,
    listingCode: l.listing_code,
    resortCode: l.resort_code,
    resortName: l.resort_name,
    resortSlug: l.resort_slug,
    resortPhotoPath: l.resort_photo_path,
    useMonth: l.use_month,
    contractPoints: l.contract_points,
    prevYearPoints: l.prev_year_points ?? 0,
    currYearPoints: l.curr_year_points ?? 0,
    nextYearPoints: l.next_year_points ?? 0,
    pricePerPointCents: l.price_per_point_cents,
    totalPriceCents: l.total_price_cents,
    score: l.score,
    broker: l.broker?.name ?? null,
    noHaggle: l.no_haggle,
    href: listingHref({ id: l.id, source: l.source }),
    state: l.market_state,
    soldPricePerPointCents: l.sold_price_per_point_cents,
  };
}
