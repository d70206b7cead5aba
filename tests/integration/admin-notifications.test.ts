import { and, desc, eq, isNull } from "drizzle-orm";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { describe, expect, it } from "vitest";
import { activityJournal, adminNotifications, inactiveUsers, listings, resorts, settings, user } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { notifyAdmins } from "~/modules/notifications/admin-notifications.server";
import { getAdminInbox } from "~/modules/notifications/admin-inbox.server";
import { refreshInactiveUsers } from "~/modules/staff/inactive-users.server";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as tweaksAction, loader as tweaksLoader } from "~/routes/admin/tweaks";
import { loader as inactiveListLoader } from "~/routes/api/admin-inactive-users-list";
import { action as listingReadAction } from "~/routes/api/admin-listing-read-notifications";
import { action as deleteAction } from "~/routes/api/admin-notification-delete";
import { action as feedbackReadAction } from "~/routes/api/admin-testimonials-read-notifications";
import { action as newListingAction } from "~/routes/profile/inventory-new";
import { action as editListingAction } from "~/routes/profile/inventory-edit";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const person = async (email: string) => (await services.db.select().from(user).where(eq(user.email, email)))[0];
const admin = await person("admin@example.com");
const seller = await person("seller@example.com");
const adminCookie = await sessionCookieFor(services, "admin@example.com");
const buyerCookie = await sessionCookieFor(services, "buyer@example.com");
const sellerCookie = await sessionCookieFor(services, "seller@example.com");
const writerCookie = await sessionCookieFor(services, "writer@example.com");
const JSON_HEADERS = { accept: "application/json" };

const note = (type: "userCreated" | "feedBackGiven" | "listing" | "addressHelp", who = "Test Person") =>
  notifyAdmins(services.db, {
    type,
    user: who,
    role: "buyer",
    user_uniqid: "0123456789ab",
    notification: `${who} ${type}`,
  });
/** null when unread, a Date when read, undefined when deleted. */
const readAtOf = async (id: number) => {
  const [row] = await services.db.select().from(adminNotifications).where(eq(adminNotifications.id, id));
  return row ? row.readAt : undefined;
};
const adminView = async () => {
  const viewer = {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    role: "admin" as const,
    staffRole: "admin" as const,
    userUniqid: admin.userUniqid,
    emailVerified: true,
    impersonatedBy: null,
  };
  return getAdminInbox(services, { actor: viewer });
};

