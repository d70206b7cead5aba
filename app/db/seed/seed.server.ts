import { dollarsToCents } from "~/lib/money";
import { hashPassword } from "better-auth/crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  account,
  brokers,
  listingStatuses,
  listings,
  menuItems,
  quickFacts,
  rentalListings,
  resorts,
  resortRooms,
  rooms,
  settings,
  user,
  userSettings,
} from "~/db/schema";
import { newUserUniqid } from "~/auth/auth.server";
import { seedAdminUsersDemo } from "./admin-users-demo";
import { seedMarket } from "./market-demo";
import { claimSeedStep, hasRows } from "./seed-steps";
import { seedContentPages } from "./content-pages-seed";
import { seedTitleCompaniesDemo } from "./title-companies-demo";
import { seedLendersDemo } from "./lenders-demo";
import { seedBlogAndHelp } from "./blog-demo";
import { seedVoicesDemo } from "./voices-demo";
import {
  DEMO_BROKERS,
  DEMO_LISTING_COUNT,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoListingKind,
  demoRentals,
  drawDemoListing,
  mulberry32,
  RESALE_PRICE_PER_POINT,
} from "./demo-data";
import { seedNotificationsDemo } from "./notifications-demo";
import { seedOffersDemo } from "./offers-demo";
import { seedPointChartsDemo } from "./point-charts-demo";
import { seedProfileContent } from "./profile-demo";
import { seedResortPages } from "./resort-pages-data";
import { seedResortPrices } from "./resort-prices-seed";
import {
  DEFAULT_SETTINGS,
  LISTING_STATUSES,
  MENU_ITEMS,
  QUICK_FACTS,
  RESORTS,
  RESORT_ROOMS,
  ROOMS,
  SEED_DUES_YEAR,
  SEED_END_YEAR_SOURCE,
} from "./reference-data";

const DEMO_MARKER = "seed.demo_seeded_at";
const REFERENCE_MARKER = "seed.reference_seeded_at";
const ROOMS_MARKER = "seed.rooms_seeded_at";
const RESORT_ROOMS_MARKER = "seed.resort_rooms_seeded_at";

/**
 * Seeding in steps (reference data, room types, the Best practices guide, the demo), each done once per database:
 * its transaction first claims the step's marker row in `settings` (INSERT ... ON CONFLICT DO NOTHING on the key),
 * then inserts the step's rows. A second run, or a process racing this one, finds the marker taken and inserts
 * nothing (a racing INSERT waits on the uncommitted marker, then finds it); a crash part-way rolls the marker back with
 * the rows, so the next start does the step whole. Rows with a natural key (resorts by code, rooms by slug, menu items
 * by menu and label, brokers by slug, demo users by id) are inserted ON CONFLICT DO NOTHING as well.
 * Start-up runs this under the start-up lock (client.server.ts withStartupLock); it does not depend on it.
 *
 * Once a step is done its rows are the admin's: nothing is inserted again, even when an administrator deleted them.
 * A database seeded before these markers existed has the rows and no marker: the step takes the marker and inserts
 * nothing.
 */
export async function seedDatabase(db: Db, opts: { demo: boolean }) {
  await seedReference(db);
  await seedRooms(db);
  await seedResortRooms(db);
  await seedResortPrices(db);
  await seedPointChartsDemo(db);
  await seedProfileContent(db);
  await seedResortPages(db);
  await seedContentPages(db); // Issue 32: the content pages and FAQs as rows (decision 0078)
  const demo = opts.demo ? await seedDemo(db) : false;
  if (opts.demo) await seedLendersDemo(db); // Issue 31: the financing page's demo lenders
  if (opts.demo) await seedVoicesDemo(db); // Issue 32: demo testimonials and reviews
  await seedMarket(db, { demo: opts.demo }); // issue 31: reference values per point, demo market history
  await seedBlogAndHelp(db); // Issue 32: the blog's first posts and the help centre (decision 0080)
  return { demo };
}

