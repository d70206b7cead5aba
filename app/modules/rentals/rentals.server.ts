import type { Db } from "~/db/client.server";
import type { Bounds } from "~/lib/facets/facets";
import { boundsFromRow, expectKnownIds, resolveCode } from "~/lib/facets/facets.server";
import { addDays, todayIn } from "./rentals-constants";
import { RENTAL_SEARCH, type RentalsQuery } from "./rentals-url";
import {
  type RentalWhere,
  selectActiveBrokers,
  selectBrokerIds,
  selectRentalBounds,
  selectRentalCount,
  selectRentalResorts,
  selectRentalRooms,
  selectRentalRows,
  selectRentalsLastModified,
  selectRoomIds,
} from "./rentals.queries.server";
import { centsToDollars } from "~/lib/money";
import { findResortByCodeOrId } from "~/modules/resorts/resorts.server";

/** One rental as the rental call answers it (snake_case like the resale rows), plus what the cards show. */
export type RentalRow = {
  id: number;
  listing_code: string;
  source: "member" | "broker";
  resort_id: number;
  resort_code: string;
  resort_name: string;
  resort_slug: string;
  resort_logo_path: string;
  resort_photo_path: string | null;
  room_id: number;
  room_name: string;
  room_slug: string;
  sleeps: number;
  view_name: string | null;
  check_in: string;
  check_out: string;
  nights: number;
  points: number;
  price_per_night: number;
  price_per_night_cents: number;
  total_price_cents: number;
  listing_status_id: number;
  posted_at: string;
  broker: { id: number; name: string } | null;
};

export type RentalSearchResult = {
  data: RentalRow[];
  meta: { total: number; per_page: number; current_page: number; total_pages: number };
  lastModified: string | null;
};

/** The `filters` of the rental call: ranges from the data (prices in whole dollars) and the choices. */
export type RentalFilters = {
  nights: Bounds;
  pricePerNight: Bounds;
  resorts: { id: number; code: string; name: string; count: number }[];
  brokers: { id: number; name: string }[];
  rooms: { id: number; name: string; slug: string; sleeps: number; count: number }[];
};

type Opts = { today?: string };

/**
 * Rental search (dvc-broker-listings.store with type 1): active, non-test rentals checking in today or
 * later that match the filters, one page of them. A page past the last is not read: it answers no rows.
 */
export async function searchRentals(db: Db, f: RentalsQuery, opts: Opts = {}): Promise<RentalSearchResult> {
  const where = await toWhere(db, f, opts.today ?? todayIn());
  const { limit, page, orderBy } = f;
  const total = await selectRentalCount(db, where);
  const totalPages = Math.ceil(total / limit);
  const rows =
    page > totalPages ? [] : await selectRentalRows(db, where, { ...orderBy, limit, offset: (page - 1) * limit });
  const lastModified = await selectRentalsLastModified(db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      listing_code: r.listingCode,
      source: r.source,
      resort_id: r.resortId,
      resort_code: r.resortCode,
      resort_name: r.resortName,
      resort_slug: r.resortSlug,
      resort_logo_path: r.resortLogoPath,
      resort_photo_path: r.resortPhotoPath,
      room_id: r.roomId,
      room_name: r.roomName,
      room_slug: r.roomSlug,
      sleeps: r.sleeps,
      view_name: r.viewName,
      check_in: r.checkIn,
      check_out: addDays(r.checkIn, r.nights),
      nights: r.nights,
      points: r.points,
      price_per_night: centsToDollars(r.pricePerNightCents),
      price_per_night_cents: r.pricePerNightCents,
      total_price_cents: r.pricePerNightCents * r.nights,
      listing_status_id: r.listingStatusId,
      posted_at: new Date(r.postedAt).toISOString(),
      broker: r.brokerId === null || r.brokerName === null ? null : { id: r.brokerId, name: r.brokerName },
    })),
    meta: { total, per_page: limit, current_page: page, total_pages: totalPages },
    lastModified: lastModified ? new Date(lastModified).toISOString() : null,
  };
}

/** Resolves the resort and checks the brokers and room types (an unknown one is a BAD_INPUT naming its field). */
async function toWhere(db: Db, f: RentalsQuery, today: string): Promise<RentalWhere> {
  const resort = await resolveCode(f.resort, (key) => findResortByCodeOrId(db, key), "resort", "resort");
  await expectKnownIds(f.brokers, (ids) => selectBrokerIds(db, ids), "brokers", "broker");
  await expectKnownIds(f.roomIds, (ids) => selectRoomIds(db, ids), "room_ids", "room type");
  return { ...f, resort, today };
}

/** The rental call's `filters`: nights and price-per-night bounds over the listable rentals, and the choices. */
export async function getRentalFilters(db: Db, opts: Opts = {}): Promise<RentalFilters> {
  const today = opts.today ?? todayIn();
  const bounds = boundsFromRow(RENTAL_SEARCH, await selectRentalBounds(db, today));
  const resorts = await selectRentalResorts(db, today);
  const brokers = await selectActiveBrokers(db);
  const rooms = await selectRentalRooms(db, today);
  return {
    ...bounds,
    resorts,
    brokers,
    rooms,
  };
}
