import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers, userSettings } from "~/db/schema";
import { action as offerAction, loader as offerLoader } from "~/routes/profile/offer";
import { action as makeOfferAction, loader as makeOfferLoader } from "~/routes/public/make-offer";
import { buildListing, buildUser, FACTORY_PASSWORD } from "../factories";
import { callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

const sellerRow = await buildUser(db, { role: "seller" });
const sellerCookie = await sessionCookieFor(services, sellerRow.email, FACTORY_PASSWORD);
const listing = await buildListing(db, {
  seller: sellerRow,
  resortCode: "BLT",
  points: 150,
  pricePerPointCents: 18000,
});
const offersOf = (buyerId: string) => db.select().from(offers).where(eq(offers.buyerId, buyerId));

const post = (
  fn: unknown,
  path: string,
  form: Record<string, string>,
  cookie: string,
  params: Record<string, string>,
) => callRoute(fn as never, makeRequest(path, { method: "POST", form, cookie }), params);

describe("the make-offer page and an offer's page", () => {
  it("judges the form, asks to confirm a low offer, sends it, and the seller counters from the offer's page", async () => {
    const buyer = await buildUser(db);
    // The contract's details are there (the make-offer page's address step is make-offer-flow.test.ts).
    await db
      .update(userSettings)
      .set({
        buyerLowOfferValue: 10,
        phoneNumber: "+14075550123",
        addressLine1: "1 Main Street",
        city: "Orlando",
        state: "FL",
        postalCode: "32801",
      })
      .where(eq(userSettings.userId, buyer.id));
    const cookie = await sessionCookieFor(services, buyer.email, FACTORY_PASSWORD);
    const path = `/make-offer/${listing.id}`;
    const params = { id: String(listing.id) };

    const page = await callRoute(makeOfferLoader as never, makeRequest(path, { cookie }), params);
    expect(page.body).toMatchObject({ who: "buyer", listing: { id: listing.id, takesOffers: true } });
    expect(page.body.restrictions.map((r: { id: string }) => r.id)).toContain("collections");
    expect((await callRoute(makeOfferLoader as never, makeRequest(path), params)).body.who).toBe("visitor");

    const base = {
      pricePerPoint: "60",
      financing: "cash",
      deedNames: buyer.name,
      duesPaidBy: "",
      closingCostsPaidBy: "",
    };
    const notUnderstood = await post(makeOfferAction, path, base, cookie, params);
    expect(notUnderstood.status).toBe(400);
    expect(notUnderstood.body.fields.understood[0]).toMatch(/Tick the box/);
    const low = await post(makeOfferAction, path, { ...base, understood: "on" }, cookie, params);
    expect(low.status).toBe(422);
    expect(low.body.fields.confirmLow[0]).toMatch(/below/);
    expect(await offersOf(buyer.id)).toHaveLength(0);

    const sent = await post(makeOfferAction, path, { ...base, understood: "on", confirmLow: "on" }, cookie, params);
    expect(sent.status).toBe(303);
    const [offer] = await offersOf(buyer.id);
    expect(sent.location).toBe(`/make-offer/${listing.id}?sent=${offer.id}`);
    expect(offer).toMatchObject({ status: "submitted", pricePerPointCents: 6000, lowOfferConfirmed: true });

    const offerPath = `/v2/profile/offers/${offer.id}`;
    const op = { offerId: String(offer.id) };
    const seen = await callRoute(offerLoader as never, makeRequest(offerPath, { cookie: sellerCookie }), op);
    expect(seen.body.can).toMatchObject({ accept: true, counter: true, decline: true, withdraw: false });
    const stranger = await buildUser(db);
    const strangerCookie = await sessionCookieFor(services, stranger.email, FACTORY_PASSWORD);
    expect((await callRoute(offerLoader as never, makeRequest(offerPath, { cookie: strangerCookie }), op)).status).toBe(
      404,
    );

    const badCounter = await post(
      offerAction,
      offerPath,
      { intent: "counter", pricePerPoint: "abc" },
      sellerCookie,
      op,
    );
    expect(badCounter.status).toBe(400);
    const counter = await post(
      offerAction,
      offerPath,
      {
        intent: "counter",
        pricePerPoint: "175",
        duesPaidBy: "",
        closingCostsPaidBy: "seller",
        message: "Meet me here",
      },
      sellerCookie,
      op,
    );
    expect(counter.status).toBe(303);
    expect((await offersOf(buyer.id))[0]).toMatchObject({
      status: "countered_by_seller",
      pricePerPointCents: 17500,
      closingCostsPaidBy: "seller",
    });
    // Accepting is a confirmation step: without `confirm=yes` the server refuses it (issue 27).
    const unconfirmed = await post(offerAction, offerPath, { intent: "accept" }, cookie, op);
    expect(unconfirmed.status).toBe(422);
    expect((await offersOf(buyer.id))[0].status).toBe("countered_by_seller");
    const accepted = await post(offerAction, offerPath, { intent: "accept", confirm: "yes" }, cookie, op);
    expect(accepted.status).toBe(303);
    expect((await offersOf(buyer.id))[0].status).toBe("accepted");
  });
});
