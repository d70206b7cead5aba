import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityJournal,
  agreements,
  listings,
  mailOutbox,
  offerRounds,
  offers,
  offersLogs,
  resorts,
  settings,
  user,
  userSettings,
} from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { exportResource, listResource, resolveResource } from "~/modules/admin/resource-engine.server";
import { changeListingStatus } from "~/modules/listings/inventory.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { OD_SETTINGS_KEY } from "~/modules/offers/od-settings.schema";
import { saveOdSettings } from "~/modules/offers/od-settings.server";
import { OFFERS_QUEUES } from "~/modules/offers/offers-queues";
import { counterOffer, submitOffer } from "~/modules/offers/offers.server";
import { action as odAction, loader as odLoader } from "~/routes/admin/od-settings";
import { buildListing, buildOffer, buildUser, viewerOf } from "../factories";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const admin = viewerOf(await buildUser(db, { role: "admin", staffRole: "admin", name: "Dana Dashboard" }));
const dashboard = await resolveResource("admin/offer-dashboard");
const list = (qs: string) =>
  listResource(services, { actor: admin, input: { resource: dashboard, params: new URLSearchParams(qs) } });

async function outcome(p: Promise<unknown>) {
  try {
    await p;
    return "applied";
  } catch (err) {
    if (isAppError(err)) return `${err.status} ${err.code}: ${err.message}`;
    throw err;
  }
}

/** Offers in each state by one buyer whose name no other test uses, so a search isolates them. */
const buyerRow = await buildUser(db, { role: "buyer", name: "Quincy Tabcount" });
const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
const akvListing = await buildListing(db, { resortCode: "AKV" });
await buildOffer(db, { buyer: buyerRow, listing: akvListing, status: "submitted" });
await buildOffer(db, { buyer: buyerRow, status: "submitted" });
await buildOffer(db, { buyer: buyerRow, status: "countered_by_seller" });
await buildOffer(db, { buyer: buyerRow, status: "declined" });

describe("the offer dashboard's tabs and filters", () => {
  it("counts the offers in each status under the search, and a tab shows only its own", async () => {
    const all = await list("q=Quincy+Tabcount");
    const status = all.filters.find((f) => f.key === "status");
    expect(status?.tabs).toMatchObject({
      all: 4,
      counts: { submitted: 2, countered_by_seller: 1, declined: 1, accepted: 0, expired: 0 },
    });
    expect(all.total).toBe(4);

    const submitted = await list("q=Quincy+Tabcount&f.status=submitted");
    expect(submitted.total).toBe(2);
    expect(submitted.rows.every((r) => r.cells.status === "Waiting for the seller")).toBe(true);
    // The tab counts stay those of every status (the tab itself is not applied to them).
    expect(submitted.filters.find((f) => f.key === "status")?.tabs?.all).toBe(4);
    // A status the dashboard does not know is ignored.
    expect((await list("q=Quincy+Tabcount&f.status=bogus")).total).toBe(4);
  });

  it("filters by resort (its options are the resorts) and by the day the offer was made", async () => {
    const page = await list(`q=Quincy+Tabcount&f.resortId=${akv.id}`);
    expect(page.total).toBe(1);
    expect(page.rows[0].cells.resort).toContain(akv.name);
    expect(page.filters.find((f) => f.key === "resortId")?.options).toContainEqual({
      value: String(akv.id),
      label: akv.name,
    });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await list(`q=Quincy+Tabcount&f.created.from=${today}`)).total).toBe(4);
    expect((await list(`q=Quincy+Tabcount&f.created.to=2020-01-01`)).total).toBe(0);
    expect((await list(`q=Quincy+Tabcount&f.created.from=not-a-date`)).total).toBe(4);
  });

  it("exports the filtered offers as CSV with the list's columns", async () => {
    const { csv } = await exportResource(services, {
      actor: admin,
      input: { resource: dashboard, params: new URLSearchParams("q=Quincy+Tabcount&f.status=declined") },
    });
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Status");
    expect(lines[0]).toContain("Per point");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Declined");
    expect(lines[1]).toContain("140.00");
  });
});

