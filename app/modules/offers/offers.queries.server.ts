import { and, count, desc, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "~/db/client.server";
import { preparedStatement } from "~/db/statement-memo.server";
import {
  agreements,
  brokers,
  listings,
  offerRounds,
  offerRoundSignals,
  offers,
  offersLogs,
  resorts,
  user,
  userSettings,
} from "~/db/schema";
import { selectPaged } from "~/lib/list-query";
import { OPEN_STATUSES, type OfferStatus } from "./offers.rules";

type Conn = Db | Tx;

const offerColumns = {
  id: offers.id,
  listingId: offers.listingId,
  buyerId: offers.buyerId,
  sellerId: offers.sellerId,
  brokerId: offers.brokerId,
  status: offers.status,
  round: offers.round,
  points: offers.points,
  pricePerPointCents: offers.pricePerPointCents,
  totalCents: offers.totalCents,
  duesPaidBy: offers.duesPaidBy,
  closingCostsPaidBy: offers.closingCostsPaidBy,
  financing: offers.financing,
  deedNames: offers.deedNames,
  message: offers.message,
  askingPricePerPointCents: offers.askingPricePerPointCents,
  appraisalPerPointCents: offers.appraisalPerPointCents,
  expiresAt: offers.expiresAt,
  declineReason: offers.declineReason,
  closedAt: offers.closedAt,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
  listingCode: listings.listingCode,
  resortId: listings.resortId,
  useMonth: listings.useMonth,
};

/** The offer as its workflow and services read it: its own columns and its listing's code, resort and use year. */
export type OfferRow = {
  id: number;
  listingId: number;
  buyerId: string;
  sellerId: string | null;
  brokerId: number | null;
  status: OfferStatus;
  round: number;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
  duesPaidBy: "buyer" | "seller" | "split";
  closingCostsPaidBy: "buyer" | "seller" | "split";
  financing: "cash" | "loan";
  deedNames: string[];
  message: string;
  askingPricePerPointCents: number;
  appraisalPerPointCents: number | null;
  expiresAt: Date;
  declineReason: string | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  listingCode: string;
  resortId: number;
  useMonth: number;
};

export async function selectOfferForWorkflow(db: Conn, id: number): Promise<OfferRow | null> {
  const [row] = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(eq(offers.id, id))
    .limit(1);
  return (row as OfferRow | undefined) ?? null;
}

/** The offer workflow's one status write: only where the status is still one of `from` (one statement). */
export async function updateOfferStatusWhere(
  tx: Tx,
  id: number,
  change: { from: readonly OfferStatus[]; to: OfferStatus; set: Record<string, unknown> },
): Promise<OfferRow | null> {
  const [row] = await tx
    .update(offers)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(offers.id, id), inArray(offers.status, [...change.from])))
    .returning({ id: offers.id });
  return row ? selectOfferForWorkflow(tx, row.id) : null;
}

/**
 * Locks the offer's row until the transaction ends (the timers check the round under it) and returns its listing,
 * state and round; null when there is no such offer.
 */
export async function lockOffer(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: offers.id, listingId: offers.listingId, status: offers.status, round: offers.round })
    .from(offers)
    .where(eq(offers.id, id))
    .for("update");
  return row ?? null;
}

const listingColumns = {
  id: listings.id,
  listingCode: listings.listingCode,
  source: listings.source,
  sellerId: listings.sellerId,
  brokerId: listings.brokerId,
  resortId: listings.resortId,
  useMonth: listings.useMonth,
  contractPoints: listings.contractPoints,
  pricePerPointCents: listings.pricePerPointCents,
  listingStatusId: listings.listingStatusId,
  isTest: listings.isTest,
  appraisalPerPointCents: listings.appraisalPerPointCents,
  score: listings.score,
};

/**
 * The listing an offer is about, locked until the transaction ends: every change that depends on the listing's
 * state (a new offer, an acceptance) takes this lock first, so they run one after the other on PostgreSQL.
 */
export async function lockListingForOffer(tx: Tx, listingId: number) {
  const [row] = await tx.select(listingColumns).from(listings).where(eq(listings.id, listingId)).for("update");
  return row ?? null;
}

