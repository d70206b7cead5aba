import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/abilities";
import { activityJournal, resorts, user } from "~/db/schema";
import { listMyJournal } from "~/modules/journal/journal-list.server";
import { JOURNAL_PERIODS, journalPeriodRange } from "~/modules/journal/journal-periods";
import { recordActivity } from "~/modules/journal/journal.server";
import { repostListing } from "~/modules/listings/admin-listings.server";
import { changeListingStatus, createListing, reviewListing, updateListing } from "~/modules/listings/inventory.server";
import { loader as engineLoader } from "~/routes/admin/resource/list";
import { loader as engineViewLoader } from "~/routes/admin/resource/view";
import { loader as myJournalLoader } from "~/routes/profile/journal-activity";
import { buildUser } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// /admin/journal is an engine resource (issue 30): its list and row-page routes, called as React Router would.
const adminJournalLoader = (args: { request: Request }) =>
  (engineLoader as (a: unknown) => unknown)({ ...args, pattern: "/admin/journal", url: new URL(args.request.url) });
const journalEntryLoader = (args: { request: Request; params: Record<string, string> }) =>
  (engineViewLoader as (a: unknown) => unknown)({
    ...args,
    pattern: "/admin/journal/:id",
    url: new URL(args.request.url),
  });
type EngineRow = { id: string; title: string; cells: Record<string, unknown>; links: Record<string, string> };

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

const adminCookie = await sessionCookieFor(services, "admin@example.com");

