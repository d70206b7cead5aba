import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import { activityJournal, resorts, user } from "~/db/schema";
import { listAdminJournal, listMyJournal } from "~/modules/journal/journal-list.server";
import { recordActivity } from "~/modules/journal/journal.server";
import { repostListing } from "~/modules/listings/admin-listings.server";
import { changeListingStatus, createListing, reviewListing, updateListing } from "~/modules/listings/inventory.server";
import { loader as adminJournalLoader } from "~/routes/admin/journal";
import { loader as myJournalLoader } from "~/routes/profile/journal-activity";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

async function viewerFor(email: string, impersonatedBy: string | null = null): Promise<Viewer> {
  const [u] = await db.select().from(user).where(eq(user.email, email));
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Viewer["role"],
    staffRole: u.staffRole as Viewer["staffRole"],
    userUniqid: u.userUniqid,
    emailVerified: u.emailVerified,
    impersonatedBy,
  };
}
const admin = await viewerFor("admin@example.com");
const seller = await viewerFor("seller@example.com");
const buyer = await viewerFor("buyer@example.com");
const writer = await viewerFor("writer@example.com");
const [resort] = await db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);

const latest = async (userId: string) =>
  (
    await db
      .select()
      .from(activityJournal)
      .where(eq(activityJournal.userId, userId))
      .orderBy(desc(activityJournal.id))
      .limit(1)
  )[0];

const form = {
  resortId: resort.id,
  useMonth: 6,
  contractPoints: 150,
  prevYearPoints: 0,
  currYearPoints: 150,
  nextYearPoints: 150,
  pricePerPoint: 120,
  noHaggle: false,
};

