import { and, desc, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { preparedStatement } from "~/db/statement-memo.server";
import {
  type AGREEMENT_STATUSES,
  agreementDocuments,
  agreementEvents,
  agreementSignatures,
  agreements,
  listings,
  resorts,
  sales,
  titleCompanies,
  titleCompanyCosts,
  user,
  userSettings,
} from "~/db/schema";

type Conn = Db | Tx;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

const agreementColumns = {
  id: agreements.id,
  offerId: agreements.offerId,
  listingId: agreements.listingId,
  listingCode: listings.listingCode,
  buyerId: agreements.buyerId,
  sellerId: agreements.sellerId,
  brokerId: agreements.brokerId,
  resortId: agreements.resortId,
  resortName: resorts.name,
  resortCode: resorts.code,
  useMonth: agreements.useMonth,
  points: agreements.points,
  pricePerPointCents: agreements.pricePerPointCents,
  totalCents: agreements.totalCents,
  duesPaidBy: agreements.duesPaidBy,
  closingCostsPaidBy: agreements.closingCostsPaidBy,
  financing: agreements.financing,
  deedNames: agreements.deedNames,
  status: agreements.status,
  titleCompanyId: agreements.titleCompanyId,
  depositCents: agreements.depositCents,
  targetClosingDate: agreements.targetClosingDate,
  contractSections: agreements.contractSections,
  sentForSignatureAt: agreements.sentForSignatureAt,
  buyerSignedAt: agreements.buyerSignedAt,
  sellerSignedAt: agreements.sellerSignedAt,
  sealedAt: agreements.sealedAt,
  depositDueAt: agreements.depositDueAt,
  depositSentAt: agreements.depositSentAt,
  depositReceivedAt: agreements.depositReceivedAt,
  rofrSubmittedAt: agreements.rofrSubmittedAt,
  rofrAnsweredAt: agreements.rofrAnsweredAt,
  rofrResult: agreements.rofrResult,
  estoppelReceivedAt: agreements.estoppelReceivedAt,
  closingDocumentsSentAt: agreements.closingDocumentsSentAt,
  closedAt: agreements.closedAt,
  cancelledAt: agreements.cancelledAt,
  cancelReason: agreements.cancelReason,
  sellerForeign: agreements.sellerForeign,
  sellerStateResident: agreements.sellerStateResident,
  sellerTaxDeclaredAt: agreements.sellerTaxDeclaredAt,
  createdAt: agreements.createdAt,
  updatedAt: agreements.updatedAt,
};

export type AgreementRow = {
  id: number;
  offerId: number;
  listingId: number;
  listingCode: string;
  buyerId: string;
  sellerId: string | null;
  brokerId: number | null;
  resortId: number;
  resortName: string;
  resortCode: string;
  useMonth: number;
  points: number;
  pricePerPointCents: number;
  totalCents: number;
  duesPaidBy: "buyer" | "seller" | "split";
  closingCostsPaidBy: "buyer" | "seller" | "split";
  financing: "cash" | "loan";
  deedNames: string[];
  status: AgreementStatus;
  titleCompanyId: number | null;
  depositCents: number | null;
  targetClosingDate: string | null;
  contractSections: { number: number; key: string; title: string; text: string }[] | null;
  sentForSignatureAt: Date | null;
  buyerSignedAt: Date | null;
  sellerSignedAt: Date | null;
  sealedAt: Date | null;
  depositDueAt: Date | null;
  depositSentAt: Date | null;
  depositReceivedAt: Date | null;
  rofrSubmittedAt: Date | null;
  rofrAnsweredAt: Date | null;
  rofrResult: "waived" | "exercised" | null;
  estoppelReceivedAt: Date | null;
  closingDocumentsSentAt: Date | null;
  closedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** The seller's tax declarations made when signing (null while the seller has not signed). */
  sellerForeign: boolean | null;
  sellerStateResident: boolean | null;
  sellerTaxDeclaredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function joined(db: Conn) {
  return db
    .select(agreementColumns)
    .from(agreements)
    .innerJoin(listings, eq(listings.id, agreements.listingId))
    .innerJoin(resorts, eq(resorts.id, agreements.resortId));
}

/** Built once per database handle (app/db/statement-memo.server.ts): every agreement page and step reads one. */
const agreementById = preparedStatement((db: Conn) => joined(db).where(eq(agreements.id, sql.placeholder("id"))));

export async function selectAgreement(db: Conn, id: number): Promise<AgreementRow | null> {
  const [row] = await agreementById(db, { id });
  return (row as AgreementRow) ?? null;
}

/** The workflow's conditional update: only while the agreement is still in one of `from`. */
export async function updateAgreementWhere(
  tx: Tx,
  id: number,
  change: { from: readonly AgreementStatus[]; to: AgreementStatus; set: Record<string, unknown> },
): Promise<AgreementRow | null> {
  const rows = await tx
    .update(agreements)
    .set({ ...change.set, status: change.to, updatedAt: new Date() })
    .where(and(eq(agreements.id, id), inArray(agreements.status, [...change.from])))
    .returning({ id: agreements.id });
  return rows.length ? selectAgreement(tx, id) : null;
}

/**
 * The agreement's row lock (the workflow's `lock`): concurrent transitions of one agreement take turns, so the second
 * signature always reads the first.
 */
export async function lockAgreement(tx: Tx, id: number) {
  await tx.select({ id: agreements.id }).from(agreements).where(eq(agreements.id, id)).for("update");
}

/**
 * Columns that change without a state change (the seller's tax declarations). Never the status, nor a step's moment
 * that a transition sets: those are the workflow's (decision 0023).
 */
export type AgreementColumns = Omit<
  Partial<typeof agreements.$inferInsert>,
  "status" | "depositSentAt" | "sealedAt" | "buyerSignedAt" | "sellerSignedAt" | "depositDueAt"
>;
export async function updateAgreementColumns(tx: Tx, id: number, set: AgreementColumns & { status?: never }) {
  await tx
    .update(agreements)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(agreements.id, id));
}

export async function insertAgreementEvent(tx: Conn, values: typeof agreementEvents.$inferInsert) {
  await tx.insert(agreementEvents).values(values);
}

/**
 * The agreement page's reads (issue 34): each shape is built once per database handle (app/db/statement-memo.server.ts)
 * rather than on every visit, where building them was about a twelfth of the page's CPU.
 */
const eventsOf = preparedStatement((db: Conn) =>
  db
    .select({
      id: agreementEvents.id,
      event: agreementEvents.event,
      section: agreementEvents.section,
      note: agreementEvents.note,
      actorId: agreementEvents.actorId,
      actorName: user.name,
      onBehalfOf: agreementEvents.onBehalfOf,
      ipAddress: agreementEvents.ipAddress,
      userAgent: agreementEvents.userAgent,
      createdAt: agreementEvents.createdAt,
    })
    .from(agreementEvents)
    .leftJoin(user, eq(user.id, agreementEvents.actorId))
    .where(eq(agreementEvents.agreementId, sql.placeholder("agreementId")))
    .orderBy(agreementEvents.id),
);

export async function selectAgreementEvents(db: Conn, agreementId: number) {
  return eventsOf(db, { agreementId });
}

export async function selectPartyContacts(db: Conn, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: user.id, name: user.name, email: user.email, userUniqid: user.userUniqid })
    .from(user)
    .where(inArray(user.id, ids));
}

