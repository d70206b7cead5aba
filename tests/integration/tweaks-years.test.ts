import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityJournal, listings } from "~/db/schema";
import { isAppError } from "~/lib/errors";
import { createListing, getListingLimits, updateListing } from "~/modules/listings/inventory.server";
import { getFilterBounds } from "~/modules/listings/search.server";
import { getSiteInfo } from "~/modules/settings/settings.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { createSpecialRequest, specialRequestFormChoices } from "~/modules/special-requests/special-requests.server";
import { specialRequests } from "~/db/schema";
import { action as apiAction } from "~/routes/api/get-listing-by-id";
import { buildListing, buildUser, resortByCode, viewerOf } from "../factories";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

/** Decision 0093: /admin/tweaks "Years" — the use-year months offered, read by every place that offers use years. */
const services = await startTestServices();
const db = services.db;
const admin = viewerOf(await buildUser(db, { role: "admin" }));
const save = (input: Record<string, unknown>) =>
  saveTweaks(services, { actor: admin, input: { intent: "years", copyright_start_year: "2016", ...input } });
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error("Expected a refusal");
};
const RESALE = ["Feb", "Mar", "Apr", "Jun", "Aug", "Sep", "Oct", "Dec"];

describe("Years", () => {
  it("the months offered change the listing form, the service's check, the search filter and the listing call", async () => {
    const seller = viewerOf(await buildUser(db, { role: "seller" }));
    const form = async (useMonth: number) => ({
      resortId: (await resortByCode(db, "BLT")).id,
      useMonth,
      contractPoints: 100,
      prevYearPoints: 0,
      currYearPoints: 100,
      nextYearPoints: 100,
      pricePerPoint: 120,
      noHaggle: false,
    });
    const december = await createListing(services, { actor: seller, input: await form(12) });
    // January is not a resale use year until it is offered.
    const before = await refusal(createListing(services, { actor: seller, input: await form(1) }));
    expect(before.fields?.useMonth?.[0]).toMatch(
      /^Choose one of the use-year months listed: February, March, April, June, August, September, October or December\.$/,
    );

    await save({ use_years_membership_page: ["Jan", "Feb"] });
    expect((await getListingLimits(db)).useMonths).toEqual([1, 2]);
    const jan = await createListing(services, { actor: seller, input: await form(1) });
    expect((await db.select().from(listings).where(eq(listings.id, jan.id)))[0].useMonth).toBe(1);
    const e = await refusal(createListing(services, { actor: seller, input: await form(6) }));
    expect(e.code).toBe("BAD_INPUT");
    expect(e.fields?.useMonth).toEqual(["Choose one of the use-year months listed: January or February."]);
    // A listing already for sale keeps its December use year when edited; it cannot move to another month not offered.
    await updateListing(services, {
      actor: seller,
      input: { id: december.id, values: { ...(await form(12)), pricePerPoint: 118 } },
    });
    expect((await db.select().from(listings).where(eq(listings.id, december.id)))[0].pricePerPointCents).toBe(11_800);
    const moved = await refusal(
      updateListing(services, { actor: seller, input: { id: december.id, values: await form(6) } }),
    );
    expect(moved.fields?.useMonth?.[0]).toMatch(/January or February/);

    const bounds = await getFilterBounds(db);
    expect(bounds.useYearsOffered).toEqual(["Jan", "Feb"]);
    expect(bounds.useYears.every((m) => ["Jan", "Feb"].includes(m))).toBe(true);

    const listing = await buildListing(db, { resortCode: "BLT" });
    const res = await callRoute(
      apiAction as never,
      makeRequest("/api/listing/get-listing-by-id", { json: { listing_id: listing.id } }),
    );
    expect(res.body.settings.use_years_membership_page).toEqual(["Jan", "Feb"]);

    const [entry] = await db
      .select()
      .from(activityJournal)
      .where(and(eq(activityJournal.userId, admin.id), eq(activityJournal.kind, "settings.section")));
    expect(entry.data).toMatchObject({
      section: "years",
      before: { use_years_membership_page: RESALE },
      after: { use_years_membership_page: ["Jan", "Feb"] },
    });
    await save({ use_years_membership_page: RESALE });
    expect((await getFilterBounds(db)).useYearsOffered).toEqual(RESALE);
  });

  it("refuses none at all and a month not on the list, writing nothing", async () => {
    const none = await refusal(save({ use_years_membership_page: [] }));
    expect(none.fields?.use_years_membership_page).toEqual([
      "Choose at least one of the use-year months offered from the list.",
    ]);
    const bad = await refusal(save({ use_years_membership_page: ["Feb", "Smarch"] }));
    expect(bad.code).toBe("BAD_INPUT");
    expect((await getListingLimits(db)).useMonths).toEqual([2, 3, 4, 6, 8, 9, 10, 12]);
  });

  it("the copyright's first year is the footer's", async () => {
    await save({ use_years_membership_page: RESALE, copyright_start_year: "2019" });
    expect((await getSiteInfo(db)).copyrightStartYear).toBe(2019);
    const late = await refusal(save({ use_years_membership_page: RESALE, copyright_start_year: "2099" }));
    expect(late.fields?.copyright_start_year).toEqual(["The copyright year cannot be later than this year."]);
    expect((await getSiteInfo(db)).copyrightStartYear).toBe(2019);
  });

  it("a buyer's special request offers and accepts the months offered", async () => {
    await save({ use_years_membership_page: ["Mar", "Dec"] });
    expect((await specialRequestFormChoices(services)).useMonths).toEqual([3, 12]);
    const buyer = viewerOf(await buildUser(db, { role: "buyer" }));
    const e = await refusal(createSpecialRequest(services, { actor: buyer, input: { use_months: ["3", "6"] } }));
    expect(e.fields?.use_months).toEqual(["Choose use-year months from the list."]);
    expect(await db.select().from(specialRequests).where(eq(specialRequests.buyerId, buyer.id))).toEqual([]);
    const row = await createSpecialRequest(services, { actor: buyer, input: { use_months: ["12"] } });
    const [stored] = await db.select().from(specialRequests).where(eq(specialRequests.id, row.id));
    expect(stored.useMonths).toEqual([12]);
  });
});
