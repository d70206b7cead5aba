import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
 * The states of an agreement (issue 11, decision 0034): the agreement workflow writes `status`. `deposit_due` is
 * reached when both parties have signed and the contract is sealed; `rofr_exercised` (the developer bought it) and
 * `closed` end the deal with the listing sold; `cancelled` ends it with the listing back on the market.
 */
export const AGREEMENT_STATUSES = [
  "created",
  "out_for_signature",
  "signed_by_buyer",
  "signed_by_seller",
  /** Both have signed; the sealed contract is being made and stored (the seal job), then the deposit falls due. */
  "sealing",
  "deposit_due",
  "deposit_received",
  "rofr_submitted",
  "rofr_waived",
  "rofr_exercised",
  "estoppel_received",
  "closing_documents_out",
  "closed",
  "cancelled",
] as const;

/**
 * The agreement an accepted offer becomes (issue 10 creates it in the accepting transaction; issue 11 carries it
 * through signing, deposit, ROFR and closing). The terms are copied from the accepted offer and never change: a
 * correction is an addendum signed the same way. Each step's moment has its own column; `agreement_events` holds the
 * audit trail with who, when, IP address and user agent.
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
    status: text("status", { enum: AGREEMENT_STATUSES }).notNull().default("created"),
    /** The escrow (title company) handling the deal; chosen by an administrator, the default company otherwise. */
    titleCompanyId: integer("title_company_id").references(() => titleCompanies.id),
    depositCents: bigint("deposit_cents", { mode: "number" }),
    targetClosingDate: date("target_closing_date"),
    /**
     * The contract's four sections as rendered when it went out for signature: what both parties read, sign and what
     * is sealed, whatever the templates say later (an administrator's edit reaches only contracts sent after it).
     */
    contractSections:
      jsonb("contract_sections").$type<{ number: number; key: string; title: string; text: string }[]>(),
    sentForSignatureAt: timestamp("sent_for_signature_at", { withTimezone: true }),
    buyerSignedAt: timestamp("buyer_signed_at", { withTimezone: true }),
    sellerSignedAt: timestamp("seller_signed_at", { withTimezone: true }),
    sealedAt: timestamp("sealed_at", { withTimezone: true }),
    depositDueAt: timestamp("deposit_due_at", { withTimezone: true }),
    /** When the buyer says the wire was sent (the administrator marks it received). */
    depositSentAt: timestamp("deposit_sent_at", { withTimezone: true }),
    depositReceivedAt: timestamp("deposit_received_at", { withTimezone: true }),
    rofrSubmittedAt: timestamp("rofr_submitted_at", { withTimezone: true }),
    rofrAnsweredAt: timestamp("rofr_answered_at", { withTimezone: true }),
    rofrResult: text("rofr_result", { enum: ["waived", "exercised"] }),
    estoppelReceivedAt: timestamp("estoppel_received_at", { withTimezone: true }),
    closingDocumentsSentAt: timestamp("closing_documents_sent_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /**
     * The seller's tax declarations, made when signing (contract section 3): a foreign person for US tax (FIRPTA), and
     * a resident of the resort's state (HARPTA, for Aulani in Hawaii). Null until declared.
     */
    sellerForeign: boolean("seller_foreign"),
    sellerStateResident: boolean("seller_state_resident"),
    sellerTaxDeclaredAt: timestamp("seller_tax_declared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live agreement per listing.
    uniqueIndex("agreements_one_open_per_listing").on(t.listingId).where(sql`status <> 'cancelled'`),
    index("agreements_buyer_idx").on(t.buyerId),
    index("agreements_seller_idx").on(t.sellerId),
    index("agreements_status_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * An agreement's audit trail (issue 11): created, sent, opened, viewed section N, initialled, signed, sealed, and
 * every later step, with the person, the administrator acting for a side, the IP address and the user agent.
 * Append-only.
 */
export const agreementEvents = pgTable(
  "agreement_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The contract section (1-4) an event is about (viewed, initialled). */
    section: smallint("section"),
    actorId: text("actor_id"),
    /** The side an administrator acted for. */
    onBehalfOf: text("on_behalf_of", { enum: ["buyer", "seller"] }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("agreement_events_agreement_idx").on(t.agreementId, t.id)],
);

/** A party's signature on an agreement: the legal name confirmed, how it was made, the image, the initials. */
export const agreementSignatures = pgTable(
  "agreement_signatures",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["buyer", "seller"] }).notNull(),
    signerId: text("signer_id").notNull(),
    legalName: text("legal_name").notNull(),
    method: text("method", { enum: ["drawn", "typed"] }).notNull(),
    /** A PNG data URL of the drawn signature, or null for a typed one (stamped in the signature font). */
    imagePng: text("image_png"),
    /** The sections (1-4) initialled, with their initials and time. */
    initials: jsonb("initials").$type<{ section: number; initials: string; at: string }[]>().notNull().default([]),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agreement_signatures_side_idx").on(t.agreementId, t.side)],
);

/**
 * An agreement's files: the contract PDF (each generation), the sealed contract, the recorded deed, addenda. Kept in
 * the file storage under `storage_key`; `sha256` of the bytes. A sealed contract's hash is unique: /verify finds the
 * agreement by it.
 */
export const agreementDocuments = pgTable(
  "agreement_documents",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["contract", "sealed_contract", "deed", "addendum"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull().default("application/pdf"),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    uploadedBy: text("uploaded_by"),
    sealedAt: timestamp("sealed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("agreement_documents_agreement_idx").on(t.agreementId, t.kind),
    uniqueIndex("agreement_documents_sealed_sha_idx").on(t.sha256).where(sql`kind in ('sealed_contract', 'addendum')`),
  ],
);

/** The states of an addendum: a correction to a sealed agreement, signed by both parties the same way. */
export const ADDENDUM_STATUSES = [
  "out_for_signature",
  "signed_by_buyer",
  "signed_by_seller",
  "sealed",
  "withdrawn",
] as const;

/**
 * An addendum to a sealed agreement (issue 11: "corrections are an addendum signed the same way"): numbered per
 * agreement, written by an administrator, signed by both parties, then sealed as its own PDF (an `addendum` document).
 */
export const agreementAddenda = pgTable(
  "agreement_addenda",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    number: smallint("number").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ADDENDUM_STATUSES }).notNull().default("out_for_signature"),
    createdBy: text("created_by"),
    buyerSignedAt: timestamp("buyer_signed_at", { withTimezone: true }),
    sellerSignedAt: timestamp("seller_signed_at", { withTimezone: true }),
    sealedAt: timestamp("sealed_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawReason: text("withdraw_reason"),
    /** The sealed PDF, once both have signed. */
    documentId: integer("document_id").references(() => agreementDocuments.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agreement_addenda_number_idx").on(t.agreementId, t.number)],
);

/** A party's signature on an addendum: as on the agreement, with one initial for the addendum's text. */
export const agreementAddendumSignatures = pgTable(
  "agreement_addendum_signatures",
  {
    id: serial("id").primaryKey(),
    addendumId: integer("addendum_id")
      .notNull()
      .references(() => agreementAddenda.id, { onDelete: "cascade" }),
    side: text("side", { enum: ["buyer", "seller"] }).notNull(),
    signerId: text("signer_id").notNull(),
    legalName: text("legal_name").notNull(),
    method: text("method", { enum: ["drawn", "typed"] }).notNull(),
    imagePng: text("image_png"),
    initials: text("initials").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agreement_addendum_signatures_side_idx").on(t.addendumId, t.side)],
);

/** Title companies (escrow agents): `/admin/companies`. Wire instructions are shown to the buyer for the deposit. */
export const titleCompanies = pgTable("title_companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  contactName: text("contact_name"),
  email: text("email"),
  phone: text("phone"),
  /** Bank, routing and account as the buyer must wire them (plain text, shown as it is). */
  wireInstructions: text("wire_instructions").notNull().default(""),
  /** Two-letter state codes the company closes in. */
  statesServed: jsonb("states_served").$type<string[]>().notNull().default([]),
  isDefault: boolean("is_default").notNull().default(false),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A title company's closing costs (`/admin/companies/costs`): for one resort, for a state, or the company's general
 * row (both null). The most specific row applies.
 */
export const titleCompanyCosts = pgTable(
  "title_company_costs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => titleCompanies.id, { onDelete: "cascade" }),
    resortId: integer("resort_id").references(() => resorts.id),
    state: text("state"),
    closingFeeCents: integer("closing_fee_cents").notNull().default(0),
    recordingFeeCents: integer("recording_fee_cents").notNull().default(0),
    titleSearchCents: integer("title_search_cents").notNull().default(0),
    estoppelFeeCents: integer("estoppel_fee_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("title_company_costs_company_idx").on(t.companyId)],
);

/** A closed sale (issue 11), for the market data of a later issue: one row per closed or bought-back agreement. */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    agreementId: integer("agreement_id")
      .notNull()
      .unique()
      .references(() => agreements.id),
    listingId: integer("listing_id").notNull(),
    resortId: integer("resort_id").notNull(),
    points: integer("points").notNull(),
    useMonth: smallint("use_month").notNull(),
    pricePerPointCents: integer("price_per_point_cents").notNull(),
    daysToClose: integer("days_to_close").notNull(),
    rofrResult: text("rofr_result", { enum: ["waived", "exercised"] }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sales_resort_closed_idx").on(t.resortId, t.closedAt)],
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
