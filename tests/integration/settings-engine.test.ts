import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, offers, settings, userSettings } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { adminMustSetUpTwoFactor } from "~/modules/accounts/two-factor.server";
import { readSettings } from "~/modules/admin/settings.server";
import { getDealEstimateBasis } from "~/modules/agreements/deal-estimates.server";
import { estimateDeal } from "~/modules/agreements/deal-estimates";
import { OD_SETTINGS_KEY } from "~/modules/offers/od-settings.schema";
import { offerDashboardDefaults, saveOdSettings } from "~/modules/offers/od-settings.server";
import { submitOffer } from "~/modules/offers/offers.server";
import { TWEAKS } from "~/modules/settings/tweaks.schema";
import { getSiteCommission, saveTweaks } from "~/modules/settings/tweaks.server";
import { refreshInactiveUsers } from "~/modules/staff/inactive-users.server";
import { action as odAction, loader as odLoader } from "~/routes/admin/od-settings";
import { action as tweaksAction, loader as tweaksLoader } from "~/routes/admin/tweaks";
import { buildListing, buildUser, FACTORY_PASSWORD, resortByCode, viewerOf } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 30, the settings capability of the admin engine: each section of /admin/tweaks and /admin/od-settings is
 * saved through its screen (a real form post) and the code the key governs reads the saved value; bad input is a
 * 400 that writes nothing; a save journals the changed keys before and after; only administrators read or save.
 */
const services = await startTestServices();
const db = services.db;
const adminRow = await buildUser(db, { role: "admin" });
const admin = viewerOf(adminRow);
const adminCookie = await sessionCookieFor(services, adminRow.email, FACTORY_PASSWORD);

const save = (form: Record<string, string | string[]>, cookie = adminCookie) =>
  callRoute(tweaksAction as never, makeRequest("/admin/tweaks", { form, cookie }));
const stored = async (key: string) => (await db.select().from(settings).where(eq(settings.key, key)))[0]?.value;
const lastEntry = async () =>
  (
    await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.actorId, admin.id), eq(activityJournal.kind, "settings.section")))
      .orderBy(desc(activityJournal.id))
      .limit(1)
  )[0];
const HOUR = 3_600_000;
const blt = await resortByCode(db, "BLT");

const FEES = { commission_percent: "8", commission_minimum: "0", estoppel_fee: "150", seller_closing_fee: "300" };
const AGREEMENT = { deposit_percent: "10", deposit_minimum: "1000", deposit_hours: "72" };
const OFFERS = {
  offer_expiry_hours: "48",
  offers_allowed_default: "5",
  who_pays_dues: "buyer",
  who_pays_closing_costs: "buyer",
};

describe("each tweaks section governs the code that reads it", () => {
  it("inactive users: the inactive-users computation uses the saved period", async () => {
    const res = await save({ intent: "inactive-users", inactive_user_days: "30" });
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/tweaks");
    expect((await refreshInactiveUsers(services)).days).toBe(30);
    await save({ intent: "inactive-users", inactive_user_days: "90" });
    expect((await refreshInactiveUsers(services)).days).toBe(90);
  });

  it("security: with the switch on, an administrator without two-factor must set it up; off, not", async () => {
    expect(await adminMustSetUpTwoFactor(services, admin)).toBe(false);
    expect((await save({ intent: "security", require_admin_two_factor: "on" })).status).toBe(303);
    expect(await adminMustSetUpTwoFactor(services, admin)).toBe(true);
    // An unticked box is absent from the form: off.
    expect((await save({ intent: "security" })).status).toBe(303);
    expect(await adminMustSetUpTwoFactor(services, admin)).toBe(false);
  });

  it("offers: a new offer expires after the saved hours, with the saved default payers and the allowed count", async () => {
    const res = await save({
      ...OFFERS,
      intent: "offers",
      offer_expiry_hours: "24",
      offers_allowed_default: "1",
      who_pays_dues: "split",
    });
    expect(res.status).toBe(303);
    const seller = await buildUser(db, { role: "seller" });
    const buyer = await buildUser(db, { role: "buyer" });
    // The saved count applies to a buyer whose account sets none: no settings row (user_settings.no_of_allowed_offers
    // is NOT NULL DEFAULT 5, so an account with a row always sets one).
    await db.delete(userSettings).where(eq(userSettings.userId, buyer.id));
    const input = (listingId: number) => ({
      listingId,
      pricePerPoint: "$140.00",
      financing: "cash",
      deedNames: "Pat Buyer",
    });
    const before = Date.now();
    const first = await buildListing(db, { seller });
    const { offerId } = await submitOffer(services, { actor: viewerOf(buyer), input: input(first.id) });
    const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
    const hours = ((offer.expiresAt as Date).getTime() - before) / HOUR;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    expect(offer.duesPaidBy).toBe("split");
    // One open offer allowed: a second one on another listing is refused.
    const second = await buildListing(db, { seller });
    await expect(submitOffer(services, { actor: viewerOf(buyer), input: input(second.id) })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/open offer/i),
    });
    await save({ ...OFFERS, intent: "offers" });
  });

  it("agreement: the deal's deposit uses the saved percent and minimum", async () => {
    const basisOf = () =>
      getDealEstimateBasis(db, { resortId: blt.id, resortCode: "BLT", sellerId: null, points: 100, today: new Date() });
    const terms = { pricePerPointCents: 10_000, duesPaidBy: "buyer" as const, closingCostsPaidBy: "buyer" as const };
    // $10,000 at 10% is $1,000, the default minimum.
    expect(estimateDeal(await basisOf(), terms).buyer.depositAtSigningCents).toBe(100_000);
    expect((await save({ ...AGREEMENT, intent: "agreement", deposit_minimum: "2500" })).status).toBe(303);
    expect(estimateDeal(await basisOf(), terms).buyer.depositAtSigningCents).toBe(250_000);
    await save({ ...AGREEMENT, intent: "agreement", deposit_percent: "30", deposit_minimum: "0" });
    expect(estimateDeal(await basisOf(), terms).buyer.depositAtSigningCents).toBe(300_000);
    await save({ ...AGREEMENT, intent: "agreement" });
  });

  it("admin fees: the seller's net estimate and the stated commission use the saved commission", async () => {
    expect((await save({ ...FEES, intent: "fees", commission_percent: "9.5", estoppel_fee: "200" })).status).toBe(303);
    expect((await getSiteCommission(db)).words).toBe("9.5% of the price");
    const basis = await getDealEstimateBasis(db, {
      resortId: blt.id,
      resortCode: "BLT",
      sellerId: null,
      points: 100,
      today: new Date(),
    });
    const estimate = estimateDeal(basis, {
      pricePerPointCents: 10_000,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
    });
    expect(estimate.seller.commissionCents).toBe(95_000);
    expect(basis.estoppelFeeCents).toBe(20_000);
    await save({ ...FEES, intent: "fees" });
    expect((await getSiteCommission(db)).words).toBe("8% of the price");
  });
});