describe("listing status changes are journaled for the seller", () => {
  it("journals create, edit, approve, deactivate, activate and repost, with the actor", async () => {
    const created = await createListing(services, { actor: seller, input: form });
    expect(await latest(seller.id)).toMatchObject({
      kind: "listing.create",
      category: "listing",
      actorId: seller.id,
      impersonatorId: null,
      summary: `Listing ${created.listingCode} was created and is waiting for review.`,
    });

    await updateListing(services, {
      actor: seller,
      input: { id: created.id, values: { ...form, contractPoints: 160 } },
    });
    expect(await latest(seller.id)).toMatchObject({
      kind: "listing.update",
      summary: `Listing ${created.listingCode} was edited.`,
    });

    await reviewListing(services, { actor: admin, input: { id: created.id, decision: "approve" } });
    expect(await latest(seller.id)).toMatchObject({
      kind: "listing.status",
      actorId: admin.id,
      summary: `Listing ${created.listingCode} was approved and is live.`,
    });

    await changeListingStatus(services, {
      actor: seller,
      input: { id: created.id, name: "listing_status_id", value: 9, reason: "2" },
    });
    const deactivated = await latest(seller.id);
    expect(deactivated.summary).toBe(`Listing ${created.listingCode} was deactivated (I no longer want to sell).`);
    expect(deactivated.data).toMatchObject({ from: 3, to: 9 });

    // An administrator impersonating the seller activates it: the journal names both.
    const asSeller = { ...seller, impersonatedBy: admin.id };
    await changeListingStatus(services, {
      actor: asSeller,
      input: { id: created.id, name: "listing_status_id", value: 3 },
    });
    expect(await latest(seller.id)).toMatchObject({
      summary: `Listing ${created.listingCode} was activated.`,
      actorId: seller.id,
      impersonatorId: admin.id,
      category: "listing",
    });

    await repostListing(services, { actor: admin, input: { id: created.id } });
    expect(await latest(seller.id)).toMatchObject({ kind: "listing.repost", actorId: admin.id });
  });

  it("journals a rejection, and writes nothing when the change is refused", async () => {
    const created = await createListing(services, { actor: seller, input: form });
    await reviewListing(services, { actor: admin, input: { id: created.id, decision: "reject" } });
    expect((await latest(seller.id)).summary).toBe(`Listing ${created.listingCode} was rejected in review.`);
    const count = async () =>
      (await db.select().from(activityJournal).where(eq(activityJournal.userId, seller.id))).length;
    const before = await count();
    await expect(
      changeListingStatus(services, {
        actor: seller,
        input: { id: created.id, name: "listing_status_id", value: 9, reason: "1" },
      }),
    ).rejects.toThrow("already deactivated");
    await expect(
      changeListingStatus(services, { actor: buyer, input: { id: created.id, name: "listing_status_id", value: 3 } }),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });
});

describe("the admin journal", () => {
  const now = new Date("2030-06-15T16:00:00Z");
  it("filters by period in America/New_York and by tab, searches by user", async () => {
    const rows = [
      { at: "2030-06-15T04:30:00Z", category: "general", summary: "today-general" }, // 00:30 Eastern, today
      { at: "2030-06-15T03:30:00Z", category: "general", summary: "yesterday-general" }, // 23:30 Eastern, the 14th
      { at: "2030-06-10T12:00:00Z", category: "general", summary: "this-week-general" }, // Monday the 10th
      { at: "2030-06-02T12:00:00Z", category: "security", summary: "this-month-security" },
      { at: "2030-05-20T12:00:00Z", category: "general", summary: "last-month-general" },
      { at: "2030-06-01T03:59:00Z", category: "general", summary: "still-may-general" }, // 23:59 Eastern, May 31
    ];
    for (const r of rows) {
      await db.insert(activityJournal).values({
        userId: buyer.id,
        actorId: buyer.id,
        kind: "test.entry",
        category: r.category,
        summary: r.summary,
        createdAt: new Date(r.at),
      });
    }
    const summaries = async (input: Record<string, string>) => {
      const res = await listAdminJournal(services, { actor: admin, input: { q: "bella", ...input }, now });
      return res.rows.map((r) => r.summary).filter((s) => s.endsWith("-general") || s.endsWith("-security"));
    };
    expect(await summaries({ filter: "today" })).toEqual(["today-general"]);
    expect(await summaries({ filter: "this-week" })).toEqual([
      "today-general",
      "yesterday-general",
      "this-week-general",
    ]);
    expect(await summaries({ filter: "this-month" })).toEqual([
      "today-general",
      "yesterday-general",
      "this-week-general",
    ]);
    expect(await summaries({ filter: "this-month", selectedTab: "security" })).toEqual(["this-month-security"]);
    expect(await summaries({ filter: "last-month" })).toEqual(["still-may-general", "last-month-general"]);
    expect((await summaries({ filter: "all" })).length).toBe(5);
    // Defaults: this month, general tab; unknown values fall back.
    const defaults = await listAdminJournal(services, { actor: admin, input: {}, now });
    expect(defaults).toMatchObject({ filter: "this-month", selectedTab: "general" });
    const bad = await listAdminJournal(services, { actor: admin, input: { filter: "forever", selectedTab: "x" }, now });
    expect(bad).toMatchObject({ filter: "this-month", selectedTab: "general" });
    // Search by another user's email finds none of Bella's entries.
    const other = await listAdminJournal(services, {
      actor: admin,
      input: { filter: "all", q: "seller2@example.com" },
      now,
    });
    expect(other.rows.every((r) => r.user?.email === "seller2@example.com")).toBe(true);
  });

  it("shows the user, the actor and the impersonating administrator", async () => {
    await db.transaction(async (tx) => {
      await recordActivity(tx, {
        userId: buyer.id,
        actor: { id: buyer.id, impersonatedBy: admin.id },
        kind: "settings.update",
        facts: { label: "Impersonated test setting" },
      });
    });
    const res = await listAdminJournal(services, {
      actor: admin,
      input: { filter: "today", selectedTab: "impersonation", q: buyer.userUniqid },
    });
    expect(res.rows[0]).toMatchObject({
      summary: 'Changed the setting "Impersonated test setting"',
      user: { name: "Bella Buyer", email: "buyer@example.com" },
      actor: { name: "Bella Buyer" },
      impersonator: { name: admin.name },
    });
  });

  it("is for administrators only, and the route reads the SPEC's query string", async () => {
    for (const actor of [buyer, writer, { ...buyer, impersonatedBy: admin.id }]) {
      await expect(listAdminJournal(services, { actor, input: {} })).rejects.toThrow("Only administrators");
    }
    const cookie = await sessionCookieFor(services, "admin@example.com");
    const res = await callRoute(
      adminJournalLoader as never,
      makeRequest("/admin/journal?filter=this-month&selectedTab=listing", { cookie }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ filter: "this-month", selectedTab: "listing" });
    expect(res.body.rows.length).toBeGreaterThan(0);
    const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
    const refused = await callRoute(
      adminJournalLoader as never,
      makeRequest("/admin/journal", { cookie: buyerCookie }),
    );
    expect(refused.location).toBe("/");
  });
});

describe("a person's own journal", () => {
  it("shows only their own entries, newest first, with who did each", async () => {
    await db.transaction(async (tx) => {
      await recordActivity(tx, {
        userId: buyer.id,
        actor: buyer,
        kind: "profile.update",
        facts: { changed: ["own test field"] },
      });
      await recordActivity(tx, {
        userId: buyer.id,
        actor: admin,
        kind: "account.update",
        facts: { changes: ["admin test field"] },
      });
      await recordActivity(tx, {
        userId: seller.id,
        actor: seller,
        kind: "profile.update",
        facts: { changed: ["seller test field"] },
      });
    });
    const cookie = await sessionCookieFor(services, "buyer@example.com");
    const res = await callRoute(myJournalLoader as never, makeRequest("/v2/profile/journal-activity", { cookie }));
    expect(res.status).toBe(200);
    const mine = await db.select().from(activityJournal).where(eq(activityJournal.userId, buyer.id));
    expect(res.body.total).toBe(mine.length);
    const summaries = res.body.rows.map((r: { summary: string }) => r.summary);
    expect(summaries).not.toContain("Updated the profile information (seller test field)");
    // (The period test above left a few entries dated 2030: they come first.)
    const byAdmin = summaries.indexOf("An administrator changed the admin test field.");
    const own = summaries.indexOf("Updated the profile information (own test field)");
    expect(byAdmin).toBe(own - 1);
    expect(res.body.rows[byAdmin].who).toBe(`An administrator (${admin.name})`);
    expect(res.body.rows[own].who).toBe("You");
    const times = res.body.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const impersonated = res.body.rows.find(
      (r: { summary: string }) => r.summary === 'Changed the setting "Impersonated test setting"',
    );
    expect(impersonated?.who).toBe(`An administrator (${admin.name})`);

    // The seller sees theirs (listing entries included), none of the buyer's.
    const sellerJournal = await listMyJournal(services, { actor: seller, input: {} });
    const sellerIds = sellerJournal.rows.map((r) => r.id);
    const buyerEntries = await db
      .select({ id: activityJournal.id })
      .from(activityJournal)
      .where(
        and(eq(activityJournal.userId, buyer.id), inArray(activityJournal.id, sellerIds.length ? sellerIds : [0])),
      );
    expect(buyerEntries).toHaveLength(0);
    expect(sellerJournal.rows.some((r) => r.category === "listing")).toBe(true);

    const anon = await callRoute(myJournalLoader as never, makeRequest("/v2/profile/journal-activity"));
    expect(anon.location).toMatch(/^\/sign-in/);
  });
});