describe("read-all calls", () => {
  it("testimonials/read-notifications marks only feedback read; listing/read-notifications only listings", async () => {
    const f1 = await note("feedBackGiven", "Fay");
    const f2 = await note("feedBackGiven", "Finn");
    const l1 = await note("listing", "Lou");
    const u1 = await note("userCreated", "Uma");
    const res = await callRoute(
      feedbackReadAction as never,
      makeRequest("/api/admin/testimonials/read-notifications", {
        method: "POST",
        cookie: adminCookie,
        headers: JSON_HEADERS,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, marked: 2 });
    expect(await readAtOf(f1)).toBeInstanceOf(Date);
    expect(await readAtOf(f2)).toBeInstanceOf(Date);
    expect(await readAtOf(l1)).toBeNull();
    expect(await readAtOf(u1)).toBeNull();
    const inbox = await adminView();
    expect(inbox.feedback.unread).toBe(0);
    expect(inbox.feedback.items[0].read).toBe(true);
    const listingUnread = inbox.listings.unread;
    expect(listingUnread).toBeGreaterThan(0);

    // A plain form post (JavaScript off) goes back to the admin page with a toast.
    const page = await callRoute(
      listingReadAction as never,
      makeRequest("/api/admin/listing/read-notifications", {
        method: "POST",
        form: {},
        cookie: adminCookie,
        headers: {
          accept: "text/html",
          "sec-fetch-mode": "navigate",
          referer: "http://localhost:3000/admin/dashboard",
        },
      }),
    );
    expect(page.status).toBe(303);
    expect(page.location).toBe("/admin/dashboard");
    expect(await readAtOf(l1)).toBeInstanceOf(Date);
    expect((await adminView()).listings.unread).toBe(0);
    expect(await readAtOf(u1)).toBeNull();
  });

  it("refuses a buyer, a writer, an impersonating administrator (403) and an anonymous caller (401)", async () => {
    const f = await note("feedBackGiven");
    const started = await services.auth.api.impersonateUser({
      body: { userId: seller.id },
      headers: new Headers({ cookie: adminCookie, origin: "http://localhost:3000" }),
      asResponse: true,
    });
    const impersonating = applySetCookies(adminCookie, started.headers.getSetCookie());
    for (const [cookie, status] of [
      [buyerCookie, 403],
      [writerCookie, 403],
      [impersonating, 403],
      [undefined, 401],
    ] as const) {
      const read = await callRoute(
        feedbackReadAction as never,
        makeRequest("/api/admin/testimonials/read-notifications", { method: "POST", cookie, headers: JSON_HEADERS }),
      );
      expect(read.status).toBe(status);
      const del = await callRoute(
        deleteAction as never,
        makeRequest("/api/admin/notification/delete", { json: { notification_id: f }, cookie, headers: JSON_HEADERS }),
      );
      expect(del.status).toBe(status);
      const list = await callRoute(
        inactiveListLoader as never,
        makeRequest("/api/admin/inactive-users/list", { cookie }),
      );
      expect(list.status).toBe(status);
    }
    expect(await readAtOf(f)).toBeNull();
  });
});

describe("delete one", () => {
  it("removes that notification at once and nothing else; a second delete is 404, a bad id 400", async () => {
    const a = await note("addressHelp", "Ada");
    const b = await note("addressHelp", "Bea");
    const res = await callRoute(
      deleteAction as never,
      makeRequest("/api/admin/notification/delete", {
        form: { notification_id: String(a) },
        cookie: adminCookie,
        headers: JSON_HEADERS,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deleted: a });
    expect(await readAtOf(a)).toBeUndefined();
    expect(await readAtOf(b)).toBeNull();
    const again = await callRoute(
      deleteAction as never,
      makeRequest("/api/admin/notification/delete", {
        json: { notification_id: a },
        cookie: adminCookie,
        headers: JSON_HEADERS,
      }),
    );
    expect(again.status).toBe(404);
    for (const bad of ["abc", "-1", "1.5", ""]) {
      const r = await callRoute(
        deleteAction as never,
        makeRequest("/api/admin/notification/delete", {
          json: { notification_id: bad },
          cookie: adminCookie,
          headers: JSON_HEADERS,
        }),
      );
      expect(r.status, bad).toBe(400);
    }
  });
});

describe("the admin header's data", () => {
  it("the admin layout carries the dropdowns for an administrator (newest first) and none for a writer", async () => {
    const older = await note("userCreated", "Older");
    await services.db
      .update(adminNotifications)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(adminNotifications.id, older));
    const newer = await note("userCreated", "Newer");
    const res = await callRoute(layoutLoader as never, makeRequest("/admin/dashboard", { cookie: adminCookie }));
    const ids = res.body.notifications.registrations.items.map((i: { id: number }) => i.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(res.body.notifications.registrations.unread).toBeGreaterThanOrEqual(2);
    expect(res.body.notifications.feedback).toBeDefined();
    expect(res.body.notifications.inactive.items[0]).toHaveProperty("user_uniqid");
    const writer = await callRoute(layoutLoader as never, makeRequest("/admin/posts", { cookie: writerCookie }));
    expect(writer.body.notifications).toBeNull();
  });

  it("a seller's new listing and an edit while it waits for review notify the administrators", async () => {
    const [resort] = await services.db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);
    const form = {
      resortId: String(resort.id),
      useMonth: "6",
      contractPoints: "150",
      prevYearPoints: "0",
      currYearPoints: "150",
      nextYearPoints: "150",
      pricePerPoint: "120",
    };
    const res = await callRoute(
      newListingAction as never,
      makeRequest("/v2/profile/inventory-for-sale/new", { form, cookie: sellerCookie }),
    );
    expect(res.status).toBe(303);
    const [created] = await services.db
      .select()
      .from(listings)
      .where(eq(listings.sellerId, seller.id))
      .orderBy(desc(listings.id))
      .limit(1);
    const [n] = await services.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.type, "listing"))
      .orderBy(desc(adminNotifications.id))
      .limit(1);
    expect(n.readAt).toBeNull();
    expect(n.data).toMatchObject({
      type: "listing",
      user: seller.name,
      role: "seller",
      user_uniqid: seller.userUniqid,
      listing_id: created.id,
      listing_code: created.listingCode,
    });
    const edit = await callRoute(
      editListingAction as never,
      makeRequest(`/v2/profile/inventory-for-sale/${created.id}/edit`, {
        form: { ...form, pricePerPoint: "118" },
        cookie: sellerCookie,
      }),
      { id: String(created.id) },
    );
    expect(edit.status).toBe(303);
    const forListing = await services.db
      .select()
      .from(adminNotifications)
      .where(and(eq(adminNotifications.type, "listing"), isNull(adminNotifications.readAt)));
    expect(forListing.filter((r) => (r.data as { listing_id: number }).listing_id === created.id)).toHaveLength(2);
  });
});