describe("the settings screen", () => {
  it("refuses bad input with a 400 naming the field and its range, and writes nothing", async () => {
    const keys = ["agreement_deposit_percent", "agreement_deposit_minimum_cents", "agreement_deposit_hours"];
    const rowsBefore = await db.select().from(settings).where(inArray(settings.key, keys));
    const entryBefore = await lastEntry();
    // One field bad among good ones: none of the section is written.
    const res = await save({ ...AGREEMENT, intent: "agreement", deposit_percent: "25", deposit_hours: "721" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ deposit_hours: ["Enter a whole number of hours from 1 to 720."] });
    const money = await save({ ...FEES, intent: "fees", estoppel_fee: "150.50" });
    expect(money.status).toBe(400);
    expect(money.body.fields.estoppel_fee).toEqual(["Enter a whole number of dollars from 0 to 2,000."]);
    expect((await save({ intent: "nonsense" })).status).toBe(400);
    expect(await db.select().from(settings).where(inArray(settings.key, keys))).toEqual(rowsBefore);
    expect((await lastEntry())?.id).toBe(entryBefore?.id);
  });

  it("journals one entry a save with the changed keys before and after", async () => {
    await save({ ...FEES, intent: "fees", commission_percent: "7.25", commission_minimum: "1500" });
    const entry = await lastEntry();
    expect(entry.summary).toBe(
      "Saved admin fees: Commission (percent of the price) 8% → 7.25%; Minimum commission $0 → $1,500.",
    );
    expect(entry.data).toEqual({
      settings: "tweaks",
      section: "fees",
      before: { commission_percent: 8, commission_minimum: 0 },
      after: { commission_percent: 7.25, commission_minimum: 150_000 },
    });
    expect(await stored("admin_fee_commission_bps")).toBe(725);
    // The page shows the saved values in the form's units.
    const page = await callRoute(tweaksLoader as never, makeRequest("/admin/tweaks", { cookie: adminCookie }));
    expect(page.body.sections.fees).toEqual({ ...FEES, commission_percent: "7.25", commission_minimum: "1500" });
    expect((await readSettings(db, TWEAKS)).fees.commissionMinimumCents).toBe(150_000);
    await save({ ...FEES, intent: "fees" });
  });

  it("is for administrators only, on the server, for reading and saving", async () => {
    const writer = await buildUser(db, { role: "buyer", staffRole: "writer" });
    const buyer = await buildUser(db, { role: "buyer" });
    for (const row of [writer, buyer]) {
      const cookie = await sessionCookieFor(services, row.email, FACTORY_PASSWORD);
      const res = await save({ intent: "inactive-users", inactive_user_days: "9" }, cookie);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
      expect((await callRoute(tweaksLoader as never, makeRequest("/admin/tweaks", { cookie }))).location).toBe("/");
      expect((await callRoute(odLoader as never, makeRequest("/admin/od-settings", { cookie }))).location).toBe("/");
      const odRes = await callRoute(
        odAction as never,
        makeRequest("/admin/od-settings", { form: { status: "submitted" }, cookie }),
      );
      expect(odRes.location).toBe("/");
      const refused = await saveTweaks(services, {
        actor: viewerOf(row),
        input: { intent: "inactive-users", inactive_user_days: "9" },
      }).catch((e: unknown) => e);
      expect(isAppError(refused) && refused.status).toBe(403);
    }
    expect(await stored("inactive_user_days")).not.toBe(9);
  });
});

describe("/admin/od-settings on the engine", () => {
  it("the offer dashboard's starting view reads the saved defaults (one row, a multi-select of columns)", async () => {
    const res = await callRoute(
      odAction as never,
      makeRequest("/admin/od-settings", {
        form: {
          intent: "defaults",
          status: "submitted",
          sort: "expires",
          perPage: "50",
          columns: ["expires", "total"],
          days: "0",
        },
        cookie: adminCookie,
      }),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/offer-dashboard");
    expect(await stored(OD_SETTINGS_KEY)).toEqual({
      status: "submitted",
      sort: "expires",
      perPage: 50,
      columns: ["total", "expires"],
      days: 0,
    });
    expect(await offerDashboardDefaults(db)).toEqual({
      perPage: 50,
      shown: ["total", "expires"],
      sort: { key: "expires", dir: "asc" },
      filters: { status: "submitted" },
    });
    await saveOdSettings(services, {
      actor: admin,
      input: { status: "all", sort: "updated", perPage: "25", days: "0" },
    });
    expect((await offerDashboardDefaults(db)).shown).toEqual([]);
  });
});
