import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Role, StaffRole, Viewer } from "~/auth/abilities";
import type { Db } from "~/db/client.server";
import {
  account,
  brokers,
  contactMessages,
  listings,
  offerRounds,
  offers,
  resorts,
  user,
  userSettings,
} from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";

/**
 * Typed builders for tests (issue 9): each inserts one realistic row with unique values, takes overrides for what
 * the test is about, and returns the row. They need only the reference data (resorts, statuses) that migrations and
 * the reference seed put in every database, never the demo accounts or listings.
 */

let counter = 0;
/** Unique within a database copy (and across copies: a random part). */
function unique() {
  counter += 1;
  return `${counter}${randomBytes(3).toString("hex")}`;
}

export const FACTORY_PASSWORD = "factory-pass-1";
let hashed: Promise<string> | null = null;
const passwordHash = () => {
  hashed ??= hashPassword(FACTORY_PASSWORD);
  return hashed;
};

export type BuiltUser = typeof user.$inferSelect;

/** A person who can sign in with FACTORY_PASSWORD (a credential account, as sign-up makes), email verified. */
export async function buildUser(
  db: Db,
  over: Partial<{ name: string; email: string; role: Role; staffRole: StaffRole | null; emailVerified: boolean }> = {},
): Promise<BuiltUser> {
  const u = unique();
  const id = `factory-user-${u}`;
  const now = new Date();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: over.name ?? `Pat Tester ${u}`,
      email: over.email ?? `pat.${u}@factory.test`,
      emailVerified: over.emailVerified ?? true,
      role: over.role ?? "buyer",
      staffRole: over.staffRole ?? null,
      userUniqid: `f${u}`.slice(0, 12),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(account).values({
    id: `factory-account-${u}`,
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await passwordHash(),
  });
  await db.insert(userSettings).values({ userId: id, salutation: `Dear ${row.name.split(" ")[0]}` });
  return row;
}

/** The Viewer a service gets for this person (as `getViewer` builds it from the session). */
export function viewerOf(u: BuiltUser, impersonatedBy: string | null = null): Viewer {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: (u.role as Role) ?? "buyer",
    staffRole: (u.staffRole as StaffRole | null) ?? null,
    userUniqid: u.userUniqid,
    emailVerified: u.emailVerified,
    impersonatedBy,
  };
}

export async function buildBroker(db: Db, over: Partial<typeof brokers.$inferInsert> = {}) {
  const u = unique();
  const [row] = await db
    .insert(brokers)
    .values({
      name: `Factory Resale Brokers ${u}`,
      slug: `factory-resale-${u}`,
      website: `https://broker-${u}.test`,
      ...over,
    })
    .returning();
  return row;
}

/** A resort from the reference data (DOMAIN.md's resorts), by code; Bay Lake Tower by default. */
export async function resortByCode(db: Db, code = "BLT") {
  const [row] = await db.select().from(resorts).where(eq(resorts.code, code));
  if (!row) throw new Error(`No resort ${code} in the reference data`);
  return row;
}

/**
 * A listing, by a member (`seller`) or a broker (`broker`; a new broker when neither is given and `source` is
 * broker). Defaults: active and approved, 160 points at $150.00 a point, February use year, full points.
 */
export async function buildListing(
  db: Db,
  over: {
    seller?: BuiltUser;
    broker?: { id: number };
    resortCode?: string;
    status?: number;
    points?: number;
    pricePerPointCents?: number;
    useMonth?: number;
    isTest?: boolean;
    approved?: boolean;
  } = {},
) {
  const resort = await resortByCode(db, over.resortCode);
  const seller = over.broker ? null : (over.seller ?? (await buildUser(db, { role: "seller" })));
  const points = over.points ?? 160;
  const status = over.status ?? LISTING_STATUS.active;
  const now = new Date();
  const approved = over.approved ?? status !== LISTING_STATUS.pending;
  const [row] = await db
    .insert(listings)
    .values({
      listingCode: `VPM-F${unique().toUpperCase()}`,
      source: over.broker ? "broker" : "member",
      sellerId: seller?.id ?? null,
      brokerId: over.broker?.id ?? null,
      resortId: resort.id,
      useMonth: over.useMonth ?? 2,
      contractPoints: points,
      pricePerPointCents: over.pricePerPointCents ?? 15000,
      prevYearPoints: 0,
      currYearPoints: points,
      nextYearPoints: points,
      listingStatusId: status,
      isTest: over.isTest ?? false,
      approvedAt: approved ? now : null,
      postedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** A visitor's question about a listing, as "Ask about this listing" stores it. */
export async function buildContactMessage(
  db: Db,
  over: Partial<typeof contactMessages.$inferInsert> & { listingId: number },
) {
  const u = unique();
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: `Visitor ${u}`,
      email: `visitor.${u}@factory.test`,
      subject: "Is the price firm?",
      message: "Would the seller take $140 a point with a 45-day close?",
      ...over,
    })
    .returning();
  return row;
}

/**
 * An offer on a listing, written as `submitOffer` writes one (its first round included) without its checks, mails or
 * timers: for tests about what comes after. Defaults: a new active listing and a new buyer, $140.00 a point, the buyer
 * pays dues and closing costs, cash, submitted 48 hours before it expires. Pass `status` to start in another state.
 */
export async function buildOffer(
  db: Db,
  over: {
    listing?: typeof listings.$inferSelect;
    buyer?: BuiltUser;
    pricePerPointCents?: number;
    status?: (typeof offers.$inferSelect)["status"];
    expiresAt?: Date;
  } = {},
) {
  const listing = over.listing ?? (await buildListing(db));
  const buyer = over.buyer ?? (await buildUser(db, { role: "buyer" }));
  const price = over.pricePerPointCents ?? 14000;
  const now = new Date();
  const terms = {
    pricePerPointCents: price,
    totalCents: price * listing.contractPoints,
    duesPaidBy: "buyer" as const,
    closingCostsPaidBy: "buyer" as const,
    financing: "cash" as const,
    deedNames: [buyer.name],
    message: "",
  };
  const [row] = await db
    .insert(offers)
    .values({
      listingId: listing.id,
      buyerId: buyer.id,
      sellerId: listing.source === "member" ? listing.sellerId : null,
      brokerId: listing.brokerId,
      status: over.status ?? "submitted",
      round: 1,
      points: listing.contractPoints,
      ...terms,
      askingPricePerPointCents: listing.pricePerPointCents,
      expiresAt: over.expiresAt ?? new Date(now.getTime() + 48 * 3_600_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(offerRounds).values({ offerId: row.id, round: 1, proposedBy: "buyer", actorId: buyer.id, ...terms });
  return row;
}

/**
 * Gives a person a mailing address (or, with `null`, takes it away): a contract prints each party's address, and
 * sending it to sign refuses without one (decision 0056).
 */
export async function giveAddress(db: Db, userId: string, address: string | null = "12 Test Street") {
  const set = address
    ? { addressLine1: address, city: "Orlando", state: "FL", postalCode: "32801" }
    : { addressLine1: null, addressLine2: null, city: null, state: null, postalCode: null };
  await db
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set });
}
