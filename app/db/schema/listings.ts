import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The 17 destinations of DOMAIN.md plus the "interval resorts" entry. */
export const resorts = pgTable("resorts", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  location: text("location").notNull(),
  /** Every contract ends on January 31 of this year. Null for the interval-resorts entry. */
  contractEndYear: smallint("contract_end_year"),
  /** A later end year for contracts that were extended (OKW: 2057). */
  extendedEndYear: smallint("extended_end_year"),
  /** Admin only: the end year is not confirmed yet (public pages show the year with its source, never this flag). */
  endYearUnverified: boolean("end_year_unverified").notNull().default(false),
  /** Where the end year comes from, as a buyer reads it ("Resale brokers' published end dates"). */
  endYearSource: text("end_year_source"),
  /** Annual dues per point, in cents, for the calendar year `duesYear`. Null when not known. */
  duesPerPointCents: integer("dues_per_point_cents"),
  /** The calendar year the dues figure is for. */
  duesYear: smallint("dues_year"),
  /** Where the dues figure comes from, as a buyer reads it. */
  duesSource: text("dues_source"),
  /**
   * The figure is an estimate (grown from an older published figure, say), not the dues published for `duesYear`:
   * public pages say so and offer to ask (issue 27: never show an estimate as a fact).
   */
  duesEstimated: boolean("dues_estimated").notNull().default(false),
  logoPath: text("logo_path").notNull(),
  /** The company's own photo, uploaded by an administrator (`/media/resorts/<random>.webp`); null: the illustration. */
  photoPath: text("photo_path"),
  summary: text("summary").notNull().default(""),
  isInterval: boolean("is_interval").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Issue 31: where the resort is (WGS 84 degrees), for the resort page's map tab; null: not on record. */
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  /** The year the resort's DVC villas opened. */
  openingYear: smallint("opening_year"),
  /** Booking windows in months before check-in (DOMAIN.md: 11 at the home resort, 7 elsewhere). */
  homeBookingMonths: smallint("home_booking_months").notNull().default(11),
  otherBookingMonths: smallint("other_booking_months").notNull().default(7),
  /** The resort page's longer description (allow-listed rich-text HTML); null: the summary only. */
  description: text("description"),
});

export const brokers = pgTable("brokers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  website: text("website"),
  /** Stored logo image (`/media/brokers/...webp`), shown beside the broker's listings. */
  logoPath: text("logo_path"),
  /** What the broker charges a seller, as the broker words it (shown on the broker's listings). */
  commissionText: text("commission_text").notNull().default(""),
  isActive: boolean("is_active").notNull().default(true),
});

