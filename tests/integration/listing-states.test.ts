// Issue 27: a listing under contract or sold keeps its page (200, its state, no offer), its parties see their deal.
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { adminNotifications, agreementDocuments, agreements, resorts, sales, user } from "~/db/schema";
import { answerRofr, closeAgreement } from "~/modules/agreements/agreements.server";
import { ListingDetailView, ListingJsonLd, listingPageMeta } from "~/modules/listings/ui/listing-detail";
import { listingName } from "~/modules/listings/listing-name";
import { notifyListingReview } from "~/modules/notifications/listing-notification.server";
import { acceptOffer } from "~/modules/offers/offers.server";
import { loader as infoLoader } from "~/routes/public/listing-info";
import { loader as listingsLoader } from "~/routes/public/listings";
import { loader as resortLoader } from "~/routes/public/resort";
import { buildListing, buildOffer } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

const admin = await demoParty(services, "admin@example.com");
const seller = await demoParty(services, "seller@example.com");
const buyer = await demoParty(services, "buyer2@example.com");
const other = await demoParty(services, "buyer@example.com");

/** A fresh listing of the demo seller with an offer by the demo buyer 2, accepted: under contract. */
async function underContract(
  points = 160,
  pricePerPointCents = 15_000,
  opts: { offerCents?: number; resortCode?: string } = {},
) {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    points,
    pricePerPointCents,
    resortCode: opts.resortCode,
  });
  const offer = await buildOffer(db, {
    listing,
    buyer: buyer.row as never,
    pricePerPointCents: opts.offerCents ?? pricePerPointCents,
  });
  const accepted = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  return { listing, agreementId: accepted.agreementId as number };
}

/** Closes an agreement the back office's way (closing documents out, the deed on file): the listing is sold. */
async function close(agreementId: number) {
  await db.update(agreements).set({ status: "closing_documents_out" }).where(eq(agreements.id, agreementId));
  await db.insert(agreementDocuments).values({
    agreementId,
    kind: "deed",
    storageKey: `agreements/${agreementId}/deed.pdf`,
    fileName: "deed.pdf",
    byteSize: 1234,
    sha256: "0".repeat(64),
  });
  await closeAgreement(services, { actor: admin.viewer, input: { agreementId } });
}

const load = (id: number, cookie?: string) =>
  callRoute(infoLoader as never, makeRequest(`/listing-info/${id}`, { cookie }), { id: String(id) });

/** The page as the server renders it (the view and its JSON-LD), for the loader's data, below a shell of a visitor. */
function render(data: { listing: never; origin: string }) {
  const Page = () =>
    createElement(
      "div",
      null,
      createElement(ListingJsonLd, data),
      createElement(ListingDetailView, { listing: data.listing, aside: createElement("p", null, "ASIDE") }),
    );
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: Page, loader: () => SHELL }]);
  return renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { root: SHELL } } }));
}
/** What the listing page's buttons read from the shell: a visitor with no favorites and nothing to compare. */
const SHELL = { viewer: null, favoriteIds: [], compareIds: [] };
/** The page's own Make an offer (the similar listings' cards name their listing after it). */
const OWN_OFFER = /Make an offer<\/a>/;

const availabilityOf = (html: string) => html.match(/"availability":"([^"]+)"/)?.[1];

