import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, listings, resorts, user } from "~/db/schema";
import { COMPARE_COOKIE } from "~/modules/listings/compare";
import { getListingDetail } from "~/modules/listings/detail.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { quantile } from "~/modules/listings/score";
import { listBestPractices } from "~/modules/content/best-practices.server";
import { countComputedQuickFacts, getQuickFactsMenu } from "~/modules/content/quick-facts.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { loader as signUpLoader } from "~/routes/account/sign-up";
import { action as commissionAction } from "~/routes/api/commission-text";
import { loader as agreementLoader } from "~/routes/profile/agreement";
import { loader as editLoader } from "~/routes/profile/inventory-edit";
import { loader as newLoader } from "~/routes/profile/inventory-new";
import {
  action as specialRequestSpecAction,
  loader as specialRequestSpecPath,
} from "~/routes/public/buyer-special-request";
import { loader as compareLoader } from "~/routes/public/compare";
import { action as duesAction, loader as duesLoader } from "~/routes/public/dvc-annual-dues";
import { loader as contentPageLoader } from "~/routes/public/content-page";
import { buildListing, buildOffer } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";
import { impersonate } from "./profile-helpers";

/**
 * Issue 27, "one truth for money": the commission the admin fees tweaks set is the figure every page states and the
 * closing statement charges; the quick facts count the contracts really under contract; the SPEC's special-request
 * path leads to the page.
 */
const services = await startTestServices();
const { db } = services;
const admin = await demoParty(services, "admin@example.com");
const seller = await demoParty(services, "seller@example.com");

const setCommission = (percent: string, minimum = "0") =>
  saveTweaks(services, {
    actor: admin.viewer,
    input: {
      intent: "fees",
      commission_percent: percent,
      commission_minimum: minimum,
      estoppel_fee: "150",
      seller_closing_fee: "300",
    },
  });

describe("the commission, from one setting", () => {
  it("is the admin fees' figure on the quick facts, the seller guides, the sign-up promise, the commission text call and the closing statement", async () => {
    await setCommission("9.25");
    const words = "9.25% of the price";

    // Quick facts (the header's menu): the stored "from 6.9%" is not what it says.
    const { facts } = await getQuickFactsMenu(db);
    expect(facts.find((f) => f.key === "commission_rate")?.value).toBe(words);
    expect(JSON.stringify(facts)).not.toContain("6.9");

    // The selling guide (a row of the pages table, issue 32): its cost table's figure and the worked example's
    // commission (9.25% of 150 x $110 = $1,526.25), from the embeds' data.
    const fees = await callRoute(contentPageLoader as never, makeRequest("/selling-fees-associated"));
    expect(fees.body.page.embeds["seller-costs-table"].commissionWords).toBe(words);
    expect(fees.body.page.embeds["net-proceeds-example"].commissionWords).toBe(words);
    expect(fees.body.page.embeds["net-proceeds-example"].commission).toBe(152_625);

    // The best practices guide for sellers.
    const guide = await listBestPractices({ db }, { actor: seller.viewer });
    const text = JSON.stringify(guide);
    expect(text).toContain(`our commission, ${words}`);
    expect(text).not.toContain("6.9%");

    // The sign-up promise to sellers.
    const signUp = await callRoute(signUpLoader as never, makeRequest("/sign-up"));
    expect(signUp.body.commission).toBe(words);

    // The commission text call states the site's commission beside the seller's own text.
    const [sellerRow] = await db.select().from(user).where(eq(user.email, "seller@example.com"));
    const cookie = await impersonate(services, sellerRow.id);
    const call = await callRoute(
      commissionAction as never,
      makeRequest("/api/listings/commission-text/update", {
        json: { value: "Ask about our reduced commission", isAdmin: true },
        cookie,
        headers: { accept: "application/json" },
      }),
    );
    expect(call.status).toBe(200);
    expect(call.body.data).toMatchObject({ siteCommission: words });
    await db.update(user).set({ adjustedCommissionText: null }).where(eq(user.id, sellerRow.id));

    // The closing statement charges it: 9.25% of 160 x $150 = $2,220.
    const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 160 });
    const [buyerRow] = await db.select().from(user).where(eq(user.email, "buyer2@example.com"));
    const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
    const { agreementId } = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
    const page = await callRoute(
      agreementLoader as never,
      makeRequest(`/v2/profile/agreements/${agreementId}`, { cookie: seller.cookie }),
      { agreementId: String(agreementId) },
    );
    const line = page.body.statement.seller.lines.find((l: { key: string }) => l.key === "commission");
    expect(line).toMatchObject({ label: "Broker commission (9.25%)", amountCents: -222_000 });

    // Changed again, every place follows, with the minimum stated.
    await setCommission("7.5", "1500");
    const again = "7.5% of the price, at least $1,500";
    expect((await getQuickFactsMenu(db)).facts.find((f) => f.key === "commission_rate")?.value).toBe(again);
    expect(
      (await callRoute(contentPageLoader as never, makeRequest("/selling-fees-associated"))).body.page.embeds[
        "net-proceeds-example"
      ],
    ).toMatchObject({
      commissionWords: again,
      commission: 150_000, // 7.5% of $16,500 is $1,237.50, under the $1,500 minimum
    });
    expect((await callRoute(signUpLoader as never, makeRequest("/sign-up"))).body.commission).toBe(again);
  });
});