/** Lookup of listing status ids; SPEC section 9: 3 active, 9 deactivated. */
export const listingStatuses = pgTable("listing_statuses", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/** The rows the resale search reads: active, not test listings. */
const searchable = sql`listing_status_id = 3 and is_test = false`;

/**
 * The filter columns a search index carries after its own sort keys, in the order decision 0012 measured:
 * score, contract points, price per point, point percentage, use month, resort, broker (each index leaves out
 * what it already leads with).
 */
function filterColumns(
  t: {
    score: AnyPgColumn;
    contractPoints: AnyPgColumn;
    pricePerPointCents: AnyPgColumn;
    pointPercentage: AnyPgColumn;
    useMonth: AnyPgColumn;
    resortId: AnyPgColumn;
    brokerId: AnyPgColumn;
  },
  leading: "score" | "ppp" | "price" | "points" | "posted" | "resort",
): AnyPgColumn[] {
  const all: [string, AnyPgColumn][] = [
    ["score", t.score],
    ["points", t.contractPoints],
    ["ppp", t.pricePerPointCents],
    ["pct", t.pointPercentage],
    ["month", t.useMonth],
    ["resort", t.resortId],
    ["broker", t.brokerId],
  ];
  return all.filter(([name]) => name !== leading).map(([, c]) => c);
}

export const listings = pgTable(
  "listings",
  {
    id: serial("id").primaryKey(),
    listingCode: text("listing_code").notNull().unique(),
    source: text("source", { enum: ["member", "broker"] }).notNull(),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    brokerId: integer("broker_id").references(() => brokers.id),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id),
    /** Use-year month, 1-12 (SPEC: Feb, Mar, Apr, Jun, Aug, Sep, Oct, Dec). */
    useMonth: smallint("use_month").notNull(),
    contractPoints: integer("contract_points").notNull(),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    prevYearPoints: integer("prev_year_points").notNull().default(0),
    currYearPoints: integer("curr_year_points").notNull().default(0),
    nextYearPoints: integer("next_year_points").notNull().default(0),
    listingStatusId: smallint("listing_status_id")
      .notNull()
      .references(() => listingStatuses.id),
    isTest: boolean("is_test").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** The seller's price is firm: buyers see a "No haggle" badge and offers below the asking price are not invited. */
    noHaggle: boolean("no_haggle").notNull().default(false),
    /** When an administrator approved the listing; a never-approved listing cannot go live without review. */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Why the listing was last deactivated (SPEC section 5 reasons: 1 sold elsewhere, 2 no longer selling, 3 other). */
    deactivationReasonId: smallint("deactivation_reason_id"),
    deactivationReasonText: text("deactivation_reason_text"),
    /** Value score 0-100 (50 = at the comparable median; see modules/listings/score.ts); kept by recomputeScores. */
    score: smallint("score"),
    /**
     * The appraisal value per point (cents) the score's comparison implies, kept with the score by recomputeScores;
     * offers are checked against it (null when nothing comparable is for sale).
     */
    appraisalPerPointCents: integer("appraisal_per_point_cents"),
    /** Current-year points as a share of the contract, 0-100 (floored, capped at 100). */
    pointPercentage: smallint("point_percentage")
      .notNull()
      .generatedAlwaysAs(sql`least(100, greatest(0, (curr_year_points * 100) / contract_points))::smallint`),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an administrator last reposted the listing (posted_at moves to that time); how many times. */
    repostedAt: timestamp("reposted_at", { withTimezone: true }),
    repostCount: integer("repost_count").notNull().default(0),
    /** Issue 33: how many of `repostCount` the daily repost job made (the "Repost" tweaks), and who made the last one. */
    autoRepostCount: integer("auto_repost_count").notNull().default(0),
    lastRepostKind: text("last_repost_kind", { enum: ["manual", "automatic"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listings_status_idx").on(t.listingStatusId, t.postedAt),
    index("listings_resort_idx").on(t.resortId),
    index("listings_seller_idx").on(t.sellerId),
    index("listings_updated_at_idx").on(t.updatedAt),
    // Resale search (modules/listings/search.*): partial indexes over the searchable rows, one per sort order.
    // Each carries the filter columns after its sort keys, so filters are checked inside the index and the
    // capped count is an index-only scan (decision 0012).
    index("listings_search_score_idx")
      .on(t.score.desc().nullsLast(), t.id.desc(), ...filterColumns(t, "score"))
      .where(searchable),
    index("listings_search_resort_score_idx").on(t.resortId, t.score.desc().nullsLast(), t.id.desc()).where(searchable),
    index("listings_search_ppp_idx")
      .on(t.pricePerPointCents, t.id, ...filterColumns(t, "ppp"))
      .where(searchable),
    index("listings_search_price_idx")
      .on(sql`(contract_points::bigint * price_per_point_cents)`, t.id, ...filterColumns(t, "price"))
      .where(searchable),
    index("listings_search_points_idx")
      .on(t.contractPoints, t.id, ...filterColumns(t, "points"))
      .where(searchable),
    index("listings_search_posted_idx")
      .on(t.postedAt, t.id, ...filterColumns(t, "posted"))
      .where(searchable),
    index("listings_search_resort_id_idx")
      .on(t.resortId, t.id, ...filterColumns(t, "resort"))
      .where(searchable),
    index("listings_search_pct_idx").on(t.pointPercentage).where(searchable),
    // A listing page's chart: the resort's listings nearest in contract points, read from both sides of its points.
    index("listings_search_resort_points_idx").on(t.resortId, t.contractPoints, t.id).where(searchable),
    check("listings_points_positive", sql`${t.contractPoints} > 0`),
    check("listings_price_positive", sql`${t.pricePerPointCents} > 0`),
    check("listings_use_month_range", sql`${t.useMonth} between 1 and 12`),
    check(
      "listings_source_owner",
      sql`(${t.source} = 'member' and ${t.sellerId} is not null) or (${t.source} = 'broker' and ${t.brokerId} is not null)`,
    ),
  ],
);

/**
 * Decision 0097: one row, the version of the listing scores. `recomputeScores` adds one to `version` in the transaction
 * that stores the scores; a process keeps the comparison set (the active listings' actual values by resort) it read
 * at a version and reads the set again only when the version has moved (modules/listings/score.server.ts).
 */
export const scoreVersion = pgTable(
  "score_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    recomputedAt: timestamp("recomputed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("score_version_one_row", sql`${t.id} = 1`)],
);

/** Room types of the point charts (DOMAIN.md "Point charts"): studio, 1BR, 2BR, grand villa, bungalow, cabin, treehouse. */
export const rooms = pgTable("rooms", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  /** How many guests the room sleeps. */
  sleeps: smallint("sleeps").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Which resorts have which room types (a many-to-many, edited at /admin/vacation-point-calculator/rooms). */
export const resortRooms = pgTable(
  "resort_rooms",
  {
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id, { onDelete: "cascade" }),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.resortId, t.roomId] }), index("resort_rooms_room_idx").on(t.roomId)],
);

/**
 * A confirmed reservation offered for rent (SPEC section 3 "Rental filters"): a stay at a resort in a room type,
 * from a check-in date for a number of nights, at a price per night. Offered by a member or a broker.
 */
export const rentalListings = pgTable(
  "rental_listings",
  {
    id: serial("id").primaryKey(),
    listingCode: text("listing_code").notNull().unique(),
    source: text("source", { enum: ["member", "broker"] }).notNull(),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    brokerId: integer("broker_id").references(() => brokers.id),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id),
    /** View category of the room (standard, preferred, lake, savanna...), free text. */
    viewName: text("view_name"),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    nights: smallint("nights").notNull(),
    /** Points the reservation used (the renter pays cash; shown for comparison). */
    points: integer("points").notNull(),
    pricePerNightCents: integer("price_per_night_cents").notNull(),
    listingStatusId: smallint("listing_status_id")
      .notNull()
      .references(() => listingStatuses.id),
    isTest: boolean("is_test").notNull().default(false),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rental_listings_search_idx").on(t.checkIn, t.id).where(sql`listing_status_id = 3 and is_test = false`),
    index("rental_listings_resort_idx").on(t.resortId, t.checkIn),
    check("rental_listings_nights_positive", sql`${t.nights} between 1 and 30`),
    check("rental_listings_price_positive", sql`${t.pricePerNightCents} > 0`),
    check(
      "rental_listings_source_owner",
      sql`(${t.source} = 'member' and ${t.sellerId} is not null) or (${t.source} = 'broker' and ${t.brokerId} is not null)`,
    ),
  ],
);
