import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offers, user, userSettings } from "~/db/schema";
import { withdrawOffer } from "~/modules/offers/offers.server";
import { action as makeOfferAction, loader as makeOfferLoader } from "~/routes/public/make-offer";
import { buildListing, buildUser, FACTORY_PASSWORD, viewerOf } from "../factories";
import { applySetCookies, callRoute, makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

/**
 * The make-offer page's own steps (issue 10): the profile update and address step (bad input is a 4xx naming each
 * field with nothing written; good input is saved to the user and their settings), the acknowledgement of the
 * resale restrictions remembered per listing, and the success modal's `?sent=` flag.
 */
const services = await startTestServices();
const db = services.db;

const seller = await buildUser(db, { role: "seller" });
const listing = await buildListing(db, { seller, resortCode: "BLT", points: 150, pricePerPointCents: 18000 });
const path = `/make-offer/${listing.id}`;
const params = { id: String(listing.id) };

const load = (cookie: string, query = "") =>
  callRoute(makeOfferLoader as never, makeRequest(`${path}${query}`, { cookie }), params);
const post = (form: Record<string, string>, cookie: string) =>
  callRoute(makeOfferAction as never, makeRequest(path, { method: "POST", form, cookie }), params);

const settingsOf = async (userId: string) =>
  (await db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0];
const nameOf = async (userId: string) => (await db.select().from(user).where(eq(user.id, userId)))[0].name;
const offersOf = (buyerId: string) => db.select().from(offers).where(eq(offers.buyerId, buyerId));

async function newBuyer() {
  const row = await buildUser(db);
  return { row, cookie: await sessionCookieFor(services, row.email, FACTORY_PASSWORD) };
}

const goodDetails = {
  intent: "details",
  name: "Patricia Q. Tester",
  phoneNumber: "(407) 555-0123",
  addressLine1: "1 Main Street",
  addressLine2: "",
  city: "Orlando",
  state: "FL",
  postalCode: "32801",
  country: "US",
};

const offerForm = (buyerName: string) => ({
  intent: "offer",
  pricePerPoint: "175",
  financing: "cash",
  deedNames: buyerName,
  duesPaidBy: "",
  closingCostsPaidBy: "",
});

describe("the make-offer page's address step", () => {
  it("asks for the missing details first and refuses an offer until they are given", async () => {
    const { row, cookie } = await newBuyer();
    const page = await load(cookie);
    expect(page.body.who).toBe("buyer");
    expect(page.body.buyer.contact.missing).toEqual(["phoneNumber", "address"]);
    expect(page.body.buyer.contact.values.name).toBe(row.name);

    const refused = await post({ ...offerForm(row.name), understood: "on" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/legal name, phone number and mailing address/);
    expect(await offersOf(row.id)).toHaveLength(0);
  });

  it("answers bad details with a 400 naming each field, and writes nothing", async () => {
    const { row, cookie } = await newBuyer();
    const before = await settingsOf(row.id);
    const bad = await post(
      {
        intent: "details",
        name: "",
        phoneNumber: "12",
        addressLine1: "1 Main\u0007 Street",
        city: "",
        state: "",
        postalCode: "ABCDE",
        country: "US",
      },
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please correct the highlighted fields.");
    expect(Object.keys(bad.body.fields).sort()).toEqual(
      ["addressLine1", "city", "name", "phoneNumber", "postalCode", "state"].sort(),
    );
    expect(bad.body.fields.name[0]).toMatch(/legal name/);
    expect(bad.body.fields.phoneNumber[0]).toMatch(/could not read this phone number/);
    expect(bad.body.fields.addressLine1[0]).toMatch(/control characters/);
    expect(bad.body.fields.postalCode[0]).toMatch(/ZIP code/);
    // What was typed comes back for the form.
    expect(bad.body.values.phoneNumber).toBe("12");

    // One bad field among good ones: still nothing written.
    const oneBad = await post({ ...goodDetails, phoneNumber: "555-0123" }, cookie);
    expect(oneBad.status).toBe(400);
    expect(Object.keys(oneBad.body.fields)).toEqual(["phoneNumber"]);
    expect(await settingsOf(row.id)).toEqual(before);
    expect(await nameOf(row.id)).toBe(row.name);
    expect((await load(cookie)).body.buyer.contact.missing).toEqual(["phoneNumber", "address"]);
  });

  it("saves good details to the account (a US phone in E.164) and goes on to the offer", async () => {
    const { row, cookie } = await newBuyer();
    const saved = await post(goodDetails, cookie);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    expect(await nameOf(row.id)).toBe("Patricia Q. Tester");
    expect(await settingsOf(row.id)).toMatchObject({
      phoneNumber: "+14075550123",
      addressLine1: "1 Main Street",
      addressLine2: null,
      city: "Orlando",
      state: "FL",
      postalCode: "32801",
      country: "US",
    });
    expect((await load(cookie)).body.buyer.contact.missing).toEqual([]);
  });

  it("takes an international phone number and address", async () => {
    const { row, cookie } = await newBuyer();
    const saved = await post(
      {
        ...goodDetails,
        phoneNumber: "+44 20 7946 0958",
        addressLine1: "10 Downing Street",
        city: "London",
        state: "Greater London",
        postalCode: "SW1A 2AA",
        country: "GB",
      },
      cookie,
    );
    expect(saved.status).toBe(303);
    expect(await settingsOf(row.id)).toMatchObject({ phoneNumber: "+442079460958", country: "GB" });
  });
});

describe("the resale restrictions acknowledgement and the success modal", () => {
  it("remembers the acknowledgement per listing and buyer, and shows the sent offer", async () => {
    const { row, cookie: signedIn } = await newBuyer();
    expect((await post(goodDetails, signedIn)).status).toBe(303);
    let cookie = signedIn;
    expect((await load(cookie)).body.buyer.understood).toBe(false);

    const notUnderstood = await post(offerForm(row.name), cookie);
    expect(notUnderstood.status).toBe(400);
    expect(notUnderstood.body.fields.understood[0]).toMatch(/Tick the box/);

    const sent = await post({ ...offerForm(row.name), understood: "on" }, cookie);
    expect(sent.status).toBe(303);
    const [first] = await offersOf(row.id);
    expect(sent.location).toBe(`${path}?sent=${first.id}`);
    // One confirmation (issue 27): the page it leads to restates the offer; no toast besides.
    expect(sent.headers.getSetCookie().some((c) => c.startsWith("vpm_flash="))).toBe(false);
    cookie = applySetCookies(cookie, sent.headers.getSetCookie());

    // The success modal: the offer, its expiry and the hours the seller has.
    const success = await load(cookie, `?sent=${first.id}`);
    expect(success.body.buyer.sent).toMatchObject({
      offerId: first.id,
      hours: 48,
      points: first.points,
      pricePerPointCents: first.pricePerPointCents,
      totalCents: Number(first.totalCents),
    });
    expect(success.body.buyer.sent.expiresAt).toBe(first.expiresAt.toISOString());
    // A made-up or someone else's offer shows no success.
    expect((await load(cookie, "?sent=99999999")).body.buyer.sent).toBeNull();
    expect((await load(cookie, "?sent=abc")).body.buyer.sent).toBeNull();

    // A second offer on the same listing (after withdrawing the first) does not ask again.
    await withdrawOffer(services, { actor: viewerOf(row), input: { offerId: first.id } });
    expect((await load(cookie)).body.buyer.understood).toBe(true);
    const again = await post(offerForm(row.name), cookie);
    expect(again.status).toBe(303);
    expect(await offersOf(row.id)).toHaveLength(2);

    // Another listing still asks; so does another buyer in the same browser.
    const other = await buildListing(db, { seller, resortCode: "BLT", points: 150, pricePerPointCents: 18000 });
    const otherPage = await callRoute(makeOfferLoader as never, makeRequest(`/make-offer/${other.id}`, { cookie }), {
      id: String(other.id),
    });
    expect(otherPage.body.buyer.understood).toBe(false);
    const someoneElse = await newBuyer();
    const remembered = cookie
      .split(";")
      .map((c) => c.trim())
      .find((c) => c.startsWith("vpm_offer_understood="));
    expect(remembered).toBeDefined();
    const theirs = await load(`${someoneElse.cookie}; ${remembered}`);
    expect(theirs.body.buyer.understood).toBe(false);
    expect(theirs.body.buyer.sent).toBeNull();
    expect((await load(`${someoneElse.cookie}`, `?sent=${first.id}`)).body.buyer.sent).toBeNull();
  });
});
