import { redirect, useNavigation } from "react-router";
import { isAppError } from "~/lib/errors";
import {
  activeFilters,
  isCanonical,
  keepKnown,
  rangeBoundsOf,
  readSubmission,
  withoutLookups,
} from "~/lib/facets/facets";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { todayIn } from "~/modules/rentals/rentals-constants";
import { RENTAL_SEARCH, type RentalsQuery, rentalsHref } from "~/modules/rentals/rentals-url";
import { toRentalSearch } from "~/modules/rentals/rentals.schema";
import { getRentalFilters, type RentalSearchResult, searchRentals } from "~/modules/rentals/rentals.server";
import { RentalsFilters } from "~/modules/rentals/ui/rentals-filters";
import { type RentalCard, RentalsResults } from "~/modules/rentals/ui/rentals-results";
import { FilteredListLayout } from "~/components/ui/filtered-list-layout";
import type { Route } from "./+types/rentals";

export function meta() {
  return pageMeta(
    "DVC rentals",
    "Rent a confirmed Disney Vacation Club reservation: filter by check-in date, nights, resort, room type and price per night.",
  );
}

/**
 * The filters live in the query string (ARCHITECTURE rule 5). A form submission is redirected to the
 * canonical query; values that are not understood, and resorts, room types or brokers that do not
 * exist, are dropped and the page says so, never an error.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // No sliders here, so a form submission needs no bounds to be read.
  const read = readSubmission(RENTAL_SEARCH, params, {});
  if (read.ignored.length === 0 && !isCanonical(RENTAL_SEARCH, params, read.state)) {
    throw redirect(rentalsHref(read.state));
  }

  const { db } = await getServices();
  const today = todayIn();
  const filters = await getRentalFilters(db, { today });
  const bounds = rangeBoundsOf(RENTAL_SEARCH, filters);
  const known = keepKnown(RENTAL_SEARCH, read.state, {
    resort: filters.resorts.map((r) => r.code),
    roomIds: filters.rooms.map((r) => r.id),
    brokers: filters.brokers.map((b) => b.id),
  });
  let query: RentalsQuery = known.state;
  const ignored = new Set([...read.ignored, ...known.dropped]);

  let result: RentalSearchResult;
  try {
    result = await searchRentals(db, toRentalSearch(query), { today });
  } catch (e) {
    if (!isAppError(e) || e.code !== "BAD_INPUT") throw e;
    // Whatever the service refused, show the unfiltered list rather than an error.
    query = withoutLookups(RENTAL_SEARCH, query);
    ignored.add("search");
    result = await searchRentals(db, toRentalSearch(query), { today });
  }

  const rentals: RentalCard[] = result.data.map((r) => ({
    id: r.id,
    listingCode: r.listing_code,
    resortCode: r.resort_code,
    resortName: r.resort_name,
    resortSlug: r.resort_slug,
    logoPath: r.resort_logo_path,
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
    notice: ignored.size > 0,
    active: activeFilters(RENTAL_SEARCH, query, bounds),
    choices: {
      resorts: filters.resorts.map((r) => ({ code: r.code, name: r.name, count: r.count })),
      rooms: filters.rooms.map((r) => ({ id: r.id, name: r.name, sleeps: r.sleeps, count: r.count })),
      brokers: filters.brokers,
      bounds,
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