/** What the back office's deal page adds to the agreement: the listing's kind and the seller's tax declarations. */
export async function selectDealFacts(db: Conn, agreementId: number) {
  const [row] = await db
    .select({
      listingSource: listings.source,
      sellerForeign: agreements.sellerForeign,
      sellerStateResident: agreements.sellerStateResident,
      sellerTaxDeclaredAt: agreements.sellerTaxDeclaredAt,
    })
    .from(agreements)
    .innerJoin(listings, eq(listings.id, agreements.listingId))
    .where(eq(agreements.id, agreementId));
  return row ?? null;
}

const titleCompany = {
  byId: preparedStatement((db: Conn) =>
    db
      .select()
      .from(titleCompanies)
      .where(eq(titleCompanies.id, sql.placeholder("id")))
      .limit(1),
  ),
  byDefault: preparedStatement((db: Conn) =>
    db.select().from(titleCompanies).where(eq(titleCompanies.isDefault, true)).limit(1),
  ),
};

export async function selectTitleCompany(db: Conn, id: number | null) {
  const [row] = id ? await titleCompany.byId(db, { id }) : await titleCompany.byDefault(db, {});
  return row ?? null;
}

const documentsOf = {
  all: preparedStatement((db: Conn) =>
    db
      .select()
      .from(agreementDocuments)
      .where(eq(agreementDocuments.agreementId, sql.placeholder("agreementId")))
      .orderBy(desc(agreementDocuments.id)),
  ),
  ofKind: preparedStatement((db: Conn) =>
    db
      .select()
      .from(agreementDocuments)
      .where(
        and(
          eq(agreementDocuments.agreementId, sql.placeholder("agreementId")),
          eq(agreementDocuments.kind, sql.placeholder("kind")),
        ),
      )
      .orderBy(desc(agreementDocuments.id)),
  ),
};