describe("the inactive users job", () => {
  const DAY = 86_400_000;
  const now = new Date("2026-06-01T12:00:00Z");

  async function makeSeller(
    id: string,
    lastActiveAt: Date | null,
    createdAt: Date,
    opts: { active?: boolean; deleted?: boolean } = {},
  ) {
    await services.db.insert(user).values({
      id,
      name: `Seller ${id}`,
      email: `${id}@example.org`,
      role: "seller",
      userUniqid: id.padEnd(12, "0").slice(0, 12),
      lastActiveAt,
      createdAt,
      deletedAt: opts.deleted ? now : null,
    });
    const [resort] = await services.db.select().from(resorts).where(eq(resorts.isInterval, false)).limit(1);
    await services.db.insert(listings).values({
      listingCode: `T-${id}`,
      source: "member",
      sellerId: id,
      resortId: resort.id,
      useMonth: 6,
      contractPoints: 100,
      pricePerPointCents: 10000,
      listingStatusId: opts.active === false ? 9 : 3,
    });
  }

  it("lists sellers with active listings inactive for longer than the period, at the boundary, and is idempotent", async () => {
    await services.db
      .insert(settings)
      .values({ key: "inactive_user_days", value: 30 })
      .onConflictDoUpdate({ target: settings.key, set: { value: 30 } });
    const cutoff = now.getTime() - 30 * DAY;
    const longAgo = new Date(cutoff - 400 * DAY);
    await makeSeller("aaaa0000001a", new Date(cutoff - 60_000), longAgo); // a minute past the period: inactive
    await makeSeller("aaaa0000002a", new Date(cutoff + 60_000), longAgo); // a minute inside it: active
    await makeSeller("aaaa0000003a", new Date(cutoff), longAgo); // exactly at the cutoff: not yet inactive
    await makeSeller("aaaa0000004a", null, new Date(cutoff - 2 * DAY)); // never came back after signing up: inactive
    await makeSeller("aaaa0000005a", null, new Date(cutoff + DAY)); // signed up recently: active
    await makeSeller("aaaa0000006a", longAgo, longAgo, { active: false }); // no active listing
    await makeSeller("aaaa0000007a", longAgo, longAgo, { deleted: true }); // deleted account

    const first = await refreshInactiveUsers(services, { now });
    expect(first.days).toBe(30);
    const ids = async () =>
      (await services.db.select().from(inactiveUsers))
        .map((r) => r.userId)
        .filter((id) => id.startsWith("aaaa"))
        .sort();
    expect(await ids()).toEqual(["aaaa0000001a", "aaaa0000004a"]);
    const [row] = await services.db.select().from(inactiveUsers).where(eq(inactiveUsers.userId, "aaaa0000004a"));
    expect(row.activeListings).toBe(1);
    expect(row.lastActivity?.getTime()).toBe(cutoff - 2 * DAY);
    const before = await services.db.select().from(inactiveUsers);
    const second = await refreshInactiveUsers(services, { now });
    expect(second.found).toBe(first.found);
    expect((await services.db.select().from(inactiveUsers)).map((r) => r.userId).sort()).toEqual(
      before.map((r) => r.userId).sort(),
    );

    // The list call shows them, oldest activity first, with the SPEC's fields.
    const list = await callRoute(
      inactiveListLoader as never,
      makeRequest("/api/admin/inactive-users/list", { cookie: adminCookie }),
    );
    expect(list.status).toBe(200);
    const entry = list.body.data.find((u: { id: string }) => u.id === "aaaa0000001a");
    expect(entry).toEqual({
      id: "aaaa0000001a",
      name: "Seller aaaa0000001a",
      role: "seller",
      last_activity: new Date(cutoff - 60_000).toISOString(),
      user_uniqid: "aaaa0000001a",
      active_listings: 1,
    });

    // A longer period drops the one a minute past 30 days; an invalid stored value falls back to 90 days.
    await services.db.update(settings).set({ value: 31 }).where(eq(settings.key, "inactive_user_days"));
    await refreshInactiveUsers(services, { now });
    expect(await ids()).toEqual(["aaaa0000004a"]);
    await services.db.update(settings).set({ value: "lots" }).where(eq(settings.key, "inactive_user_days"));
    expect((await refreshInactiveUsers(services, { now })).days).toBe(90);
  });
});

