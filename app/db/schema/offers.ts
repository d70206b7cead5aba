import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { brokers, listings, resorts } from "./listings";

/** The states of an offer (issue 10); only the offer workflow writes `status` (decision 0029). */
export const OFFER_STATUSES = [
  "submitted",
  "countered_by_seller",
  "countered_by_buyer",
  "accepted",
  "declined",
  "withdrawn",
  "expired",
] as const;
/** Who pays the current use year's dues, or the closing costs. */
export const PAYERS = ["buyer", "seller", "split"] as const;
export const FINANCING = ["cash", "loan"] as const;

/**
 * A buyer's offer on a listing (issue 10). The row carries the terms on the table now (the latest proposal); every
 * proposal, the first included, is a row of `offer_rounds`. `round` is the number of the latest proposal: the timers
 * (expiry, reminder) carry the round they were set for and do nothing once the offer has moved on.
 */
export const offers = pgTable(
  "offers",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id),
    /** The listing's seller when the offer was made (null for a broker's listing: the broker's staff answer). */
    sellerId: text("seller_id").references(() => user.id),
    brokerId: integer("broker_id").references(() => brokers.id),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("submitted"),
    round: smallint("round").notNull().default(1),
    points: integer("points").notNull(),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    duesPaidBy: text("dues_paid_by", { enum: PAYERS }).notNull(),
    closingCostsPaidBy: text("closing_costs_paid_by", { enum: PAYERS }).notNull(),
    financing: text("financing", { enum: FINANCING }).notNull(),
    /** The names to go on the deed, in order. */
    deedNames: jsonb("deed_names").$type<string[]>().notNull(),
    message: text("message").notNull().default(""),
    /** The listing's asking price and its appraisal (comparable) value per point when the offer was made. */
    askingPricePerPointCents: integer("asking_price_per_point_cents").notNull(),
    appraisalPerPointCents: integer("appraisal_per_point_cents"),
    /** The buyer confirmed an offer far below the appraisal value (the low offer modal). */
    lowOfferConfirmed: boolean("low_offer_confirmed").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    declineReason: text("decline_reason"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("offers_listing_idx").on(t.listingId, t.status),
    index("offers_buyer_idx").on(t.buyerId, t.status),
    index("offers_seller_idx").on(t.sellerId, t.status),
    index("offers_created_idx").on(t.createdAt),
    // The offer dashboard's default order (bench/offers.bench.ts: a 108 ms sort of every offer without it).
    index("offers_updated_idx").on(t.updatedAt.desc().nullsLast(), t.id.desc()),
    // At most one accepted offer per listing: the database's own guarantee behind the workflow's.
    uniqueIndex("offers_one_accepted_per_listing").on(t.listingId).where(sql`status = 'accepted'`),
    check("offers_points_positive", sql`${t.points} > 0`),
    check("offers_price_positive", sql`${t.pricePerPointCents} > 0`),
    check("offers_round_positive", sql`${t.round} >= 1`),
  ],
);

/** Every proposal of an offer: the buyer's first, then each counter (who proposed what, when). */
export const offerRounds = pgTable(
  "offer_rounds",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    round: smallint("round").notNull(),
    /** The side that proposed these terms. */
    proposedBy: text("proposed_by", { enum: ["buyer", "seller"] }).notNull(),
    /** The person who entered it (an administrator acting for the side, or the party). */
    actorId: text("actor_id"),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    duesPaidBy: text("dues_paid_by", { enum: PAYERS }).notNull(),
    closingCostsPaidBy: text("closing_costs_paid_by", { enum: PAYERS }).notNull(),
    financing: text("financing", { enum: FINANCING }).notNull(),
    deedNames: jsonb("deed_names").$type<string[]>().notNull(),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("offer_rounds_offer_round_idx").on(t.offerId, t.round)],
);

/**
 * The purchase agreement's record, created from the accepted offer in the accepting transaction (issue 10). Its
 * documents, signing, deposit, ROFR and closing come with the agreements issue.
 */
export const agreements = pgTable(
  "agreements",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .unique()
      .references(() => offers.id),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id),
    sellerId: text("seller_id").references(() => user.id),
    brokerId: integer("broker_id").references(() => brokers.id),
    resortId: integer("resort_id")
      .notNull()
      .references(() => resorts.id),
    useMonth: smallint("use_month").notNull(),
    points: integer("points").notNull(),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    duesPaidBy: text("dues_paid_by", { enum: PAYERS }).notNull(),
    closingCostsPaidBy: text("closing_costs_paid_by", { enum: PAYERS }).notNull(),
    financing: text("financing", { enum: FINANCING }).notNull(),
    deedNames: jsonb("deed_names").$type<string[]>().notNull(),
    /** open: created from the offer, waiting for its documents (the agreements issue adds the later states). */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live agreement per listing.
    uniqueIndex("agreements_one_open_per_listing").on(t.listingId).where(sql`status <> 'cancelled'`),
    index("agreements_buyer_idx").on(t.buyerId),
    index("agreements_seller_idx").on(t.sellerId),
  ],
);

/**
 * SPEC section 3 "Offers log: id, created_at, user.name, user.user_uniqid, history_note": one row per offer event,
 * written in the event's transaction. `user_id` is who did it (null for the timers); no foreign key on it, so the log
 * outlives an account.
 */
export const offersLogs = pgTable(
  "offers_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    /** The administrator who acted for a side, when one did. */
    onBehalfOf: text("on_behalf_of", { enum: ["buyer", "seller"] }),
    event: text("event").notNull(),
    historyNote: text("history_note").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offers_logs_offer_idx").on(t.offerId, t.id), index("offers_logs_created_idx").on(t.createdAt)],
);
