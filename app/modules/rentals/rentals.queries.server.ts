import { and, asc, count, eq, gte, inArray, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, rentalListings, resorts, rooms } from "~/db/schema";
import {
  type FacetColumns,
  type FacetWhere,
  facetConditions,
  facetOrder,
  rangeBoundsSelect,
  type SortSql,
} from "~/lib/facets/facets.queries.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { RENTAL_SEARCH, type RentalOrderColumn } from "./rentals-url";

/** A rental search's filters as the database takes them (the resort resolved to its id). */
export type RentalWhere = Partial<FacetWhere<typeof RENTAL_SEARCH>> & {
  /** Rentals checking in before this day are over and never listed. */
  today: string;
};

/** The column each rental facet filters (prices in cents), in the order the conditions are written. */
const FACET_COLUMNS = {
  checkIn: rentalListings.checkIn,
  nights: rentalListings.nights,
  pricePerNight: rentalListings.pricePerNightCents,
  resort: rentalListings.resortId,
  brokers: rentalListings.brokerId,
  roomIds: rentalListings.roomId,
} satisfies FacetColumns<typeof RENTAL_SEARCH>;

const listable = (today: string) =>
  and(
    eq(rentalListings.listingStatusId, LISTING_STATUS.active),
    eq(rentalListings.isTest, false),
    gte(rentalListings.checkIn, today),
  );

/** Listable rentals only: active, not test, checking in today or later (rental_listings_search_idx). */
function whereOf(w: RentalWhere) {
  return and(listable(w.today), ...facetConditions(RENTAL_SEARCH, FACET_COLUMNS, w));
}

/** Every order ends with check-in and id, so paging is stable. */
const ORDER_BY: SortSql<RentalOrderColumn> = {
  check_in: (dir) => [dir(rentalListings.checkIn), dir(rentalListings.id)],
  price_per_night: (dir) => [
    dir(rentalListings.pricePerNightCents),
    asc(rentalListings.checkIn),
    asc(rentalListings.id),
  ],
  nights: (dir) => [dir(rentalListings.nights), asc(rentalListings.checkIn), asc(rentalListings.id)],
};

export function selectRentalRows(
  db: Db,
  w: RentalWhere,
  opts: { column: RentalOrderColumn; order: "asc" | "desc"; limit: number; offset: number },
) {
  return db
    .select({
      id: rentalListings.id,
      listingCode: rentalListings.listingCode,
      source: rentalListings.source,
      viewName: rentalListings.viewName,
      checkIn: rentalListings.checkIn,
      nights: rentalListings.nights,
      points: rentalListings.points,
      pricePerNightCents: rentalListings.pricePerNightCents,
      listingStatusId: rentalListings.listingStatusId,
      postedAt: rentalListings.postedAt,
      resortId: resorts.id,
      resortCode: resorts.code,
      resortName: resorts.name,
      resortSlug: resorts.slug,
      resortLogoPath: resorts.logoPath,
      resortPhotoPath: resorts.photoPath,
      roomId: rooms.id,
      roomName: rooms.name,
      roomSlug: rooms.slug,
      sleeps: rooms.sleeps,
      brokerId: brokers.id,
      brokerName: brokers.name,
    })
    .from(rentalListings)
    .innerJoin(resorts, eq(resorts.id, rentalListings.resortId))
    .innerJoin(rooms, eq(rooms.id, rentalListings.roomId))
    .leftJoin(brokers, eq(brokers.id, rentalListings.brokerId))
    .where(whereOf(w))
    .orderBy(...facetOrder(ORDER_BY, opts))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function selectRentalCount(db: Db, w: RentalWhere) {
  const [row] = await db.select({ total: count() }).from(rentalListings).where(whereOf(w));
  return Number(row?.total ?? 0);
}

/** When any rental last changed: the rental call's `lastModified`. */
export async function selectRentalsLastModified(db: Db) {
  const [row] = await db.select({ lastModified: max(rentalListings.updatedAt) }).from(rentalListings);
  return row?.lastModified ?? null;
}

/** Min and max nights and price per night over the listable rentals. */
export async function selectRentalBounds(db: Db, today: string) {
  const [row] = await db
    .select(rangeBoundsSelect(RENTAL_SEARCH, FACET_COLUMNS, ["nights", "pricePerNight"]))
    .from(rentalListings)
    .where(whereOf({ today }));
  return row;
}

/** Every DVC resort with its count of listable rentals (the list stays stable as rentals come and go). */
export function selectRentalResorts(db: Db, today: string) {
  return db
    .select({
      id: resorts.id,
      code: resorts.code,
      name: resorts.name,
      count: sql<number>`count(${rentalListings.id})::int`,
    })
    .from(resorts)
    .leftJoin(rentalListings, and(eq(rentalListings.resortId, resorts.id), listable(today)))
    .where(eq(resorts.isInterval, false))
    .groupBy(resorts.id)
    .orderBy(asc(resorts.name));
}

/** Every room type with its count of listable rentals, in the point charts' order. */
export function selectRentalRooms(db: Db, today: string) {
  return db
    .select({
      id: rooms.id,
      name: rooms.name,
      slug: rooms.slug,
      sleeps: rooms.sleeps,
      count: sql<number>`count(${rentalListings.id})::int`,
    })
    .from(rooms)
    .leftJoin(rentalListings, and(eq(rentalListings.roomId, rooms.id), listable(today)))
    .groupBy(rooms.id)
    .orderBy(asc(rooms.sortOrder), asc(rooms.id));
}

export function selectActiveBrokers(db: Db) {
  return db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(eq(brokers.isActive, true))
    .orderBy(asc(brokers.name));
}

export function selectBrokerIds(db: Db, ids: number[]) {
  return db.select({ id: brokers.id }).from(brokers).where(inArray(brokers.id, ids));
}

export function selectRoomIds(db: Db, ids: number[]) {
  return db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, ids));
}
