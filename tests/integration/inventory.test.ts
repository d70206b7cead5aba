import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, resorts, user } from "~/db/schema";
import { action as engineAction, loader as engineLoader } from "~/routes/admin/resource/list";
import { action as updateAction } from "~/routes/api/listings-update";
import { action as editAction, loader as editLoader } from "~/routes/profile/inventory-edit";
import { loader as forSaleLoader } from "~/routes/profile/inventory-for-sale";
import { action as newAction } from "~/routes/profile/inventory-new";
import { loader as notForSaleLoader } from "~/routes/profile/inventory-not-for-sale";
import { listListableResorts } from "~/modules/listings/inventory.server";
import { LISTINGS_QUEUES } from "~/modules/listings/listings.jobs.server";
import { canDeactivateListing, canEditListing } from "~/modules/listings/listing-rules";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { buildListing, buildUser, FACTORY_PASSWORD } from "../factories";
import { workQueued } from "../fixtures/jobs";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

// /admin/pending-listings is an engine resource (issue 30): its list route, called as React Router would.
const pendingRoute = (fn: unknown) => (args: { request: Request }) =>
  (fn as (a: unknown) => unknown)({ ...args, pattern: "/admin/pending-listings", url: new URL(args.request.url) });
const pendingLoader = pendingRoute(engineLoader);
const reviewAction = pendingRoute(engineAction);

const services = await startTestServices();
const seller = await sessionCookieFor(services, "seller@example.com");
const seller2 = await sessionCookieFor(services, "seller2@example.com");
const buyer = await sessionCookieFor(services, "buyer@example.com");
const admin = await sessionCookieFor(services, "admin@example.com");

const [resort] = await services.db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);
const [intervalResort] = await services.db.select().from(resorts).where(eq(resorts.isInterval, true)).limit(1);
const userId = async (email: string) =>
  (await services.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0].id;
const sellerId = await userId("seller@example.com");
const seller2Id = await userId("seller2@example.com");

const validForm = {
  resortId: String(resort.id),
  useMonth: "6",
  contractPoints: "150",
  prevYearPoints: "40",
  currYearPoints: "150",
  nextYearPoints: "150",
  pricePerPoint: "125.50",
};

const getListing = async (id: number) => (await services.db.select().from(listings).where(eq(listings.id, id)))[0];
const listingOf = async (owner: string, status = 3) =>
  (
    await services.db
      .select()
      .from(listings)
      .where(and(eq(listings.sellerId, owner), eq(listings.listingStatusId, status)))
      .limit(1)
  )[0];

const post = (path: string, form: Record<string, string>, cookie: string, headers?: Record<string, string>) =>
  makeRequest(path, { form, cookie, headers });

