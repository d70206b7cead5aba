import { useNavigation } from "react-router";
import { loadSearchPage } from "~/lib/facets/facets.server";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { todayIn } from "~/modules/rentals/rentals-constants";
import { RENTAL_SEARCH, rentalsHref } from "~/modules/rentals/rentals-url";
import { toRentalSearch } from "~/modules/rentals/rentals.schema";
import { getRentalFilters, searchRentals } from "~/modules/rentals/rentals.server";
import { RentalsFilters } from "~/modules/rentals/ui/rentals-filters";
import { type RentalCard, RentalsResults } from "~/modules/rentals/ui/rentals-results";
import { FilteredListLayout } from "~/components/ui/filtered-list-layout";
import type { Route } from "./+types/rentals";
import { withSeo } from "~/modules/seo/seo-meta";

export const meta: Route.MetaFunction = withSeo(() => {
  return pageMeta(
    "DVC rentals",
    "Rent a confirmed Disney Vacation Club reservation: filter by check-in date, nights, resort, room type and price per night.",
  );
});

/**
 * The filters live in the query string (ARCHITECTURE rule 5). A form submission is redirected to the
 * canonical query; values that are not understood, and resorts, room types or brokers that do not
 * exist, are dropped and the page says so, never an error.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  const today = todayIn();
  const page = await loadSearchPage(RENTAL_SEARCH, new URL(request.url).searchParams, {
    href: rentalsHref,
    choices: () => getRentalFilters(db, { today }),
    known: (f) => ({
      resort: f.resorts.map((r) => r.code),
      roomIds: f.rooms.map((r) => r.id),
      brokers: f.brokers.map((b) => b.id),
    }),
    search: (q) => searchRentals(db, toRentalSearch(q), { today }),
  });
  const { query, result, choices: filters } = page;

  const rentals: RentalCard[] = result.data.map((r) => ({
    id: r.id,
    listingCode: r.listing_code,
    resortCode: r.resort_code,
    resortName: r.resort_name,
    resortSlug: r.resort_slug,
    resortPhotoPath: r.resort_photo_path,
    roomName: r.room_name,
    sleeps: r.sleeps,
    viewName: r.view_name,
    checkIn: r.check_in,
    checkOut: r.check_out,
    nights: r.nights,
    points: r.points,
    pricePerNightCents: r.price_per_night_cents,
    totalPriceCents: r.total_price_cents,
    broker: r.broker?.name ?? null,
  }));

  return {
    query,
    today,
    rentals,
    meta: result.meta,
    notice: page.notice,
    active: page.active,
    choices: {
      resorts: filters.resorts.map((r) => ({ code: r.code, name: r.name, count: r.count })),
      rooms: filters.rooms.map((r) => ({ id: r.id, name: r.name, sleeps: r.sleeps, count: r.count })),
      brokers: filters.brokers,
      bounds: page.bounds,
    },
  };
}

export default function RentalsPage({ loaderData }: Route.ComponentProps) {
  const { query, today, rentals, meta, notice, active, choices } = loaderData;
  const loading = useNavigation().location?.pathname === "/rentals";
  return (
    <FilteredListLayout
      title="DVC rentals"
      intro="Confirmed Disney Vacation Club reservations offered for rent by owners and brokers. You pay cash for the stay; the points it uses are shown for comparison."
      notice={notice}
      activeFilters={active}
      filters={<RentalsFilters query={query} choices={choices} today={today} />}
      loading={loading}
    >
      <RentalsResults query={query} meta={meta} rentals={rentals} />
    </FilteredListLayout>
  );
}
