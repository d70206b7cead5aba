import { and, asc, count, desc, eq, gte, inArray, lte, max, min, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { brokers, rentalListings, resorts, rooms } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import type { DateRange, Range, RentalOrderColumn } from "./rentals-constants";

/** Rental filters in database units: nights, cents per night, ids, calendar days. */
export type RentalWhere = {
  /** Rentals checking in before this day are over and never listed. */
  today: string;
  nights?: Range | null;
  pricePerNightCents?: Range | null;
  resortId?: number | null;
  checkIn?: DateRange | null;
  brokerIds?: number[];
  roomIds?: number[];
};

function between(col: SQLWrapper, r: Range | null | undefined) {
  if (!r) return [];
  const out: SQL[] = [];
  if (r.min !== null) out.push(sql`${col} >= ${r.min}`);
  if (r.max !== null) out.push(sql`${col} <= ${r.max}`);
  return out;
}

const listable = (today: string) =>
  and(
    eq(rentalListings.listingStatusId, LISTING_STATUS.active),
    eq(rentalListings.isTest, false),
    gte(rentalListings.checkIn, today),
  );

/** Listable rentals only: active, not test, checking in today or later (rental_listings_search_idx). */
function whereOf(w: RentalWhere) {
  return and(
    listable(w.today),
    w.checkIn?.from ? gte(rentalListings.checkIn, w.checkIn.from) : undefined,
    w.checkIn?.to ? lte(rentalListings.checkIn, w.checkIn.to) : undefined,
    ...between(rentalListings.nights, w.nights),
    ...between(rentalListings.pricePerNightCents, w.pricePerNightCents),
    w.resortId ? eq(rentalListings.resortId, w.resortId) : undefined,
    w.brokerIds?.length ? inArray(rentalListings.brokerId, w.brokerIds) : undefined,
    w.roomIds?.length ? inArray(rentalListings.roomId, w.roomIds) : undefined,
  );
}

/** Every order ends with check-in and id, so paging is stable. */
function orderOf(column: RentalOrderColumn, order: "asc" | "desc"): SQL[] {
  const dir = order === "asc" ? asc : desc;
  switch (column) {
    case "check_in":
      return [dir(rentalListings.checkIn), dir(rentalListings.id)];
    case "price_per_night":
      return [dir(rentalListings.pricePerNightCents), asc(rentalListings.checkIn), asc(rentalListings.id)];
    case "nights":
      return [dir(rentalListings.nights), asc(rentalListings.checkIn), asc(rentalListings.id)];
  }
}

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
    .orderBy(...orderOf(opts.column, opts.order))
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
    .select({
      nightsMin: min(rentalListings.nights),
      nightsMax: max(rentalListings.nights),
      ppnMin: min(rentalListings.pricePerNightCents),
      ppnMax: max(rentalListings.pricePerNightCents),
    })
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

export function selectResortByCodeOrId(db: Db, key: string | number) {
  return db
    .select({ id: resorts.id, code: resorts.code })
    .from(resorts)
    .where(typeof key === "number" ? eq(resorts.id, key) : eq(resorts.code, key))
    .limit(1);
}

export function selectBrokerIds(db: Db, ids: number[]) {
  return db.select({ id: brokers.id }).from(brokers).where(inArray(brokers.id, ids));
}

export function selectRoomIds(db: Db, ids: number[]) {
  return db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, ids));
}