describe("a listing under contract", () => {
  it("answers 200 to everyone with its state and facts, no offer, and the deal link only for its parties", async () => {
    const { listing, agreementId } = await underContract();
    const dealHref = `/v2/profile/agreements/${agreementId}`;

    for (const cookie of [undefined, other.cookie, buyer.cookie, seller.cookie, admin.cookie]) {
      const res = await load(listing.id, cookie);
      expect(res.status).toBe(200);
      expect(res.body.listing.visibility).toBe("underContract");
      expect(res.body.listing.market).toBe("under-contract");
      expect(res.body.listing.contractPoints).toBe(160);
    }

    const anonymous = await load(listing.id);
    expect(anonymous.body.listing.deal).toBeNull();
    expect((await load(listing.id, other.cookie)).body.listing.deal).toBeNull();
    expect((await load(listing.id, admin.cookie)).body.listing.deal).toBeNull();
    expect((await load(listing.id, buyer.cookie)).body.listing.deal).toEqual({ side: "buyer", href: dealHref });
    expect((await load(listing.id, seller.cookie)).body.listing.deal).toEqual({ side: "seller", href: dealHref });

    const html = render(anonymous.body);
    expect(html).toContain("Under contract");
    expect(html).not.toMatch(OWN_OFFER);
    expect(html).not.toContain(dealHref);
    expect(html).toContain("160 points at");
    expect(availabilityOf(html)).toBe("https://schema.org/LimitedAvailability");

    const buyersPage = render((await load(listing.id, buyer.cookie)).body);
    expect(buyersPage).toContain(`href="${dealHref}"`);
    expect(buyersPage).toContain("Go to your purchase agreement");
    const sellersPage = render((await load(listing.id, seller.cookie)).body);
    expect(sellersPage).toContain("Go to your sale agreement");

    const meta = listingPageMeta(anonymous.body);
    expect(meta.find((t) => "title" in t)?.title).toMatch(/^Under contract: 160 points at/);
    expect(meta.some((t) => t.name === "robots")).toBe(false);
  });

  it("a listing for sale still says InStock and has its Make an offer", async () => {
    const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
    const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 120 });
    const res = await load(listing.id);
    expect(res.status).toBe(200);
    expect(res.body.listing.market).toBe("for-sale");
    const html = render(res.body);
    expect(html).toMatch(OWN_OFFER);
    expect(availabilityOf(html)).toBe("https://schema.org/InStock");
  });
});

describe("a sold listing", () => {
  it("bought back by Disney: 200, the ROFR state, the price it closed at, SoldOut, deal link for its parties only", async () => {
    const { listing, agreementId } = await underContract(180, 14_250);
    await db
      .update(agreements)
      .set({ status: "rofr_submitted", depositCents: 250_000 })
      .where(eq(agreements.id, agreementId));
    await answerRofr(services, { actor: admin.viewer, input: { agreementId, result: "exercised" } });

    const anonymous = await load(listing.id);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.listing.visibility).toBe("sold");
    expect(anonymous.body.listing.market).toBe("bought-back");
    expect(anonymous.body.listing.sale).toMatchObject({ pricePerPointCents: 14_250, rofr: "exercised" });
    expect(anonymous.body.listing.deal).toBeNull();
    const html = render(anonymous.body);
    expect(html).toContain("Bought back by Disney (ROFR)");
    expect(html).toContain("$142.50/pt");
    expect(html).not.toMatch(OWN_OFFER);
    expect(availabilityOf(html)).toBe("https://schema.org/SoldOut");

    expect((await load(listing.id, other.cookie)).body.listing.deal).toBeNull();
    expect((await load(listing.id, buyer.cookie)).body.listing.deal?.href).toBe(
      `/v2/profile/agreements/${agreementId}`,
    );
    expect((await load(listing.id, seller.cookie)).body.listing.deal?.side).toBe("seller");
  });

  it("sold when its agreement closed: the Sold state", async () => {
    const { listing, agreementId } = await underContract(200, 16_000);
    await close(agreementId);

    const res = await load(listing.id);
    expect(res.status).toBe(200);
    expect(res.body.listing.market).toBe("sold");
    const html = render(res.body);
    expect(html).toMatch(/>Sold</);
    expect(html).toContain("$160/pt");
    expect(availabilityOf(html)).toBe("https://schema.org/SoldOut");
    expect(html).not.toMatch(OWN_OFFER);
  });
});