describe("creating a listing", () => {
  it("creates a pending listing with the next VPM code, in cents, and redirects with a toast", async () => {
    const res = await callRoute(newAction as never, post("/v2/profile/inventory-for-sale/new", validForm, seller));
    expect(res.status).toBe(303);
    expect(res.location).toBe("/v2/profile/inventory-for-sale");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
    // The newest of the seller's pending listings (the demo data holds a few waiting for review).
    const [row] = await services.db
      .select()
      .from(listings)
      .where(and(eq(listings.sellerId, sellerId), eq(listings.listingStatusId, 1)))
      .orderBy(desc(listings.id))
      .limit(1);
    expect(row.listingCode).toMatch(/^VPM-\d+$/);
    expect(row.pricePerPointCents).toBe(12550);
    expect(row.source).toBe("member");
    const all = await services.db.select({ code: listings.listingCode }).from(listings);
    const highest = Math.max(...all.map((l) => Number(l.code.slice(4))).filter(Number.isFinite));
    expect(Number(row.listingCode.slice(4))).toBe(highest);

    const page = await callRoute(
      forSaleLoader as never,
      makeRequest("/v2/profile/inventory-for-sale", { cookie: seller }),
    );
    expect(page.status).toBe(200);
    expect(page.body.rows.some((r: { id: number }) => r.id === row.id)).toBe(true);
  });

  it("answers 400 with readable messages and writes nothing", async () => {
    const before = (await services.db.select().from(listings)).length;
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ contractPoints: "10" }, "contractPoints", /at least 25/],
      [{ contractPoints: "2500" }, "contractPoints", /at most 2000/],
      [{ useMonth: "5" }, "useMonth", /use-year months/],
      [{ prevYearPoints: "301" }, "prevYearPoints", /twice the contract/],
      [{ currYearPoints: "151" }, "currYearPoints", /at most the contract/],
      [{ pricePerPoint: "12.999" }, "pricePerPoint", /at least \$50|two decimals/],
      [{ pricePerPoint: "125.555" }, "pricePerPoint", /two decimals/],
      [{ pricePerPoint: "" }, "pricePerPoint", /Enter the price/],
    ];
    for (const [change, field, message] of cases) {
      const res = await callRoute(
        newAction as never,
        post("/v2/profile/inventory-for-sale/new", { ...validForm, ...change }, seller),
      );
      expect(res.status, field).toBe(400);
      expect(res.body.fields?.[field]?.[0], field).toMatch(message);
    }
    const interval = await callRoute(
      newAction as never,
      post("/v2/profile/inventory-for-sale/new", { ...validForm, resortId: String(intervalResort.id) }, seller),
    );
    expect(interval.status).toBe(400);
    expect(interval.body.fields.resortId[0]).toMatch(/Choose a resort/);
    expect((await services.db.select().from(listings)).length).toBe(before);
  });

  it("refuses a buyer", async () => {
    const res = await callRoute(newAction as never, post("/v2/profile/inventory-for-sale/new", validForm, buyer));
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    const page = await callRoute(
      forSaleLoader as never,
      makeRequest("/v2/profile/inventory-for-sale", { cookie: buyer }),
    );
    expect(page.location).toBe("/");
    // Issue 13: with a word why, shown on the home page as a toast.
    const flash = decodeURIComponent(page.headers.get("set-cookie") ?? "");
    expect(atob(flash.split("vpm_flash=")[1].split(";")[0])).toContain("That page is for sellers");
  });

  it("lists the resorts A-Z for the seller's form", async () => {
    const names = (await listListableResorts(services)).map((r) => r.name);
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });
});

describe("editing a listing", () => {
  it("lets the owner edit, 404s an unknown id, and 403s another seller or a buyer", async () => {
    const mine = await listingOf(sellerId);
    const path = `/v2/profile/inventory-for-sale/${mine.id}/edit`;
    const ok = await callRoute(editAction as never, post(path, { ...validForm, pricePerPoint: "99" }, seller), {
      id: String(mine.id),
    });
    expect(ok.status).toBe(303);
    expect((await getListing(mine.id)).pricePerPointCents).toBe(9900);

    const missing = await callRoute(editLoader as never, makeRequest("/x", { cookie: seller }), { id: "99999999" });
    expect(missing.status).toBe(404);
    for (const cookie of [seller2, buyer]) {
      const view = await callRoute(editLoader as never, makeRequest(path, { cookie }), { id: String(mine.id) });
      expect(view.status).toBe(403);
      const change = await callRoute(editAction as never, post(path, validForm, cookie), { id: String(mine.id) });
      expect(change.status).toBe(403);
    }
    expect((await getListing(mine.id)).pricePerPointCents).toBe(9900);
  });
});