describe("/admin/tweaks", () => {
  const save = (form: Record<string, string>, cookie = adminCookie) =>
    callRoute(tweaksAction as never, makeRequest("/admin/tweaks", { form, cookie }));
  const settingOf = async (key: string) =>
    (await services.db.select().from(settings).where(eq(settings.key, key)))[0]?.value;

  it("validates the inactive period (7-730 whole days) and saves nothing bad", async () => {
    const before = await settingOf("inactive_user_days");
    for (const bad of ["6", "731", "abc", "10.5", ""]) {
      const res = await save({ intent: "inactive-users", inactive_user_days: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.fields.inactive_user_days, bad).toEqual(["Enter a whole number of days from 7 to 730."]);
    }
    expect(await settingOf("inactive_user_days")).toEqual(before);
    expect((await save({ intent: "nonsense" })).status).toBe(400);
  });

  it("saves each section with a toast and a journal entry", async () => {
    const res = await save({ intent: "inactive-users", inactive_user_days: "45" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/tweaks");
    expect(res.headers.get("set-cookie")).toContain("vpm_flash=");
    expect(await settingOf("inactive_user_days")).toBe(45);
    const on = await save({ intent: "security", require_admin_two_factor: "on" });
    expect(on.status).toBe(303);
    expect(await settingOf("require_admin_two_factor")).toBe(true);
    const page = await callRoute(tweaksLoader as never, makeRequest("/admin/tweaks", { cookie: adminCookie }));
    // The screen shows each section's values in the form's units (dollars for cents, "on" for a ticked box); every
    // section of the declaration is there (issue 33's own are tested in tweak-sections.test.ts).
    expect(Object.keys(page.body.sections)).toEqual(TWEAKS.sections.map((s) => s.id));
    expect(page.body).toMatchObject({
      sections: {
        "inactive-users": { inactive_user_days: "45" },
        security: { require_admin_two_factor: "on" },
        offers: {
          offer_expiry_hours: "48",
          offers_allowed_default: "5",
          who_pays_dues: "buyer",
          who_pays_closing_costs: "buyer",
        },
        agreement: { deposit_percent: "10", deposit_minimum: "1000", deposit_hours: "72" },
        fees: { commission_percent: "8", commission_minimum: "0", estoppel_fee: "150", seller_closing_fee: "300" },
      },
    });
    // An unticked checkbox is absent from the form: off.
    await save({ intent: "security" });
    expect(await settingOf("require_admin_two_factor")).toBe(false);
    const entries = await services.db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, admin.id), eq(activityJournal.kind, "settings.section")))
      .orderBy(desc(activityJournal.id));
    expect(entries.map((e) => e.summary)).toEqual([
      "Saved security: Require two-factor authentication for administrators on → off.",
      "Saved security: Require two-factor authentication for administrators off → on.",
      "Saved inactive users: Inactive after (days) 90 → 45.",
    ]);
    // Before and after, of the keys that changed only, by field name.
    expect(entries[0].data).toEqual({
      settings: "tweaks",
      section: "security",
      before: { require_admin_two_factor: true },
      after: { require_admin_two_factor: false },
    });
  });

  it("saves the offers section: hours an offer stands, open offers allowed, who pays; bad values refused", async () => {
    const good = {
      intent: "offers",
      offer_expiry_hours: "72",
      offers_allowed_default: "3",
      who_pays_dues: "split",
      who_pays_closing_costs: "seller",
    };
    for (const [field, bad] of [
      ["offer_expiry_hours", "0"],
      ["offer_expiry_hours", "337"],
      ["offers_allowed_default", "2.5"],
      ["who_pays_dues", "nobody"],
    ] as const) {
      const res = await save({ ...good, [field]: bad });
      expect(res.status, `${field}=${bad}`).toBe(400);
      expect(res.body.fields[field]?.[0], field).toMatch(/Enter a whole number|Choose who pays/);
    }
    expect(await settingOf("offer_expiry_hours")).toBeUndefined();
    const res = await save(good);
    expect(res.status).toBe(303);
    expect(await settingOf("offer_expiry_hours")).toBe(72);
    expect(await settingOf("offers_allowed_default")).toBe(3);
    expect(await settingOf("who_pays_dues")).toBe("split");
    expect(await settingOf("who_pays_closing_costs")).toBe("seller");
    const [entry] = await services.db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, admin.id), eq(activityJournal.kind, "settings.section")))
      .orderBy(desc(activityJournal.id))
      .limit(1);
    expect(entry.summary).toBe(
      "Saved offers and who pays: An offer stands for (hours) 48 → 72; Open offers a buyer may have 5 → 3; Current year's dues paid by Buyer → Split evenly; Closing costs paid by Buyer → Seller.",
    );
    // Put the defaults back for the other tests of this file.
    await save({
      ...good,
      offer_expiry_hours: "48",
      offers_allowed_default: "5",
      who_pays_dues: "buyer",
      who_pays_closing_costs: "buyer",
    });
  });

  it("is for administrators only", async () => {
    for (const cookie of [buyerCookie, writerCookie]) {
      const res = await save({ intent: "inactive-users", inactive_user_days: "9" }, cookie);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
      const get = await callRoute(tweaksLoader as never, makeRequest("/admin/tweaks", { cookie }));
      expect(get.location).toBe("/");
    }
    expect(await settingOf("inactive_user_days")).not.toBe(9);
  });
});

it("services refuse non-administrators with AppError", async () => {
  const buyer = await person("buyer@example.com");
  const err = await getAdminInbox(services, {
    actor: { ...buyer, role: "buyer", staffRole: null, impersonatedBy: null } as never,
  }).catch((e) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(403);
});