describe("the admin journal", () => {
  const list = async (query: string, cookie = adminCookie) =>
    callRoute(adminJournalLoader as never, makeRequest(`/admin/journal${query}`, { cookie }));
  const rowsOf = async (query: string) => ((await list(query)).body.rows as EngineRow[]).map((r) => r.cells);

  it("filters by period in America/New_York and by tab, searches by user", async () => {
    // A fresh person, so the search finds only these entries; one entry just inside and one just outside each
    // period's bounds as of now (journal-periods.test.ts holds the bounds themselves to the calendar).
    const person = await buildUser(db, { role: "buyer" });
    const now = new Date();
    const entries: { at: Date; category: string; summary: string }[] = [
      { at: new Date(now.getTime() - 1000), category: "security", summary: "just-now-security" },
    ];
    for (const p of JOURNAL_PERIODS) {
      const { since, until } = journalPeriodRange(p, now);
      if (since) entries.push({ at: since, category: "general", summary: `${p}-first` });
      if (since) entries.push({ at: new Date(since.getTime() - 1), category: "general", summary: `${p}-before` });
      if (until) entries.push({ at: new Date(until.getTime() - 1), category: "general", summary: `${p}-last` });
    }
    for (const e of entries) {
      await db.insert(activityJournal).values({
        userId: person.id,
        actorId: person.id,
        kind: "test.entry",
        category: e.category,
        summary: e.summary,
        createdAt: e.at,
      });
    }
    const q = `q=${person.userUniqid}`;
    const summaries = async (query: string) => (await rowsOf(`?${q}&${query}`)).map((r) => String(r.summary));
    const inside = (p: (typeof JOURNAL_PERIODS)[number], category = "general") => {
      const { since, until } = journalPeriodRange(p, now);
      return entries
        .filter((e) => e.category === category && (!since || e.at >= since) && (!until || e.at < until))
        .map((e) => e.summary)
        .sort();
    };
    for (const p of JOURNAL_PERIODS.filter((x) => x !== "all")) {
      const got = (await summaries(`f.period=${p}&f.category=general`)).sort();
      expect(got, p).toEqual(inside(p));
      expect(got, p).toContain(`${p}-first`);
      expect(got, p).not.toContain(`${p}-before`);
    }
    expect((await summaries("f.period=this-month&f.category=security")).sort()).toEqual(["just-now-security"]);
    // The SPEC's query names still work, `filter=all` is every period, and the engine's empty choice too.
    expect((await summaries("filter=last-month&selectedTab=general")).sort()).toEqual(inside("last-month"));
    expect((await summaries("filter=all&selectedTab=general")).length).toBe(entries.length - 1);
    expect((await summaries("f.period=&f.category=")).length).toBe(entries.length);
    // Defaults: this month, general tab (the tab counts come with the tabs).
    const defaults = await list(`?${q}`);
    const filters = defaults.body.filters as { key: string; value: string; tabs: { all: number } | null }[];
    expect(filters.find((f) => f.key === "category")?.value).toBe("general");
    expect(filters.find((f) => f.key === "period")?.value).toBe("this-month");
    expect(((defaults.body.rows as EngineRow[]).map((r) => r.cells.summary) as string[]).sort()).toEqual(
      inside("this-month"),
    );
    // Unknown values are no filter on that part (never an error).
    expect((await list(`?${q}&filter=forever&selectedTab=x`)).status).toBe(200);
    // Search by another user's email finds none of these entries.
    const other = await rowsOf("?filter=all&selectedTab=general&q=seller2@example.com");
    expect(other.every((r) => r.userEmail === "seller2@example.com")).toBe(true);
  });

  it("shows the user, the actor and the impersonating administrator, and an entry's before and after", async () => {
    await db.transaction(async (tx) => {
      await recordActivity(tx, {
        userId: buyer.id,
        actor: { id: buyer.id, impersonatedBy: admin.id },
        kind: "settings.update",
        facts: { label: "Impersonated test setting" },
        data: { before: { dues: 8.24 }, after: { dues: 8.25 } },
      });
    });
    const res = await list(`?f.period=today&f.category=impersonation&q=${buyer.userUniqid}`);
    const [row] = res.body.rows as EngineRow[];
    expect(row.cells).toMatchObject({
      summary: 'Changed the setting "Impersonated test setting"',
      user: "Bella Buyer",
      userEmail: "buyer@example.com",
      actor: "Bella Buyer",
      actorNote: `Impersonated by ${admin.name}`,
    });
    expect(row.links.user).toBe(`/admin/users/${buyer.userUniqid}/edit`);
    // The entry's own page: who, what, and the values before and after.
    const page = await callRoute(
      journalEntryLoader as never,
      makeRequest(`/admin/journal/${row.id}`, { cookie: adminCookie }),
      { id: row.id },
    );
    expect(page.status).toBe(200);
    const items = Object.fromEntries(
      (page.body.items as { key: string; value: unknown }[]).map((i) => [i.key, i.value]),
    );
    expect(items).toMatchObject({ categoryLabel: "Impersonation", kind: "settings.update", user: "Bella Buyer" });
    expect(items.changes).toBe("dues: 8.24 → 8.25");
    expect(String(items.data)).toContain('"before"');
    expect(page.body.links).toEqual([{ label: "The user's page", href: `/admin/users/${buyer.userUniqid}/edit` }]);
    const missing = await callRoute(
      journalEntryLoader as never,
      makeRequest("/admin/journal/99999999999", { cookie: adminCookie }),
      { id: "99999999999" },
    );
    expect(missing.status).toBe(404);
  });

  it("is for administrators only, and the route reads the SPEC's query string", async () => {
    const res = await list("?filter=this-month&selectedTab=listing");
    expect(res.status).toBe(200);
    const filters = res.body.filters as { key: string; value: string }[];
    expect(filters.find((f) => f.key === "category")?.value).toBe("listing");
    expect(filters.find((f) => f.key === "period")?.value).toBe("this-month");
    expect(res.body.rows.length).toBeGreaterThan(0);
    for (const email of ["buyer@example.com", "writer@example.com"]) {
      const cookie = await sessionCookieFor(services, email);
      expect((await list("", cookie)).location).toBe("/");
      const [entry] = await db.select({ id: activityJournal.id }).from(activityJournal).limit(1);
      const page = await callRoute(journalEntryLoader as never, makeRequest(`/admin/journal/${entry.id}`, { cookie }), {
        id: String(entry.id),
      });
      expect(page.location).toBe("/");
    }
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