describe("the quick facts' under-contract count", () => {
  it("counts the listings under contract (an accepted offer), not an empty list", async () => {
    const before = (await countComputedQuickFacts(db)).pending_closings;
    const [sellerRow] = await db.select().from(user).where(eq(user.email, "seller@example.com"));
    const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never });
    const offer = await buildOffer(db, { listing });
    await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
    const after = (await countComputedQuickFacts(db)).pending_closings;
    expect(after).toBe(before + 1);
    expect(after).toBeGreaterThan(0);
    const fact = (await getQuickFactsMenu(db)).facts.find((f) => f.key === "pending_closings");
    expect(fact?.value).toBe(String(after));
  });
});

describe("/buyer/special-request", () => {
  it("leads to the special-request page with a permanent redirect, keeping the query string", async () => {
    const res = await callRoute(specialRequestSpecPath as never, makeRequest("/buyer/special-request?resort=BLT"));
    expect(res.status).toBe(308);
    expect(res.location).toBe("/special-request?resort=BLT");
    const posted = await callRoute(
      specialRequestSpecAction as never,
      makeRequest("/buyer/special-request", { form: { notes: "x" } }),
    );
    expect(posted.status).toBe(308);
    expect(posted.location).toBe("/special-request");
  });
});

describe("the listing form's comparable asking prices", () => {
  it("gives the count, median and suggested range at each resort, leaving the seller's own listing out when editing", async () => {
    const [sellerRow] = await db.select().from(user).where(eq(user.email, "seller@example.com"));
    const [blt] = await db.select().from(resorts).where(eq(resorts.code, "BLT"));
    // Four more at Bay Lake Tower, so there are enough whatever the demo data holds.
    for (const cents of [14_000, 15_000, 16_000, 17_000])
      await buildListing(db, { resortCode: "BLT", pricePerPointCents: cents });
    const prices = async (exclude?: number) =>
      (
        await db
          .select({ id: listings.id, p: listings.pricePerPointCents })
          .from(listings)
          .where(
            and(
              eq(listings.resortId, blt.id),
              eq(listings.listingStatusId, LISTING_STATUS.active),
              eq(listings.isTest, false),
            ),
          )
      )
        .filter((r) => r.id !== exclude)
        .map((r) => r.p)
        .sort((a, b) => a - b);

    const all = await prices();
    const res = await callRoute(
      newLoader as never,
      makeRequest("/v2/profile/inventory-for-sale/new", { cookie: seller.cookie }),
    );
    expect(res.status).toBe(200);
    expect(res.body.comparables[blt.id]).toEqual({
      resortId: blt.id,
      count: all.length,
      medianCents: Math.round(quantile(all, 0.5) as number),
      lowCents: Math.round(quantile(all, 0.25) as number),
      highCents: Math.round(quantile(all, 0.75) as number),
      // The pricing strategy's default (issue 33): the middle half of asking prices, no band around the median.
      bandPercent: null,
    });

    // Editing: the seller's own listing is not one of its comparables.
    const own = await buildListing(db, {
      seller: { ...sellerRow, role: "seller" } as never,
      resortCode: "BLT",
      pricePerPointCents: 99_000,
    });
    const others = await prices(own.id);
    const edit = await callRoute(
      editLoader as never,
      makeRequest(`/v2/profile/inventory-for-sale/${own.id}/edit`, { cookie: seller.cookie }),
      { id: String(own.id) },
    );
    expect(edit.status).toBe(200);
    expect(edit.body.comparables[blt.id]).toMatchObject({
      count: others.length,
      highCents: Math.round(quantile(others, 0.75) as number),
    });

    // A resort with fewer than three listings for sale gives a count and no range.
    const few = Object.values(
      res.body.comparables as Record<string, { count: number; medianCents: number | null }>,
    ).filter((c) => c.count < 3);
    for (const c of few) expect(c.medianCents).toBeNull();

    // Anonymous visitors and buyers do not get the seller's form.
    const anon = await callRoute(newLoader as never, makeRequest("/v2/profile/inventory-for-sale/new"));
    expect(anon.status).toBeGreaterThanOrEqual(300);
  });
});