async function seedReference(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, REFERENCE_MARKER))) return;
    if (await hasRows(tx, resorts)) return; // seeded before the marker existed: the admin owns reference data
    await tx
      .insert(listingStatuses)
      .values([...LISTING_STATUSES])
      .onConflictDoNothing();
    await tx
      .insert(resorts)
      .values(
        RESORTS.map((r, i) => ({
          code: r.code,
          name: r.name,
          slug: r.slug,
          location: r.location,
          contractEndYear: r.contractEndYear,
          extendedEndYear: r.extendedEndYear ?? null,
          endYearUnverified: r.endYearUnverified ?? false,
          endYearSource: r.contractEndYear === null ? null : SEED_END_YEAR_SOURCE,
          duesPerPointCents: r.dues === null ? null : dollarsToCents(r.dues),
          duesYear: r.dues === null ? null : SEED_DUES_YEAR,
          duesSource: r.duesSource,
          // Every seeded figure is grown from the 2022 dues or guessed: an estimate, never a published figure.
          duesEstimated: r.dues !== null,
          logoPath: `/logos/${r.code.toLowerCase()}.svg`,
          summary: r.summary,
          isInterval: r.isInterval ?? false,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    await tx
      .insert(menuItems)
      // Positions 1..n within each menu (the admin's menu settings keep them so), in the seed's order.
      .values(
        MENU_ITEMS.map((m, i) => ({
          ...m,
          sortOrder: MENU_ITEMS.slice(0, i + 1).filter((x) => x.menu === m.menu).length,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(quickFacts)
      .values(QUICK_FACTS.map((q, i) => ({ ...q, sortOrder: i })))
      .onConflictDoNothing();
  });
}

/** The point charts' room types (a step of its own, so databases seeded before rooms existed get them). */
async function seedRooms(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, ROOMS_MARKER))) return;
    if (await hasRows(tx, rooms)) return; // seeded before the marker existed: the admin owns them
    await tx
      .insert(rooms)
      .values(ROOMS.map((r, i) => ({ ...r, sortOrder: i })))
      .onConflictDoNothing();
  });
}

/** Which resorts have which room types (decision 0068), once, after the resorts and the rooms. */
async function seedResortRooms(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, RESORT_ROOMS_MARKER))) return;
    if (await hasRows(tx, resortRooms)) return;
    const resortIds = new Map(
      (await tx.select({ id: resorts.id, code: resorts.code }).from(resorts)).map((r) => [r.code, r.id]),
    );
    const roomIds = new Map(
      (await tx.select({ id: rooms.id, slug: rooms.slug }).from(rooms)).map((r) => [r.slug, r.id]),
    );
    const pairs = Object.entries(RESORT_ROOMS).flatMap(([code, slugs]) =>
      slugs.flatMap((slug) => {
        const resortId = resortIds.get(code);
        const roomId = roomIds.get(slug);
        return resortId && roomId ? [{ resortId, roomId }] : [];
      }),
    );
    if (pairs.length) await tx.insert(resortRooms).values(pairs).onConflictDoNothing();
  });
}