export async function selectDocuments(db: Conn, agreementId: number, kind?: string) {
  return kind ? documentsOf.ofKind(db, { agreementId, kind }) : documentsOf.all(db, { agreementId });
}

export async function insertSale(tx: Tx, values: typeof sales.$inferInsert) {
  await tx.insert(sales).values(values).onConflictDoNothing();
}

/**
 * A party's agreements, newest first: one side's or both. The profile's landing page and the agreements lists ask on
 * every visit, so each of the three shapes is built once (app/db/statement-memo.server.ts).
 */
const agreementsOf = {
  buyer: preparedStatement((db: Conn) => partyAgreements(db, eq(agreements.buyerId, sql.placeholder("buyerId")))),
  seller: preparedStatement((db: Conn) => partyAgreements(db, eq(agreements.sellerId, sql.placeholder("sellerId")))),
  both: preparedStatement((db: Conn) =>
    partyAgreements(
      db,
      or(eq(agreements.buyerId, sql.placeholder("buyerId")), eq(agreements.sellerId, sql.placeholder("sellerId"))),
    ),
  ),
};

function partyAgreements(db: Conn, where: SQL | undefined) {
  return joined(db).where(where).orderBy(desc(agreements.id)).limit(200);
}

/** A party's agreements, newest first: the buyer's, the seller's, or (both ids) either. */
export async function selectAgreementsOf(db: Conn, who: { buyerId?: string; sellerId?: string }) {
  const { buyerId, sellerId } = who;
  let rows: unknown[];
  if (buyerId && sellerId) rows = await agreementsOf.both(db, { buyerId, sellerId });
  else if (buyerId) rows = await agreementsOf.buyer(db, { buyerId });
  else if (sellerId) rows = await agreementsOf.seller(db, { sellerId });
  else rows = [];
  return rows as AgreementRow[];
}

/** What the contract needs of a party: names, mailing address, and (the seller) the first sentence and US status. */
export async function selectContractParty(db: Conn, userId: string) {
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      phone: userSettings.phoneNumber,
      addressLine1: userSettings.addressLine1,
      addressLine2: userSettings.addressLine2,
      city: userSettings.city,
      state: userSettings.state,
      postalCode: userSettings.postalCode,
      country: userSettings.country,
      firstSentenceOfContract: userSettings.firstSentenceOfContract,
      usMember: userSettings.usMember,
    })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function selectResortForContract(db: Conn, resortId: number) {
  const [row] = await db
    .select({
      code: resorts.code,
      name: resorts.name,
      location: resorts.location,
      contractEndYear: resorts.contractEndYear,
      extendedEndYear: resorts.extendedEndYear,
      isInterval: resorts.isInterval,
    })
    .from(resorts)
    .where(eq(resorts.id, resortId));
  return row ?? null;
}

export async function selectSignatures(db: Conn, agreementId: number) {
  return db.select().from(agreementSignatures).where(eq(agreementSignatures.agreementId, agreementId));
}

/** The points that come with the listing's contract per use year (banked, current, next). */
export async function selectListingPoints(db: Conn, listingId: number) {
  const [row] = await db
    .select({ prev: listings.prevYearPoints, curr: listings.currYearPoints, next: listings.nextYearPoints })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row ?? null;
}
/**
 * The step timestamps of the agreements closed since `since`, with their resort: the deal timeline's history
 * (per-step durations are computed from them by the service).
 */
