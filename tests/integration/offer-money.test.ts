import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreementAddenda, agreements, offers, resorts, userSettings } from "~/db/schema";
import { monthsLeftInYear } from "~/modules/agreements/agreement-money";
import { getDealEstimateBasis } from "~/modules/agreements/deal-estimates.server";
import { estimateDeal, expectedClosingOf } from "~/modules/agreements/deal-estimates";
import { keepSharedReads, stopSharedReads } from "~/lib/shared-reads.server";
import { saveTweaks } from "~/modules/settings/tweaks.server";
import { action as offerAction, loader as offerLoader } from "~/routes/profile/offer";
import { loader as overviewLoader } from "~/routes/profile/overview";
import { loader as makeOfferLoader } from "~/routes/public/make-offer";
import { buildListing, buildOffer, buildUser, FACTORY_PASSWORD } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * Issue 27: the seller's estimated net and the buyer's all-in total before the agreement (the closing statement's
 * rules, the admin fees setting), the accept that needs a confirmation, and the profile's "waiting on you" list.
 */
const services = await startTestServices();
const db = services.db;
const admin = await demoParty(services, "admin@example.com");

// DOMAIN.md's example: BLT at $7.08 a point of dues (2022), 160 points at $150/pt.
const [blt] = await db.update(resorts).set({ duesPerPointCents: 708 }).where(eq(resorts.code, "BLT")).returning();
await saveTweaks(services, {
  actor: admin.viewer,
  input: {
    intent: "fees",
    commission_percent: "9.5",
    commission_minimum: "0",
    estoppel_fee: "150",
    seller_closing_fee: "300",
  },
});

const sellerRow = await buildUser(db, { role: "seller" });
const seller = { row: sellerRow, cookie: await sessionCookieFor(services, sellerRow.email, FACTORY_PASSWORD) };
const listing = await buildListing(db, {
  seller: sellerRow,
  resortCode: "BLT",
  points: 160,
  pricePerPointCents: 15500,
});

async function aBuyer() {
  const row = await buildUser(db);
  await db
    .update(userSettings)
    .set({
      phoneNumber: "+14075550123",
      addressLine1: "1 Main Street",
      city: "Orlando",
      state: "FL",
      postalCode: "32801",
    })
    .where(eq(userSettings.userId, row.id));
  return { row, cookie: await sessionCookieFor(services, row.email, FACTORY_PASSWORD) };
}

const post = (path: string, form: Record<string, string>, cookie: string, params: Record<string, string>) =>
  callRoute(offerAction as never, makeRequest(path, { method: "POST", form, cookie }), params);