describe("dues: an estimate is never a fact, and a buyer can ask", () => {
  it("marks estimates and missing figures on the dues guide and offers the ask form, which files a contact message", async () => {
    const page = await callRoute(duesLoader as never, makeRequest("/dvc-annual-dues?resort=aul"));
    const byCode = new Map(
      (page.body.resorts as { code: string; published: boolean; dues: { estimate: boolean } | null }[]).map((r) => [
        r.code,
        r,
      ]),
    );
    // Old Key West's seeded figure is grown from 2022: an estimate, not the published dues.
    expect(byCode.get("OKW")).toMatchObject({ published: false, dues: { estimate: true } });
    expect(byCode.get("AUL")).toMatchObject({ published: false, dues: null });
    expect(page.body.asked).toBe("AUL");

    // Publish a figure for this year: it is then a fact.
    const year = new Date().getUTCFullYear();
    await db
      .update(resorts)
      .set({ duesPerPointCents: 1050, duesYear: year, duesSource: "The resort's budget", duesEstimated: false })
      .where(eq(resorts.code, "OKW"));
    const after = await callRoute(duesLoader as never, makeRequest("/dvc-annual-dues"));
    expect(after.body.resorts.find((r: { code: string }) => r.code === "OKW")).toMatchObject({
      published: true,
      dues: { estimate: false, perPointCents: 1050 },
    });

    const ask = (form: Record<string, string>) =>
      callRoute(
        duesAction as never,
        makeRequest("/dvc-annual-dues", { form, headers: { "x-forwarded-for": "198.51.100.27" } }),
      );
    const count = async () => (await db.select().from(contactMessages)).length;
    const before = await count();
    // Bad input: a clear 400, nothing written.
    const bad = await ask({ resort: "", name: "", email: "not-an-email", message: "?" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.fields)).toMatch(/Choose the resort/);
    const unknown = await ask({
      resort: "ZZZ",
      name: "Ann Buyer",
      email: "ann@example.org",
      message: "What are the dues this year?",
    });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before);
    // A real question: kept for the administrators, back to the form.
    const ok = await ask({
      resort: "AUL",
      name: "Ann Buyer",
      email: "ann@example.org",
      message: "What are the dues this year?",
    });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe("/dvc-annual-dues#ask-dues");
    const [msg] = await db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
    expect(msg).toMatchObject({ email: "ann@example.org", subject: "Question about the annual dues at Aulani (AUL)" });
  });

  it("compares a listing at a resort without dues as unknown: no $0, no score, no actual value", async () => {
    const stripped = await buildListing(db, { resortCode: "AUL", pricePerPointCents: 9_000 });
    await db.update(listings).set({ currYearPoints: 0 }).where(eq(listings.id, stripped.id));
    const res = await callRoute(
      compareLoader as never,
      makeRequest("/compare", { cookie: `${COMPARE_COOKIE}=${stripped.id}` }),
    );
    const [l] = res.body.listings;
    expect(l.duesPerPointCents).toBeNull();
    expect(l.score.score).toBeNull();
    expect(l.score.inputs.duesPerPointCents).toBeNull();
    expect(l.score.inputs.actualValuePerPointCents).toBeNull();
    expect(JSON.stringify(l.score)).not.toContain("$0");
  });

  it("says on a listing's page that the resort's dues are our estimate when they are, and not when published", async () => {
    const l = await buildListing(db, { resortCode: "BLT" });
    const [r] = await db.select().from(resorts).where(eq(resorts.code, "BLT"));
    await db.update(resorts).set({ duesEstimated: true, duesPerPointCents: 800 }).where(eq(resorts.id, r.id));
    const estimated = await getListingDetail(services, { actor: null, input: { id: l.id } });
    expect(estimated.dues).toMatchObject({ perPointCents: 800, estimate: true });
    await db.update(resorts).set({ duesEstimated: false }).where(eq(resorts.id, r.id));
    const published = await getListingDetail(services, { actor: null, input: { id: l.id } });
    expect(published.dues.estimate).toBe(false);
    await db
      .update(resorts)
      .set({ duesEstimated: r.duesEstimated, duesPerPointCents: r.duesPerPointCents })
      .where(eq(resorts.id, r.id));
  });
});