describe("listings.update", () => {
  const update = (form: Record<string, string>, cookie: string, json = false) =>
    callRoute(
      updateAction as never,
      post("/listings/update", form, cookie, json ? { accept: "application/json" } : undefined),
    );

  it("deactivates with each reason, redirecting to /profile with a toast", async () => {
    for (const extra of [{ reason: "1" }, { reason: "2" }, { reason: "3", other_reason: "Moving abroad" }] as Record<
      string,
      string
    >[]) {
      const l = await listingOf(sellerId);
      const res = await update({ id: String(l.id), name: "listing_status_id", value: "9", ...extra }, seller);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/v2/profile");
      expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
      const stored = await getListing(l.id);
      expect(stored.listingStatusId).toBe(9);
      expect(stored.deactivationReasonId).toBe(Number(extra.reason));
      expect(stored.deactivationReasonText).toBe(
        extra.reason === "3"
          ? "Moving abroad"
          : extra.reason === "1"
            ? "I have sold this contract elsewhere"
            : "I no longer want to sell",
      );
      expect(stored.score).toBeNull(); // a deactivated listing is not scored
    }
    const page = await callRoute(
      notForSaleLoader as never,
      makeRequest("/v2/profile/inventory-not-for-sale", { cookie: seller }),
    );
    expect(page.body.rows.length).toBeGreaterThanOrEqual(3);
  });

  it("refuses a missing reason, or Other without text, with 400 and the message", async () => {
    const l = await listingOf(sellerId);
    for (const extra of [{}, { reason: "7" }, { reason: "3" }, { reason: "3", other_reason: "   " }] as Record<
      string,
      string
    >[]) {
      const res = await update({ id: String(l.id), name: "listing_status_id", value: "9", ...extra }, seller);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, data: "Please enter reason", title: "Status errors" });
    }
    const badName = await update({ id: String(l.id), name: "price_per_points", value: "9", reason: "1" }, seller);
    expect(badName.status).toBe(400);
    expect((await getListing(l.id)).listingStatusId).toBe(3);
  });

  it("comes back to the list the form was on (returnTo), never to another site", async () => {
    const l = await listingOf(sellerId, 9);
    const back = "/v2/profile/inventory-not-for-sale?page=1";
    const res = await update({ id: String(l.id), name: "listing_status_id", value: "3", returnTo: back }, seller);
    expect(res.status).toBe(302);
    expect(res.location).toBe(back);
    const again = await update(
      { id: String(l.id), name: "listing_status_id", value: "9", reason: "2", returnTo: "https://elsewhere.example/x" },
      seller,
    );
    expect(again.location).toBe("/v2/profile");
  });

  it("activates a deactivated listing and answers JSON when asked", async () => {
    const l = await listingOf(sellerId, 9);
    const res = await update({ id: String(l.id), name: "listing_status_id", value: "3" }, seller, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, data: { id: l.id, listingStatusId: 3 } });
    expect((await getListing(l.id)).listingStatusId).toBe(3);
    const again = await update({ id: String(l.id), name: "listing_status_id", value: "3" }, seller, true);
    expect(again.status).toBe(409);
  });

  it("refuses another seller's listing and a buyer even with isAdmin, but lets an admin change any", async () => {
    const theirs = await listingOf(seller2Id);
    const form = { id: String(theirs.id), name: "listing_status_id", value: "9", reason: "2", isAdmin: "true" };
    for (const cookie of [seller, buyer]) {
      const res = await update(form, cookie, true);
      expect(res.status).toBe(403);
      expect(res.body.ok).toBe(false);
    }
    expect((await getListing(theirs.id)).listingStatusId).toBe(3);
    const missing = await update({ ...form, id: "99999999" }, seller, true);
    expect(missing.status).toBe(404);
    const byAdmin = await update(form, admin);
    expect(byAdmin.status).toBe(302);
    expect((await getListing(theirs.id)).listingStatusId).toBe(9);
  });
});

