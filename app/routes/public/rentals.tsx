import { redirect, useNavigation } from "react-router";
import { isAppError } from "~/lib/errors";
import { getServices } from "~/lib/runtime.server";
import { pageMeta } from "~/modules/content/page-meta";
import { todayIn } from "~/modules/rentals/rentals-constants";
import {
  activeRentalFilters,
  isCanonicalRentals,
  parseRentalsQuery,
  type RentalsQuery,
  rentalsHref,
  toRentalSearch,
} from "~/modules/rentals/rentals-url";
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
  const parsed = parseRentalsQuery(params);
  const ignored = new Set(parsed.ignored);
  let query: RentalsQuery = parsed.query;
  if (ignored.size === 0 && !isCanonicalRentals(params, query)) throw redirect(rentalsHref(query));

  const { db } = await getServices();
  const today = todayIn();
  const filters = await getRentalFilters(db, { today });
  if (query.resort && !filters.resorts.some((r) => r.code === query.resort)) {
    query = { ...query, resort: null };
    ignored.add("resort");
  }
  for (const [field, known] of [
    ["rooms", new Set(filters.rooms.map((r) => r.id))],
    ["brokers", new Set(filters.brokers.map((b) => b.id))],
  ] as const) {
    if (query[field].some((id) => !known.has(id))) {
      query = { ...query, [field]: query[field].filter((id) => known.has(id)) };
      ignored.add(field);
    }
  }

  let result: RentalSearchResult;
  try {
    result = await searchRentals(db, toRentalSearch(query), { today });
  } catch (e) {
    if (!isAppError(e) || e.code !== "BAD_INPUT") throw e;
    // Whatever the service refused, show the unfiltered list rather than an error.
    query = { ...query, resort: null, rooms: [], brokers: [] };
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
    choices: {
      resorts: filters.resorts.map((r) => ({ code: r.code, name: r.name, count: r.count })),
      rooms: filters.rooms.map((r) => ({ id: r.id, name: r.name, sleeps: r.sleeps, count: r.count })),
      brokers: filters.brokers,
      nights: filters.nights,
      pricePerNight: filters.pricePerNight,
    },
  };
}

export default function RentalsPage({ loaderData }: Route.ComponentProps) {
  const { query, today, rentals, meta, notice, choices } = loaderData;
  const loading = useNavigation().location?.pathname === "/rentals";
  const active = activeRentalFilters(query, { nights: choices.nights, ppn: choices.pricePerNight });
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