export async function selectListingForOffer(db: Conn, listingId: number) {
  const [row] = await db.select(listingColumns).from(listings).where(eq(listings.id, listingId));
  return row ?? null;
}

/** The buyer's account and offer limits, the account row locked so two offers by one buyer are counted in turn. */
export async function lockBuyerForOffer(tx: Tx, buyerId: string) {
  const [row] = await tx
    .select({
      id: user.id,
      emailVerified: user.emailVerified,
      deletedAt: user.deletedAt,
      lowEnabled: userSettings.buyerLowOfferEnabled,
      lowPercent: userSettings.buyerLowOfferValue,
      highEnabled: userSettings.buyerHighOfferEnabled,
      highPercent: userSettings.buyerHighOfferValue,
      allowedOffers: userSettings.noOfAllowedOffers,
    })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, buyerId))
    .for("no key update", { of: user });
  return row ?? null;
}

export async function countOpenOffersOfBuyer(tx: Conn, buyerId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.buyerId, buyerId), inArray(offers.status, [...OPEN_STATUSES])));
  return Number(row?.n ?? 0);
}

/** Offers the buyer made since `since` (any status), on one listing or on all (issue 28's offer limits). */
export async function countOffersOfBuyerSince(tx: Conn, buyerId: string, since: Date, listingId?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(offers)
    .where(
      and(
        eq(offers.buyerId, buyerId),
        sql`${offers.createdAt} > ${since}`,
        listingId === undefined ? undefined : eq(offers.listingId, listingId),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function selectOpenOfferOfBuyerOnListing(tx: Conn, buyerId: string, listingId: number) {
  const [row] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.buyerId, buyerId), eq(offers.listingId, listingId), inArray(offers.status, [...OPEN_STATUSES])),
    )
    .limit(1);
  return row ?? null;
}

/** The other offers on a listing still being negotiated (to decline when one is accepted), oldest first. */
export async function selectOtherOpenOfferIds(tx: Tx, listingId: number, exceptId: number) {
  const rows = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), ne(offers.id, exceptId), inArray(offers.status, [...OPEN_STATUSES])))
    .orderBy(offers.id);
  return rows.map((r) => r.id);
}

/** Open offers whose time is up (the sweep's list), oldest first, with their round. */
export async function selectOverdueOpenOffers(db: Db | Tx, now: Date, limit = 500) {
  return db
    .select({ offerId: offers.id, round: offers.round })
    .from(offers)
    .where(and(inArray(offers.status, [...OPEN_STATUSES]), lte(offers.expiresAt, now)))
    .orderBy(offers.expiresAt)
    .limit(limit);
}

export async function insertOffer(tx: Tx, values: typeof offers.$inferInsert) {
  const [row] = await tx.insert(offers).values(values).returning({ id: offers.id });
  return row.id;
}

export async function insertOfferRound(tx: Tx, values: typeof offerRounds.$inferInsert) {
  await tx.insert(offerRounds).values(values);
}

export async function insertOffersLog(tx: Tx, values: typeof offersLogs.$inferInsert) {
  await tx.insert(offersLogs).values(values);
}

export async function insertAgreement(tx: Tx, values: typeof agreements.$inferInsert) {
  const [row] = await tx.insert(agreements).values(values).returning();
  return row;
}

/** Whether the timer already reminded anyone of this offer since its last proposal (a retried job mails once). */
export async function hasReminderSince(db: Conn, offerId: number, since: Date) {
  const [row] = await db
    .select({ id: offersLogs.id })
    .from(offersLogs)
    .where(
      and(eq(offersLogs.offerId, offerId), eq(offersLogs.event, "reminded"), sql`${offersLogs.createdAt} >= ${since}`),
    )
    .limit(1);
  return Boolean(row);
}

/** A person's name and address, for mails. */
export async function selectPerson(db: Conn, id: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, userUniqid: user.userUniqid })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

export async function selectBrokerName(db: Conn, id: number) {
  const [row] = await db.select({ name: brokers.name }).from(brokers).where(eq(brokers.id, id));
  return row?.name ?? null;
}

export async function selectResortName(db: Conn, id: number) {
  const [row] = await db.select({ name: resorts.name, code: resorts.code }).from(resorts).where(eq(resorts.id, id));
  return row ?? null;
}