/** The demo, in one transaction that claims it first: true when this run seeded it. */
async function seedDemo(db: Db) {
  // A look first spares every later start the password hashing; the claim below is what decides.
  const [done] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_MARKER));
  if (done) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    if (!(await claimSeedStep(tx, DEMO_MARKER))) return false;
    const now = new Date();
    const userIds: Record<string, string> = {};
    for (const [i, u] of DEMO_USERS.entries()) {
      const id = `demo-user-${i + 1}`;
      userIds[u.email] = id;
      await tx
        .insert(user)
        .values({
          id,
          name: u.name,
          email: u.email,
          emailVerified: true,
          role: u.role,
          staffRole: u.staffRole,
          userUniqid: newUserUniqid(),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      await tx
        .insert(account)
        .values({
          id: `demo-account-${i + 1}`,
          accountId: id,
          providerId: "credential",
          userId: id,
          password: passwordHash,
        })
        .onConflictDoNothing();
      await tx
        .insert(userSettings)
        .values({ userId: id, salutation: `Dear ${u.name.split(" ")[0]}` })
        .onConflictDoNothing();
    }

    await tx.insert(brokers).values(DEMO_BROKERS).onConflictDoNothing();
    // Read back by slug: ON CONFLICT DO NOTHING returns no row for a broker that was already there.
    const brokerRows = await tx
      .select({ id: brokers.id })
      .from(brokers)
      .where(
        inArray(
          brokers.slug,
          DEMO_BROKERS.map((b) => b.slug),
        ),
      )
      .orderBy(brokers.id);
    const resortRows = await tx
      .select({ id: resorts.id, code: resorts.code })
      .from(resorts)
      .where(eq(resorts.isInterval, false));
    const sellers = [userIds["seller@example.com"], userIds["seller2@example.com"]];

    const rand = mulberry32(20261122);
    const rows: (typeof listings.$inferInsert)[] = [];
    for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
      const resort = resortRows[i % resortRows.length];
      const d = drawDemoListing(rand, RESALE_PRICE_PER_POINT[resort.code] ?? 120);
      const { points, pricePerPoint } = d;
      const postedAt = new Date(now.getTime() - d.postedDaysAgo * 86_400_000);
      // A few listings for the admin screens: test listings (never in search) and members' listings
      // waiting for review (pending, never approved). Every other one stays as it was.
      const { isBroker, isTest, isPending, isDeactivated } = demoListingKind(i);
      // Deactivated ones carry one of the SPEC's reasons (1 sold elsewhere, 2 no longer selling, 3 other with text).
      const reasonId = isDeactivated ? ((i / 23) % 3) + 1 : null;
      const reasonText =
        reasonId === 1
          ? "I have sold this contract elsewhere"
          : reasonId === 2
            ? "I no longer want to sell"
            : reasonId === 3
              ? "Keeping the points for a family reunion trip"
              : null;
      rows.push({
        listingCode: `VPM-${String(10001 + i)}`,
        source: isBroker ? "broker" : "member",
        sellerId: isBroker ? null : sellers[i % 2],
        brokerId: isBroker ? brokerRows[i % brokerRows.length].id : null,
        resortId: resort.id,
        useMonth: d.useMonth,
        contractPoints: points,
        pricePerPointCents: pricePerPoint * 100,
        prevYearPoints: d.prevYearPoints,
        currYearPoints: d.currYearPoints,
        nextYearPoints: points,
        listingStatusId: isPending ? 1 : isDeactivated ? 9 : 3,
        deactivationReasonId: reasonId,
        deactivationReasonText: reasonText,
        isTest,
        isFeatured: i % 7 === 0,
        noHaggle: i % 6 === 1,
        approvedAt: isPending ? null : postedAt,
        postedAt,
        createdAt: postedAt,
        updatedAt: postedAt,
      });
    }
    await tx.insert(listings).values(rows).onConflictDoNothing();

    // Rentals: confirmed reservations for rent over the next 11 months (demo-data.ts demoRentals).
    const rentalResorts = await tx
      .select({ id: resorts.id, code: resorts.code })
      .from(resorts)
      .where(eq(resorts.isInterval, false))
      .orderBy(resorts.sortOrder, resorts.id);
    const roomRows = await tx.select({ id: rooms.id, slug: rooms.slug }).from(rooms);
    const brokerIds = (await tx.select({ id: brokers.id }).from(brokers).orderBy(brokers.id)).map((b) => b.id);
    const rentals = demoRentals({ now, resorts: rentalResorts, rooms: roomRows, sellerIds: sellers, brokerIds });
    await tx
      .insert(rentalListings)
      .values(rentals.map((r) => ({ ...r, createdAt: r.postedAt, updatedAt: r.postedAt })))
      .onConflictDoNothing();
    await seedNotificationsDemo(tx, { now }); // Issue 4: admin notifications demo
    await seedAdminUsersDemo(tx, now);
    await seedOffersDemo(tx, { now, userIds, names: Object.fromEntries(DEMO_USERS.map((u) => [u.email, u.name])) });
    await seedTitleCompaniesDemo(tx, now); // Issue 11: title companies and their closing costs
    return true;
  });
}