describe("the estimates of a deal before its agreement", () => {
  it("works DOMAIN.md's example: 160 BLT points at $150/pt, 9.5% commission, closing in March", async () => {
    // Accepted on 5 January 2026: the typical timeline expects closing in March (9 months of dues left).
    const basis = await getDealEstimateBasis(db, {
      resortId: blt.id,
      resortCode: "BLT",
      sellerId: sellerRow.id,
      points: 160,
      today: new Date("2026-01-05T15:00:00Z"),
    });
    expect(basis.closingDate.slice(0, 7)).toBe("2026-03");
    expect(basis.fees.commissionPercent).toBe(9.5);
    const e = estimateDeal(basis, { pricePerPointCents: 15000, duesPaidBy: "buyer", closingCostsPaidBy: "buyer" });
    // The year's dues $1,132.80; 9/12 of it, $849.60, reimbursed to the seller.
    expect(e.priceCents).toBe(2_400_000);
    expect(e.buyer.duesCents).toBe(84_960);
    // Closing fee $350 + recording $100 + title search $150 + Florida deed stamps $168 ($0.70 per $100).
    expect(e.buyer.closingCostsCents).toBe(76_800);
    expect(e.buyer.allInCents).toBe(2_400_000 + 84_960 + 76_800);
    expect(e.buyer.depositAtSigningCents).toBe(240_000); // 10%
    expect(e.buyer.balanceAtClosingCents).toBe(2_400_000 + 84_960 + 76_800 - 240_000);
    // $24,000 + $849.60 dues - $150 estoppel - $300 seller's closing fee - $2,280 commission (9.5%) = $22,119.60.
    expect(e.seller.commissionCents).toBe(228_000);
    expect(e.seller.netCents).toBe(2_211_960);

    // The seller paying the closing costs and keeping the dues: the net falls, the buyer's total too.
    const other = estimateDeal(basis, {
      pricePerPointCents: 15000,
      duesPaidBy: "seller",
      closingCostsPaidBy: "seller",
    });
    expect(other.buyer.allInCents).toBe(2_400_000);
    expect(other.seller.netCents).toBe(2_400_000 - 15_000 - 30_000 - 228_000 - 76_800);
  });

  it("keeps the fees settings it reads until the change feed moves (decision 0098); the dues are read each time", async () => {
    const basisNow = () =>
      getDealEstimateBasis(db, { resortId: blt.id, resortCode: "BLT", sellerId: sellerRow.id, points: 160 });
    const fees = (percent: string) =>
      saveTweaks(services, {
        actor: admin.viewer,
        input: {
          intent: "fees",
          commission_percent: percent,
          commission_minimum: "0",
          estoppel_fee: "150",
          seller_closing_fee: "300",
        },
      });
    keepSharedReads({ changes: services.changes, maxAgeMs: 60_000 });
    try {
      expect((await basisNow()).fees.commissionPercent).toBe(9.5);
      await fees("8");
      await db.update(resorts).set({ duesPerPointCents: 710 }).where(eq(resorts.id, blt.id));
      const kept = await basisNow();
      expect(kept.fees.commissionPercent).toBe(9.5);
      expect(kept.duesPerPointCents).toBe(710);
      services.changes.changed();
      expect((await basisNow()).fees.commissionPercent).toBe(8);
    } finally {
      stopSharedReads();
      await fees("9.5");
      await db.update(resorts).set({ duesPerPointCents: 708 }).where(eq(resorts.id, blt.id));
    }
    expect((await basisNow()).fees.commissionPercent).toBe(9.5);
  });

  it("gives the make-offer form the basis and who pays by default", async () => {
    const buyer = await aBuyer();
    const res = await callRoute(
      makeOfferLoader as never,
      makeRequest(`/make-offer/${listing.id}`, { cookie: buyer.cookie }),
      {
        id: String(listing.id),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.buyer.customary).toEqual({ duesPaidBy: "buyer", closingCostsPaidBy: "buyer" });
    const e = estimateDeal(res.body.buyer.basis, {
      pricePerPointCents: 15000,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
    });
    expect(e.buyer.closingCostsCents).toBe(76_800);
    expect(e.seller.commissionCents).toBe(228_000);
  });
});

describe("accepting an offer", () => {
  it("refuses an accept without the confirmation, then accepts with it and links the agreement for both sides", async () => {
    const l = await buildListing(db, { seller: sellerRow, resortCode: "BLT", points: 160, pricePerPointCents: 15500 });
    const buyer = await aBuyer();
    const offer = await buildOffer(db, { listing: l, buyer: buyer.row, pricePerPointCents: 15000 });
    const path = `/v2/profile/offers/${offer.id}`;
    const params = { offerId: String(offer.id) };

    // The seller's page: the terms as the market reads them, and the estimated net of the accept step.
    const page = await callRoute(offerLoader as never, makeRequest(path, { cookie: seller.cookie }), params);
    expect(page.body.can.accept).toBe(true);
    const months = monthsLeftInYear(expectedClosingOf("BLT", new Date()));
    const dues = Math.floor((113_280 * months * 2 + 12) / 24);
    expect(page.body.estimate.seller.netCents).toBe(2_400_000 + dues - 15_000 - 30_000 - 228_000);

    const unconfirmed = await post(path, { intent: "accept" }, seller.cookie, params);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.fields.confirm[0]).toMatch(/confirm the acceptance/);
    const wrong = await post(path, { intent: "accept", confirm: "no" }, seller.cookie, params);
    expect(wrong.status).toBe(422);
    const [still] = await db.select().from(offers).where(eq(offers.id, offer.id));
    expect(still.status).toBe("submitted");
    expect(await db.select().from(agreements).where(eq(agreements.offerId, offer.id))).toHaveLength(0);

    // A stranger learns nothing, confirmed or not.
    const stranger = await aBuyer();
    expect((await post(path, { intent: "accept" }, stranger.cookie, params)).status).toBe(404);
    expect((await post(path, { intent: "accept", confirm: "yes" }, stranger.cookie, params)).status).toBe(404);

    const accepted = await post(path, { intent: "accept", confirm: "yes" }, seller.cookie, params);
    expect(accepted.status).toBe(303);
    const [agreement] = await db.select().from(agreements).where(eq(agreements.offerId, offer.id));
    expect(agreement).toBeDefined();
    for (const cookie of [seller.cookie, buyer.cookie]) {
      const after = await callRoute(offerLoader as never, makeRequest(path, { cookie }), params);
      expect(after.body.offer.status).toBe("accepted");
      expect(after.body.agreementId).toBe(agreement.id);
    }
  });
});