describe("what the inventory offers (issue 13: never a button the server refuses)", () => {
  it("offers no Edit or Deactivate on a listing under contract, and the server refuses both", async () => {
    const owner = await buildUser(services.db, { role: "seller" });
    const cookie = await sessionCookieFor(services, owner.email, FACTORY_PASSWORD);
    const held = await buildListing(services.db, { seller: owner, status: LISTING_STATUS.underContract });
    const open = await buildListing(services.db, { seller: owner, status: LISTING_STATUS.active });
    const waiting = await buildListing(services.db, { seller: owner, status: LISTING_STATUS.pending });

    const page = await callRoute(forSaleLoader as never, makeRequest("/v2/profile/inventory-for-sale", { cookie }));
    expect(page.status).toBe(200);
    type Row = { id: number; actions: { edit: boolean; deactivate: boolean; lockedReason: string | null } };
    const row = (id: number) => (page.body.rows as Row[]).find((r) => r.id === id)?.actions;
    expect(row(held.id)).toEqual({
      edit: false,
      deactivate: false,
      lockedReason: "Under contract: an offer was accepted, so the listing can no longer be edited or deactivated.",
    });
    expect(row(open.id)).toEqual({ edit: true, deactivate: true, lockedReason: null });
    expect(row(waiting.id)).toEqual({ edit: true, deactivate: true, lockedReason: null });

    // The same rule on the server: both calls are refused and the listing stays under contract.
    const res = await callRoute(
      updateAction as never,
      post("/listings/update", { id: String(held.id), name: "listing_status_id", value: "9", reason: "1" }, cookie),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    const edit = await callRoute(
      editAction as never,
      post(`/v2/profile/inventory-for-sale/${held.id}/edit`, validForm, cookie),
      { id: String(held.id) },
    );
    expect(edit.status).toBe(409);
    expect((await getListing(held.id)).listingStatusId).toBe(LISTING_STATUS.underContract);
  });

  it("activating a listing never approved says it is back in review, not that it was deactivated", async () => {
    const owner = await buildUser(services.db, { role: "seller" });
    const cookie = await sessionCookieFor(services, owner.email, FACTORY_PASSWORD);
    const l = await buildListing(services.db, { seller: owner, status: LISTING_STATUS.deactivated, approved: false });
    const res = await callRoute(
      updateAction as never,
      post("/listings/update", { id: String(l.id), name: "listing_status_id", value: "3" }, cookie, {
        accept: "application/json",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe(
      `Listing ${l.listingCode} is back in review: it goes live once an administrator approves it.`,
    );
    expect((await getListing(l.id)).listingStatusId).toBe(LISTING_STATUS.pending);
  });

  it("the rule: deactivation from active or pending only; no edit under contract or sold", () => {
    const s = LISTING_STATUS;
    expect([s.pending, s.active, s.underContract, s.sold, s.deactivated].map(canDeactivateListing)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([s.pending, s.active, s.underContract, s.sold, s.deactivated].map(canEditListing)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});

describe("admin review of pending listings", () => {
  it("lists pending listings and approves one (active, posted now) and rejects another", async () => {
    const seeded = await services.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.sellerId, seller2Id), eq(listings.listingStatusId, 1)));
    for (let i = 0; i < 2; i++) {
      await callRoute(newAction as never, post("/v2/profile/inventory-for-sale/new", validForm, seller2));
    }
    const list = await callRoute(pendingLoader as never, makeRequest("/admin/pending-listings", { cookie: admin }));
    expect(list.status).toBe(200);
    // The two just submitted (the demo data holds a few more waiting for review).
    const mine = await services.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.sellerId, seller2Id), eq(listings.listingStatusId, 1)));
    const fresh = new Set(mine.filter((m) => !seeded.some((s) => s.id === m.id)).map((m) => String(m.id)));
    const pending = list.body.rows
      .filter((r: { id: string }) => fresh.has(r.id))
      .map((r: { id: string }) => ({ id: Number(r.id) }));
    expect(pending.length).toBe(2);
    const [a, b] = pending as { id: number }[];

    const before = Date.now();
    const approve = await callRoute(
      reviewAction as never,
      post("/admin/pending-listings", { intent: "approve", id: String(a.id) }, admin),
    );
    expect(approve.status).toBe(303);
    expect(approve.headers.get("set-cookie")).toContain("vpm_flash=");
    expect(await workQueued(services, LISTINGS_QUEUES.recomputeScores)).toBeGreaterThan(0);
    const approved = await getListing(a.id);
    expect(approved.listingStatusId).toBe(3);
    expect(approved.approvedAt).toBeInstanceOf(Date);
    expect(approved.score).toBeGreaterThanOrEqual(0); // scored once the queued recompute runs
    expect(approved.postedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // Rejecting is confirmed first: without confirm=yes the server refuses and nothing changes.
    const unconfirmed = await callRoute(
      reviewAction as never,
      post("/admin/pending-listings", { intent: "reject", id: String(b.id) }, admin),
    );
    expect(unconfirmed.status).toBe(422);
    expect((await getListing(b.id)).listingStatusId).toBe(1);
    await callRoute(
      reviewAction as never,
      post("/admin/pending-listings", { intent: "reject", id: String(b.id), confirm: "yes" }, admin),
    );
    expect((await getListing(b.id)).listingStatusId).toBe(9);

    const twice = await callRoute(
      reviewAction as never,
      post("/admin/pending-listings", { intent: "reject", id: String(a.id), confirm: "yes" }, admin),
    );
    expect(twice.status).toBe(409);

    // The seller cannot put the rejected listing live without review: it goes back to the queue.
    const reactivate = await callRoute(
      updateAction as never,
      post("/listings/update", { id: String(b.id), name: "listing_status_id", value: "3" }, seller2),
    );
    expect(reactivate.status).toBe(302);
    expect((await getListing(b.id)).listingStatusId).toBe(1);
  });

  it("refuses sellers and buyers", async () => {
    const [l] = await services.db.select().from(listings).where(eq(listings.listingStatusId, 1)).limit(1);
    for (const cookie of [seller, buyer]) {
      const view = await callRoute(pendingLoader as never, makeRequest("/admin/pending-listings", { cookie }));
      expect(view.location).toBe("/");
      const res = await callRoute(
        reviewAction as never,
        post("/admin/pending-listings", { intent: "approve", id: String(l?.id ?? 1) }, cookie),
      );
      expect(res.location).toBe("/");
    }
    if (l) expect((await getListing(l.id)).listingStatusId).toBe(1);
  });
});