/** Built once per database handle (app/db/statement-memo.server.ts): every view of an offer's page runs it. */
const roundsOf = preparedStatement((db: Conn) =>
  db
    .select({
      round: offerRounds.round,
      proposedBy: offerRounds.proposedBy,
      actorId: offerRounds.actorId,
      actorName: user.name,
      pricePerPointCents: offerRounds.pricePerPointCents,
      totalCents: offerRounds.totalCents,
      duesPaidBy: offerRounds.duesPaidBy,
      closingCostsPaidBy: offerRounds.closingCostsPaidBy,
      financing: offerRounds.financing,
      deedNames: offerRounds.deedNames,
      message: offerRounds.message,
      createdAt: offerRounds.createdAt,
    })
    .from(offerRounds)
    .leftJoin(user, eq(user.id, offerRounds.actorId))
    .where(eq(offerRounds.offerId, sql.placeholder("offerId")))
    .orderBy(offerRounds.round),
);

export function selectOfferRounds(db: Conn, offerId: number) {
  return roundsOf(db, { offerId });
}

const logColumns = {
  id: offersLogs.id,
  offerId: offersLogs.offerId,
  createdAt: offersLogs.createdAt,
  event: offersLogs.event,
  onBehalfOf: offersLogs.onBehalfOf,
  historyNote: offersLogs.historyNote,
  userName: user.name,
  userUniqid: user.userUniqid,
};

export function selectOfferLogs(db: Conn, offerId: number) {
  return db
    .select(logColumns)
    .from(offersLogs)
    .leftJoin(user, eq(user.id, offersLogs.userId))
    .where(eq(offersLogs.offerId, offerId))
    .orderBy(offersLogs.id);
}

/** The admin's offers log (SPEC section 3): newest first, paged. */
export function selectOffersLogsPage(db: Conn, page: number, pageSize: number) {
  return selectPaged({
    count: () => db.select({ total: count() }).from(offersLogs),
    rows: (limit, offset) =>
      db
        .select(logColumns)
        .from(offersLogs)
        .leftJoin(user, eq(user.id, offersLogs.userId))
        .orderBy(desc(offersLogs.id))
        .limit(limit)
        .offset(offset),
    page,
    pageSize,
  });
}

const buyerUser = alias(user, "offer_buyer");
const sellerUser = alias(user, "offer_seller");

const listColumns = {
  id: offers.id,
  listingId: offers.listingId,
  listingCode: listings.listingCode,
  resortId: resorts.id,
  resortName: resorts.name,
  resortCode: resorts.code,
  status: offers.status,
  round: offers.round,
  points: offers.points,
  pricePerPointCents: offers.pricePerPointCents,
  totalCents: offers.totalCents,
  askingPricePerPointCents: offers.askingPricePerPointCents,
  expiresAt: offers.expiresAt,
  createdAt: offers.createdAt,
  updatedAt: offers.updatedAt,
  buyerId: offers.buyerId,
  buyerName: buyerUser.name,
  sellerId: offers.sellerId,
  sellerName: sellerUser.name,
  brokerId: offers.brokerId,
  brokerName: brokers.name,
};

/** Offers as the lists show them (`listColumns`): with their listing, resort, buyer, seller and broker. */
function offerListRows(db: Conn) {
  return db
    .select(listColumns)
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
    .leftJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
    .leftJoin(brokers, eq(brokers.id, offers.brokerId));
}

/** A page of offers, newest activity first: a buyer's, a seller's (or broker listings'), or every offer. */
export function selectOffersPage(
  db: Conn,
  opts: {
    who: { buyerId: string } | { sellerId: string; brokerListings: boolean } | "all";
    statuses: readonly OfferStatus[] | null;
    page: number;
    pageSize: number;
  },
) {
  const conds: SQL[] = [];
  if (opts.who !== "all") {
    if ("buyerId" in opts.who) conds.push(eq(offers.buyerId, opts.who.buyerId));
    else {
      const mine = eq(offers.sellerId, opts.who.sellerId);
      conds.push(opts.who.brokerListings ? (sql`(${mine} or ${offers.brokerId} is not null)` as SQL) : mine);
    }
  }
  if (opts.statuses) conds.push(inArray(offers.status, [...opts.statuses]));
  const where = conds.length ? and(...conds) : undefined;
  return selectPaged({
    count: () => db.select({ total: count() }).from(offers).where(where),
    rows: (limit, offset) =>
      offerListRows(db).where(where).orderBy(desc(offers.updatedAt), desc(offers.id)).limit(limit).offset(offset),
    page: opts.page,
    pageSize: opts.pageSize,
  });
}