export async function selectClosedDealSteps(db: Conn, since: Date) {
  return db
    .select({
      resortCode: resorts.code,
      createdAt: agreements.createdAt,
      buyerSignedAt: agreements.buyerSignedAt,
      sellerSignedAt: agreements.sellerSignedAt,
      sealedAt: agreements.sealedAt,
      depositReceivedAt: agreements.depositReceivedAt,
      rofrSubmittedAt: agreements.rofrSubmittedAt,
      rofrAnsweredAt: agreements.rofrAnsweredAt,
      estoppelReceivedAt: agreements.estoppelReceivedAt,
      closingDocumentsSentAt: agreements.closingDocumentsSentAt,
      closedAt: agreements.closedAt,
    })
    .from(agreements)
    .innerJoin(resorts, eq(resorts.id, agreements.resortId))
    .where(and(eq(agreements.status, "closed"), gte(agreements.closedAt, since)))
    .limit(5000);
}

/** The resort's current dues per point, in cents (null when not known). */
/** The resort's published dues per point and the calendar year they are for (either may be unknown). */
const resortDues = preparedStatement((db: Conn) =>
  db
    .select({ duesPerPointCents: resorts.duesPerPointCents, duesYear: resorts.duesYear })
    .from(resorts)
    .where(eq(resorts.id, sql.placeholder("resortId"))),
);

export async function selectResortDues(db: Conn, resortId: number) {
  const [row] = await resortDues(db, { resortId });
  return { duesPerPointCents: row?.duesPerPointCents ?? null, duesYear: row?.duesYear ?? null };
}

/**
 * The title company's cost row that applies to a resort: the resort's own row, else its state's, else the company's
 * general row (neither resort nor state); null when the company has none.
 */
export async function selectApplicableTitleCosts(
  db: Conn,
  args: { companyId: number; resortId: number; state: string | null },
) {
  const { companyId, resortId, state } = args;
  const rows = state
    ? await titleCosts.withState(db, { companyId, resortId, state })
    : await titleCosts.withoutState(db, { companyId, resortId });
  const rank = (r: (typeof rows)[number]) => (r.resortId === args.resortId ? 0 : r.state ? 1 : 2);
  return rows.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/** The cost rows of a company that may apply to a resort: the resort's own, its state's (when known), the general. */
function titleCostsWhere(db: Conn, state: SQL) {
  return db
    .select()
    .from(titleCompanyCosts)
    .where(
      and(
        eq(titleCompanyCosts.companyId, sql.placeholder("companyId")),
        or(
          eq(titleCompanyCosts.resortId, sql.placeholder("resortId")),
          and(isNull(titleCompanyCosts.resortId), state),
          and(isNull(titleCompanyCosts.resortId), isNull(titleCompanyCosts.state)),
        ),
      ),
    )
    .orderBy(desc(titleCompanyCosts.id));
}

const titleCosts = {
  withState: preparedStatement((db: Conn) =>
    titleCostsWhere(db, eq(titleCompanyCosts.state, sql.placeholder("state"))),
  ),
  withoutState: preparedStatement((db: Conn) => titleCostsWhere(db, sql`false`)),
};

const commissionText = preparedStatement((db: Conn) =>
  db
    .select({ text: user.adjustedCommissionText })
    .from(user)
    .where(eq(user.id, sql.placeholder("userId"))),
);

/** The seller's adjusted commission (the user's `adjusted_commission_text`), or null. */
export async function selectAdjustedCommissionText(db: Conn, userId: string | null) {
  if (!userId) return null;
  const [row] = await commissionText(db, { userId });
  return row?.text ?? null;
}

/** One file of one agreement (null when the id is not a file of that agreement). */
export async function selectDocument(db: Conn, agreementId: number, documentId: number) {
  const [row] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.agreementId, agreementId), eq(agreementDocuments.id, documentId)));
  return row ?? null;
}

export async function insertDocument(tx: Tx, values: typeof agreementDocuments.$inferInsert) {
  const [row] = await tx.insert(agreementDocuments).values(values).returning();
  return row;
}
