import { hashPassword } from "better-auth/crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { newUserUniqid } from "~/auth/auth.server";
import type { Db, Tx } from "~/db/client.server";
import { account, activityJournal, listings, loginActivity, user, userSettings } from "~/db/schema";
import { DEMO_PASSWORD } from "./demo-data";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Extra accounts that show each state on the admin users screens; never used to sign in by the tests. */
const EXTRA_USERS = [
  { key: "unverified", name: "Uma Unverified", email: "uma.unverified@example.com", role: "buyer", verified: false },
  { key: "suspended", name: "Sid Suspended", email: "sid.suspended@example.com", role: "seller", verified: true },
  { key: "deleted", name: "Dana Departed", email: "dana.departed@example.com", role: "buyer", verified: true },
] as const;

const BROWSERS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
];

/**
 * Demo data of the user administration screens: a few accounts in each state (unverified, suspended, deleted),
 * sign-ins and failed attempts for the demo accounts, and journal entries of every category, spread over this
 * month and the last. Runs once, inside the demo seed's transaction.
 */
export async function seedAdminUsersDemo(tx: Db | Tx, now = new Date()) {
  const ids = new Map(
    (await tx.select({ id: user.id, email: user.email }).from(user)).map((u) => [u.email, u.id] as const),
  );
  const admin = ids.get("admin@example.com");
  const seller = ids.get("seller@example.com");
  const seller2 = ids.get("seller2@example.com");
  const buyer = ids.get("buyer@example.com");
  const buyer2 = ids.get("buyer2@example.com");
  const writer = ids.get("writer@example.com");
  if (!admin || !seller || !seller2 || !buyer || !buyer2 || !writer) return;

  const hash = await hashPassword(DEMO_PASSWORD);
  const extra: Record<string, string> = {};
  for (const [i, u] of EXTRA_USERS.entries()) {
    const id = `demo-extra-${i + 1}`;
    extra[u.key] = id;
    const created = new Date(now.getTime() - (20 - i * 5) * DAY);
    await tx
      .insert(user)
      .values({
        id,
        name: u.name,
        email: u.email,
        emailVerified: u.verified,
        role: u.role,
        userUniqid: newUserUniqid(),
        banned: u.key === "suspended",
        banReason: u.key === "suspended" ? "Repeated offers with no intention to buy (demo)" : null,
        deletedAt: u.key === "deleted" ? new Date(now.getTime() - 3 * DAY) : null,
        createdAt: created,
        updatedAt: created,
        lastActiveAt: new Date(created.getTime() + 2 * DAY),
      })
      .onConflictDoNothing();
    await tx
      .insert(account)
      .values({
        id: `demo-extra-account-${i + 1}`,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: hash,
      })
      .onConflictDoNothing();
    await tx.insert(userSettings).values({ userId: id }).onConflictDoNothing();
  }

  // Sign-ins of the last three weeks, and a few failed attempts.
  const attempts: (typeof loginActivity.$inferInsert)[] = [];
  const people = [
    ["admin@example.com", admin],
    ["seller@example.com", seller],
    ["seller2@example.com", seller2],
    ["buyer@example.com", buyer],
    ["buyer2@example.com", buyer2],
    ["writer@example.com", writer],
  ] as const;
  for (let d = 0; d < 21; d += 2) {
    for (const [j, [email, id]] of people.entries()) {
      if ((d + j) % 3 === 0) continue;
      attempts.push({
        userId: id,
        email,
        success: true,
        ipAddress: `203.0.113.${10 + j}`,
        userAgent: BROWSERS[(d + j) % BROWSERS.length],
        createdAt: new Date(now.getTime() - d * DAY - (j + 1) * HOUR),
      });
    }
  }
  attempts.push(
    {
      userId: buyer,
      email: "buyer@example.com",
      success: false,
      reason: "bad-credentials",
      ipAddress: "198.51.100.23",
      userAgent: BROWSERS[1],
      createdAt: new Date(now.getTime() - 26 * HOUR),
    },
    {
      userId: null,
      email: "someone@example.org",
      success: false,
      reason: "bad-credentials",
      ipAddress: "198.51.100.77",
      userAgent: BROWSERS[0],
      createdAt: new Date(now.getTime() - 50 * HOUR),
    },
    {
      userId: extra.suspended,
      email: "sid.suspended@example.com",
      success: false,
      reason: "banned",
      ipAddress: "198.51.100.90",
      userAgent: BROWSERS[2],
      createdAt: new Date(now.getTime() - 4 * DAY),
    },
  );
  await tx.insert(loginActivity).values(attempts);

  // Journal entries: sign-ins, profile changes, listing status changes, admin actions and an impersonation.
  const sellerListings = await tx
    .select({ id: listings.id, code: listings.listingCode, sellerId: listings.sellerId })
    .from(listings)
    .where(and(inArray(listings.sellerId, [seller, seller2]), eq(listings.listingStatusId, 3)))
    .orderBy(asc(listings.id))
    .limit(4);
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  const entries: (typeof activityJournal.$inferInsert)[] = [
    {
      userId: buyer,
      actorId: buyer,
      kind: "auth.sign-in",
      category: "security",
      summary: "Signed in.",
      ipAddress: "203.0.113.13",
      createdAt: at(0, 2),
    },
    {
      userId: buyer,
      actorId: buyer,
      kind: "profile.update",
      category: "general",
      summary: "Changed the name on the account.",
      createdAt: at(1, 3),
    },
    {
      userId: buyer,
      actorId: buyer,
      impersonatorId: admin,
      kind: "settings.update",
      category: "impersonation",
      summary: "Changed the allowed number of offers from 5 to 8.",
      createdAt: at(2, 1),
    },
    {
      userId: buyer,
      actorId: admin,
      impersonatorId: null,
      kind: "impersonation.start",
      category: "impersonation",
      summary: "An administrator signed in as this user to help with an offer.",
      createdAt: at(2, 2),
    },
    {
      userId: seller,
      actorId: seller,
      kind: "auth.sign-in",
      category: "security",
      summary: "Signed in.",
      ipAddress: "203.0.113.11",
      createdAt: at(0, 5),
    },
    {
      userId: seller2,
      actorId: admin,
      kind: "account.update",
      category: "general",
      summary: "An administrator changed the phone number on the account.",
      createdAt: at(5, 4),
    },
    {
      userId: extra.suspended,
      actorId: admin,
      kind: "account.suspend",
      category: "security",
      summary: "An administrator suspended this account: Repeated offers with no intention to buy (demo)",
      createdAt: at(6),
    },
    {
      userId: extra.deleted,
      actorId: extra.deleted,
      kind: "account.delete",
      category: "security",
      summary: "Deleted the account.",
      createdAt: at(3),
    },
    {
      userId: buyer2,
      actorId: buyer2,
      kind: "profile.update",
      category: "general",
      summary: "Changed the salutation used in emails.",
      createdAt: at(35),
    },
  ];
  for (const [i, l] of sellerListings.entries()) {
    entries.push({
      userId: l.sellerId,
      actorId: i % 2 === 0 ? l.sellerId : admin,
      kind: i % 2 === 0 ? "listing.update" : "listing.repost",
      category: "listing",
      summary:
        i % 2 === 0
          ? `Listing ${l.code} was edited.`
          : `Listing ${l.code} was reposted to the top of the newest listings.`,
      data: { listingId: l.id, listingCode: l.code },
      createdAt: at(i * 4 + 1, i),
    });
  }
  await tx.insert(activityJournal).values(entries);
}