describe("/admin/od-settings", () => {
  it("saves the dashboard's starting view, journals it, and the dashboard opens that way until the query string says otherwise", async () => {
    const saved = await saveOdSettings(services, {
      actor: admin,
      input: { status: "countered_by_seller", perPage: "10", sort: "total", columns: ["seller", "total"], days: "0" },
    });
    expect(saved.message).toContain("opens on Seller countered; 10 a page");
    const [row] = await db.select().from(settings).where(eq(settings.key, OD_SETTINGS_KEY));
    // The columns in the dashboard's own order.
    expect(row.value).toEqual({
      status: "countered_by_seller",
      perPage: 10,
      sort: "total",
      columns: ["total", "seller"],
      days: 0,
    });
    const [entry] = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, admin.id), eq(activityJournal.kind, "settings.section")))
      .orderBy(desc(activityJournal.id));
    expect(entry.summary).toBe(
      "Saved starting view: Opens on the tab All offers → Seller countered; Sorted by Last change, newest first → Total, largest first; Offers a page 25 → 10; Extra columns none → Total, Seller.",
    );
    expect(entry.data).toMatchObject({
      settings: "od-settings",
      before: { status: "all", perPage: 25 },
      after: { status: "countered_by_seller", perPage: 10 },
    });

    const opened = await list("q=Quincy+Tabcount");
    expect(opened.total).toBe(1);
    expect(opened.perPage).toBe(10);
    expect(opened.sort).toEqual({ column: "total", dir: "desc" });
    expect(opened.shown).toEqual(["total", "seller"]);
    // "All" is an empty value in the query string: it overrides the saved tab.
    expect((await list("q=Quincy+Tabcount&f.status=")).total).toBe(4);

    // Only the last N days: an offer made long ago drops out.
    await saveOdSettings(services, {
      actor: admin,
      input: { status: "all", perPage: "25", sort: "updated", days: "30" },
    });
    const old = await buildOffer(db, { buyer: buyerRow, status: "expired" });
    await db
      .update(offers)
      .set({ createdAt: new Date("2024-01-05T12:00:00Z") })
      .where(eq(offers.id, old.id));
    expect((await list("q=Quincy+Tabcount")).total).toBe(4);
    expect((await list("q=Quincy+Tabcount&f.created.from=")).total).toBe(5);
    await saveOdSettings(services, {
      actor: admin,
      input: { status: "all", perPage: "25", sort: "updated", days: "0" },
    });
  });

  it("refuses bad values with field messages (400) and writes nothing; only administrators reach it", async () => {
    const before = await db.select().from(settings).where(eq(settings.key, OD_SETTINGS_KEY));
    const cookie = await sessionCookieFor(services, "admin@example.com");
    const res = await callRoute(
      odAction as never,
      makeRequest("/admin/od-settings", {
        form: { status: "nonsense", perPage: "7", sort: "updated", days: "-3" },
        cookie,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      status: ["Choose the tab the dashboard opens on."],
      perPage: ["Choose 10, 25, 50 or 100 offers a page."],
      days: ["Enter a whole number of days from 0 to 3,650."],
    });
    expect(await db.select().from(settings).where(eq(settings.key, OD_SETTINGS_KEY))).toEqual(before);

    const ok = await callRoute(
      odAction as never,
      makeRequest("/admin/od-settings", {
        form: { status: "submitted", perPage: "50", sort: "oid", columns: "expires", days: "7" },
        cookie,
      }),
    );
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/admin/offer-dashboard");
    const page = await callRoute(odLoader as never, makeRequest("/admin/od-settings", { cookie }));
    expect(page.body.sections.defaults).toEqual({
      status: "submitted",
      perPage: "50",
      sort: "oid",
      columns: ["expires"],
      days: "7",
    });

    const buyer = viewerOf(await buildUser(db, { role: "buyer" }));
    expect(await outcome(saveOdSettings(services, { actor: buyer, input: { status: "all" } }))).toBe(
      "403 FORBIDDEN: Only administrators change the offer dashboard settings.",
    );
    const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
    const refused = await callRoute(
      odAction as never,
      makeRequest("/admin/od-settings", { form: { status: "all" }, cookie: buyerCookie }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect((await db.select().from(settings).where(eq(settings.key, OD_SETTINGS_KEY)))[0].value).toMatchObject({
      status: "submitted",
    });
    await saveOdSettings(services, {
      actor: admin,
      input: { status: "all", perPage: "25", sort: "updated", days: "0" },
    });
  });
});

describe("offers when the listing leaves the market", () => {
  it("declines every open offer with the reason and mails each buyer; closed offers stay as they were", async () => {
    const sellerRow = await buildUser(db, { role: "seller" });
    const listing = await buildListing(db, { seller: sellerRow });
    const b1 = await buildUser(db, { role: "buyer" });
    const b2 = await buildUser(db, { role: "buyer" });
    const open1 = await buildOffer(db, { listing, buyer: b1, status: "submitted" });
    const open2 = await buildOffer(db, { listing, buyer: b2, status: "countered_by_seller" });
    const gone = await buildOffer(db, { listing, buyer: b2, status: "withdrawn" });

    await changeListingStatus(services, {
      actor: viewerOf(sellerRow),
      input: { id: listing.id, name: "listing_status_id", value: 9, reason: "2" },
    });
    expect(await workQueued(services, OFFERS_QUEUES.listingWithdrawn)).toBeGreaterThanOrEqual(1);

    const rows = await db.select().from(offers).where(eq(offers.listingId, listing.id)).orderBy(offers.id);
    expect(rows.map((r) => [r.id, r.status, r.declineReason])).toEqual([
      [open1.id, "declined", "the listing was withdrawn from sale"],
      [open2.id, "declined", "the listing was withdrawn from sale"],
      [gone.id, "withdrawn", null],
    ]);
    const log = await db.select().from(offersLogs).where(eq(offersLogs.offerId, open1.id));
    expect(log.map((l) => l.historyNote)).toContain(
      `The seller declined offer #${open1.id} on listing ${listing.listingCode}: the listing was withdrawn from sale.`,
    );
    for (const b of [b1, b2]) {
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, b.email));
      expect(mails.some((m) => m.subject.toLowerCase().includes("declined"))).toBe(true);
    }
    // Run again: nothing more happens (idempotent).
    const mailCount = (await db.select().from(mailOutbox)).length;
    await services.jobs.send(OFFERS_QUEUES.listingWithdrawn, { listingId: listing.id });
    await workQueued(services, OFFERS_QUEUES.listingWithdrawn);
    expect((await db.select().from(mailOutbox)).length).toBe(mailCount);
  });

  it("leaves the offers open when the listing is back on the market before the job runs", async () => {
    const sellerRow = await buildUser(db, { role: "seller" });
    const listing = await buildListing(db, { seller: sellerRow });
    const o = await buildOffer(db, { listing, status: "submitted" });
    await db.update(listings).set({ listingStatusId: LISTING_STATUS.active }).where(eq(listings.id, listing.id));
    await services.jobs.send(OFFERS_QUEUES.listingWithdrawn, { listingId: listing.id });
    await workQueued(services, OFFERS_QUEUES.listingWithdrawn);
    expect((await db.select().from(offers).where(eq(offers.id, o.id)))[0].status).toBe("submitted");
  });
});