describe("the profile's landing page", () => {
  it("lists what waits on a person who both sells and buys, soonest deadline first, and nothing of others", async () => {
    const both = await buildUser(db, { role: "seller" });
    const bothCookie = await sessionCookieFor(services, both.email, FACTORY_PASSWORD);
    const own = await buildListing(db, { seller: both, resortCode: "BLT", points: 160, pricePerPointCents: 15500 });
    const other = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 160,
      pricePerPointCents: 15500,
    });
    const buyer = await aBuyer();
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000);
    // On their listing, an offer to answer (due in 30 hours); as a buyer elsewhere, a seller's counter (due in 5).
    const toAnswer = await buildOffer(db, {
      listing: own,
      buyer: buyer.row,
      pricePerPointCents: 15000,
      expiresAt: inHours(30),
    });
    const countered = await buildOffer(db, {
      listing: other,
      buyer: both,
      pricePerPointCents: 15000,
      expiresAt: inHours(5),
    });
    await db.update(offers).set({ status: "countered_by_seller" }).where(eq(offers.id, countered.id));
    // Their own offer waiting on the other seller is not theirs to answer.
    const other2 = await buildListing(db, {
      seller: sellerRow,
      resortCode: "BLT",
      points: 160,
      pricePerPointCents: 15500,
    });
    await buildOffer(db, { listing: other2, buyer: both, pricePerPointCents: 15000, expiresAt: inHours(1) });

    const page = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: bothCookie }));
    expect(page.status).toBe(200);
    expect(page.body.waiting.offers.map((o: { offerId: number; title: string }) => [o.offerId, o.title])).toEqual([
      [countered.id, "Answer the seller's counter-offer"],
      [toAnswer.id, `Answer ${buyer.row.name}'s offer`],
    ]);
  });

  it("leads a seller with the offer to answer and its deadline, and a buyer with the counter to answer", async () => {
    const s = await buildUser(db, { role: "seller" });
    const sCookie = await sessionCookieFor(services, s.email, FACTORY_PASSWORD);
    const l = await buildListing(db, { seller: s, resortCode: "BLT", points: 160, pricePerPointCents: 15500 });
    const buyer = await aBuyer();
    const expiresAt = new Date(Date.now() + 30 * 3_600_000);
    const offer = await buildOffer(db, { listing: l, buyer: buyer.row, pricePerPointCents: 15000, expiresAt });

    const mine = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: sCookie }));
    expect(mine.status).toBe(200);
    expect(mine.body.waiting.offers).toEqual([
      expect.objectContaining({
        offerId: offer.id,
        title: `Answer ${buyer.row.name}'s offer`,
        points: 160,
        pricePerPointCents: 15000,
        totalCents: 2_400_000,
        dueAt: expiresAt.toISOString(),
        path: `/v2/profile/offers/${offer.id}`,
      }),
    ]);
    // The buyer has nothing to answer while the seller's turn lasts.
    let theirs = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: buyer.cookie }));
    expect(theirs.body.waiting.offers).toEqual([]);

    // The seller counters: now it waits on the buyer, not on the seller.
    const countered = await post(
      `/v2/profile/offers/${offer.id}`,
      { intent: "counter", pricePerPoint: "152" },
      sCookie,
      { offerId: String(offer.id) },
    );
    expect(countered.status).toBe(303);
    theirs = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: buyer.cookie }));
    expect(theirs.body.waiting.offers).toEqual([
      expect.objectContaining({ offerId: offer.id, title: "Answer the seller's counter-offer", totalCents: 2_432_000 }),
    ]);
    const after = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: sCookie }));
    expect(after.body.waiting.offers).toEqual([]);

    // The buyer accepts the counter: the contract to sign is an agreement step once it goes out for signature.
    const acceptedByBuyer = await post(
      `/v2/profile/offers/${offer.id}`,
      { intent: "accept", confirm: "yes" },
      buyer.cookie,
      { offerId: String(offer.id) },
    );
    expect(acceptedByBuyer.status).toBe(303);
    const [a] = await db.select().from(agreements).where(eq(agreements.offerId, offer.id));
    await db.update(agreements).set({ status: "out_for_signature" }).where(eq(agreements.id, a.id));
    const toSign = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: buyer.cookie }));
    expect(toSign.body.waiting.agreements).toEqual([
      expect.objectContaining({ agreementId: a.id, kind: "sign", title: "Sign the purchase agreement", dueAt: null }),
    ]);
    // The deposit due, with its deadline, for the buyer only.
    const due = new Date(Date.now() + 72 * 3_600_000);
    await db.update(agreements).set({ status: "deposit_due", depositDueAt: due }).where(eq(agreements.id, a.id));
    const deposit = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: buyer.cookie }));
    expect(deposit.body.waiting.agreements).toEqual([
      expect.objectContaining({ agreementId: a.id, kind: "deposit", dueAt: due.toISOString() }),
    ]);
    const sellerSide = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: sCookie }));
    expect(sellerSide.body.waiting.agreements).toEqual([]);

    // An addendum out for signature waits on each side until that side signs it.
    await db.update(agreements).set({ status: "deposit_received" }).where(eq(agreements.id, a.id));
    await db.insert(agreementAddenda).values({
      agreementId: a.id,
      number: 1,
      title: "Corrected use year",
      text: "The use year is October.",
      buyerSignedAt: new Date(),
      status: "signed_by_buyer",
    });
    const addendum = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: sCookie }));
    expect(addendum.body.waiting.agreements).toEqual([
      expect.objectContaining({
        kind: "addendum",
        title: "Sign addendum 1: Corrected use year",
        path: `/v2/profile/agreements/${a.id}/addenda/1/sign`,
      }),
    ]);
    const buyerSigned = await callRoute(overviewLoader as never, makeRequest("/v2/profile", { cookie: buyer.cookie }));
    expect(buyerSigned.body.waiting.agreements).toEqual([]);
  });
});