describe("/listings with listings no longer for sale (status)", () => {
  it("shows only listings for sale by default, adds under contract and recently sold ones when asked, with the sold price", async () => {
    const contracted = await underContract(333, 15_000);
    const sold = await underContract(334, 15_000, { offerCents: 14_125 });
    await close(sold.agreementId);
    const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
    const live = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 335 });

    const ids = async (qs: string) => {
      const res = await callRoute(listingsLoader as never, makeRequest(`/listings?${qs}`));
      expect(res.status).toBe(200);
      return res.body.listings as { id: number; state?: string; soldPricePerPointCents?: number | null }[];
    };
    expect((await ids("points=333-335")).map((l) => l.id)).toEqual([live.id]);
    expect((await ids("points=333-335&status=under-contract")).map((l) => l.id).sort()).toEqual(
      [contracted.listing.id, live.id].sort(),
    );
    const withSold = await ids("points=333-335&status=under-contract&status=sold&sort=age-asc");
    expect(withSold.map((l) => l.id)).toEqual([contracted.listing.id, sold.listing.id, live.id]);
    expect(withSold.map((l) => l.state)).toEqual(["under-contract", "sold", "for-sale"]);
    expect(withSold[1].soldPricePerPointCents).toBe(14_125);
    expect(withSold[0].soldPricePerPointCents).toBeNull();

    // The filter form without JavaScript: its fields become the canonical query, the status kept.
    const form = await callRoute(
      listingsLoader as never,
      makeRequest("/listings?from=&points_min=333&points_max=335&status=sold"),
    );
    expect(form.status).toBe(302);
    expect(form.location).toContain("status=sold");

    // A sale closed more than a year ago is not "recent".
    await db
      .update(sales)
      .set({ closedAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(sales.agreementId, sold.agreementId));
    expect((await ids("points=333-335&status=sold")).map((l) => l.id)).toEqual([live.id]);
    // An unknown status is dropped and said so, never an error.
    const odd = await callRoute(listingsLoader as never, makeRequest("/listings?points=333-335&status=gone"));
    expect([200, 302]).toContain(odd.status);
  });
});

describe("a resort page's last sales", () => {
  it("lists the closed sales at the resort, newest first, with points, use year, price per point and date", async () => {
    const before = await callRoute(resortLoader as never, makeRequest("/resorts/x"), { resort: "x" });
    expect(before.status).toBe(404);
    const aulani = await db.select().from(resorts).where(eq(resorts.code, "AUL"));
    const slug = aulani[0].slug;
    const first = await underContract(150, 13_000, { resortCode: "AUL" });
    await close(first.agreementId);
    const second = await underContract(210, 12_500, { resortCode: "AUL", offerCents: 12_000 });
    await close(second.agreementId);
    // A buy-back is not a resale: it is not listed.
    const boughtBack = await underContract(170, 12_800, { resortCode: "AUL" });
    await db
      .update(agreements)
      .set({ status: "rofr_submitted", depositCents: 200_000 })
      .where(eq(agreements.id, boughtBack.agreementId));
    await answerRofr(services, {
      actor: admin.viewer,
      input: { agreementId: boughtBack.agreementId, result: "exercised" },
    });

    const res = await callRoute(resortLoader as never, makeRequest(`/resorts/${slug}`), { resort: slug });
    expect(res.status).toBe(200);
    const last = res.body.lastSales as {
      points: number;
      useMonth: string;
      pricePerPointCents: number;
      closedAt: string;
    }[];
    expect(last.map((s) => s.points).slice(0, 2)).toEqual([210, 150]);
    expect(last[0]).toMatchObject({ useMonth: "February", pricePerPointCents: 12_000 });
    expect(Date.now() - Date.parse(last[0].closedAt)).toBeLessThan(60_000);
    expect(last.some((s) => s.points === 170)).toBe(false);
  });
});

describe("naming a listing (listingName)", () => {
  it("names it by resort and points, the code after, in the administrators' review notification", async () => {
    expect(listingName({ resortName: "Animal Kingdom Villas", contractPoints: 160 })).toBe(
      "Animal Kingdom Villas, 160 points",
    );
    expect(listingName({ resortName: "Aulani", contractPoints: 1, listingCode: "VPM-1" })).toBe(
      "Aulani, 1 point (VPM-1)",
    );
    const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
    const listing = await buildListing(db, {
      seller: { ...sellerRow, role: "seller" } as never,
      points: 175,
      resortCode: "AKV",
    });
    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    const note = await notifyListingReview(db, { actor: seller.viewer, listing, event: "created" });
    expect(note).not.toBeNull();
    const [row] = await db
      .select()
      .from(adminNotifications)
      .where(sql`${adminNotifications.data}->>'listing_id' = ${String(listing.id)}`);
    expect((row.data as { notification: string }).notification).toBe(
      `${seller.viewer.name} listed ${akv.name}, 175 points (${listing.listingCode}): waiting for review.`,
    );
  });
});