describe("a buyer's counter meets the buyer's price limits", () => {
  it("refuses a counter above the high limit or below the low limit when they are on, and lets one inside through", async () => {
    const sellerRow = await buildUser(db, { role: "seller" });
    const listing = await buildListing(db, { seller: sellerRow, pricePerPointCents: 15000 });
    const buyerRow = await buildUser(db, { role: "buyer" });
    const buyer = viewerOf(buyerRow);
    await db
      .update(userSettings)
      .set({ buyerLowOfferValue: 95, buyerHighOfferValue: 500 })
      .where(eq(userSettings.userId, buyerRow.id));
    const made = await submitOffer(services, {
      actor: buyer,
      input: { listingId: listing.id, pricePerPoint: "140", financing: "cash", deedNames: "Pat Buyer" },
    });
    await counterOffer(services, {
      actor: viewerOf(sellerRow),
      input: { offerId: made.offerId, pricePerPoint: "150" },
    });
    // The appraisal the offer was made with decides; pin it so the limits are plain.
    await db.update(offers).set({ appraisalPerPointCents: 14000 }).where(eq(offers.id, made.offerId));
    await db
      .update(userSettings)
      .set({ buyerHighOfferEnabled: true, buyerHighOfferValue: 10, buyerLowOfferEnabled: true, buyerLowOfferValue: 20 })
      .where(eq(userSettings.userId, buyerRow.id));

    const high = await outcome(
      counterOffer(services, { actor: buyer, input: { offerId: made.offerId, pricePerPoint: "160" } }),
    );
    expect(high).toMatch(/^400 BAD_INPUT: /);
    const low = await outcome(
      counterOffer(services, { actor: buyer, input: { offerId: made.offerId, pricePerPoint: "100" } }),
    );
    expect(low).toMatch(/^400 BAD_INPUT: /);
    expect((await db.select().from(offers).where(eq(offers.id, made.offerId)))[0]).toMatchObject({
      status: "countered_by_seller",
      pricePerPointCents: 15000,
    });
    expect(
      await outcome(counterOffer(services, { actor: buyer, input: { offerId: made.offerId, pricePerPoint: "145" } })),
    ).toBe("applied");
  });
});

describe("the sweep behind the timers", () => {
  it("expires open offers whose time is up and leaves the others", async () => {
    const late = await buildOffer(db, { status: "submitted", expiresAt: new Date(Date.now() - 60_000) });
    const fresh = await buildOffer(db, { status: "submitted", expiresAt: new Date(Date.now() + 3_600_000) });
    await services.jobs.send(OFFERS_QUEUES.sweep, {});
    await workQueued(services, OFFERS_QUEUES.sweep);
    const [a] = await db.select().from(offers).where(eq(offers.id, late.id));
    const [b] = await db.select().from(offers).where(eq(offers.id, fresh.id));
    expect(a.status).toBe("expired");
    expect(b.status).toBe("submitted");
    const log = await db.select().from(offersLogs).where(eq(offersLogs.offerId, late.id));
    expect(log.map((l) => l.event)).toContain("expired");
  });
});

describe("the demo offers", () => {
  it("give the demo buyers a live negotiation, with its rounds and log, and leave every demo listing for sale", async () => {
    const [bella] = await db.select().from(user).where(eq(user.email, "buyer@example.com"));
    const mine = await db.select().from(offers).where(eq(offers.buyerId, bella.id));
    expect(mine.map((o) => o.status).sort()).toEqual(["countered_by_seller", "declined", "expired", "submitted"]);
    const countered = mine.find((o) => o.status === "countered_by_seller");
    const rounds = await db
      .select()
      .from(offerRounds)
      .where(eq(offerRounds.offerId, countered?.id ?? 0));
    expect(rounds.map((r) => r.proposedBy)).toEqual(["buyer", "seller"]);
    expect(await db.select().from(agreements)).toHaveLength(0);
  });
});