/** One offer with its people and listing, for its page. */
/**
 * The open offers that wait on this person, soonest deadline first (the profile's landing page): on their listings,
 * in one of `sellerStatuses`, and their own, in one of `buyerStatuses`. One statement for both sides.
 */
export function selectOffersAwaiting(
  db: Conn,
  userId: string,
  opts: { sellerStatuses: readonly OfferStatus[]; buyerStatuses: readonly OfferStatus[]; limit: number },
) {
  return awaitingStatement(opts.sellerStatuses, opts.buyerStatuses)(db, { userId, limit: opts.limit });
}

/**
 * The statement for one pair of status lists, built once per database handle (app/db/statement-memo.server.ts): the
 * profile's landing page asks on every visit, always with the same lists.
 */
const awaitingStatements = new Map<string, ReturnType<typeof buildAwaitingStatement>>();
function awaitingStatement(sellerStatuses: readonly OfferStatus[], buyerStatuses: readonly OfferStatus[]) {
  const key = `${sellerStatuses.join(",")}|${buyerStatuses.join(",")}`;
  let statement = awaitingStatements.get(key);
  if (!statement) {
    statement = buildAwaitingStatement([...sellerStatuses], [...buyerStatuses]);
    awaitingStatements.set(key, statement);
  }
  return statement;
}

function buildAwaitingStatement(sellerStatuses: OfferStatus[], buyerStatuses: OfferStatus[]) {
  const userId = sql.placeholder("userId");
  return preparedStatement((db: Conn) =>
    offerListRows(db)
      .where(
        or(
          and(eq(offers.sellerId, userId), inArray(offers.status, sellerStatuses)),
          and(eq(offers.buyerId, userId), inArray(offers.status, buyerStatuses)),
        ),
      )
      .orderBy(offers.expiresAt, offers.id)
      .limit(sql.placeholder("limit")),
  );
}

/**
 * An offer's page in one statement (issue 34): the offer as its workflow reads it (`row`), as the lists show it
 * (`detail`), the id of its agreement (null before one), and whether the seller's view of the current round is already
 * recorded (so a second view writes nothing). Null when there is no such offer.
 */
export async function selectOfferView(db: Conn, id: number) {
  const [found] = await offerView(db, { id });
  if (!found) return null;
  return {
    ...found,
    row: found.row as OfferRow,
    agreementId: found.agreementId === null ? null : Number(found.agreementId),
  };
}

/** Built once per database handle (app/db/statement-memo.server.ts): every view of an offer's page runs it. */
const offerView = preparedStatement((db: Conn) =>
  db
    .select({
      row: offerColumns,
      detail: listColumns,
      agreementId: sql<
        number | null
      >`(select ${agreements.id} from ${agreements} where ${agreements.offerId} = ${offers.id} limit 1)`,
      sellerViewed: sql<boolean>`exists (select 1 from ${offerRoundSignals} where ${offerRoundSignals.offerId} = ${offers.id} and ${offerRoundSignals.round} = ${offers.round} and ${offerRoundSignals.signal} = 'viewed')`,
    })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .innerJoin(resorts, eq(resorts.id, listings.resortId))
    .innerJoin(buyerUser, eq(buyerUser.id, offers.buyerId))
    .leftJoin(sellerUser, eq(sellerUser.id, offers.sellerId))
    .leftJoin(brokers, eq(brokers.id, offers.brokerId))
    .where(eq(offers.id, sql.placeholder("id"))),
);

/** Deletes offers-log rows by id (the admin's bulk delete); returns how many went. */
export async function deleteOffersLogs(tx: Tx, ids: readonly number[]) {
  const rows = await tx
    .delete(offersLogs)
    .where(inArray(offersLogs.id, [...ids]))
    .returning({ id: offersLogs.id });
  return rows.length;
}
