// Issue 27: a listing under contract or sold keeps its page (200, its state, no offer), its parties see their deal.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { agreementDocuments, agreements, user } from "~/db/schema";
import { answerRofr, closeAgreement } from "~/modules/agreements/agreements.server";
import { ListingDetailView, ListingJsonLd, listingPageMeta } from "~/modules/listings/ui/listing-detail";
import { acceptOffer } from "~/modules/offers/offers.server";
import { loader as infoLoader } from "~/routes/public/listing-info";
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
async function underContract(points = 160, pricePerPointCents = 15_000) {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const listing = await buildListing(db, {
    seller: { ...sellerRow, role: "seller" } as never,
    points,
    pricePerPointCents,
  });
  const offer = await buildOffer(db, { listing, buyer: buyer.row as never, pricePerPointCents });
  const accepted = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  return { listing, agreementId: accepted.agreementId as number };
}

const load = (id: number, cookie?: string) =>
  callRoute(infoLoader as never, makeRequest(`/listing-info/${id}`, { cookie }), { id: String(id) });

/** The page as the server renders it (the view and its JSON-LD), for the loader's data. */
function render(data: { listing: never; origin: string }) {
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ListingJsonLd, data),
      createElement(ListingDetailView, { listing: data.listing, aside: createElement("p", null, "ASIDE") }),
    ),
  );
}

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
    expect(html).not.toContain("Make an offer");
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

  it("a listing for sale still says InStock", async () => {
    const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
    const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 120 });
    const res = await load(listing.id);
    expect(res.status).toBe(200);
    expect(res.body.listing.market).toBe("for-sale");
    // (the full view needs the shell's data for Make an offer: rendering it here would throw, which is why the pages
    // above, rendered without it, prove that no Make an offer is there)
    const html = renderToStaticMarkup(createElement(ListingJsonLd, res.body));
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
    expect(html).not.toContain("Make an offer");
    expect(availabilityOf(html)).toBe("https://schema.org/SoldOut");

    expect((await load(listing.id, other.cookie)).body.listing.deal).toBeNull();
    expect((await load(listing.id, buyer.cookie)).body.listing.deal?.href).toBe(
      `/v2/profile/agreements/${agreementId}`,
    );
    expect((await load(listing.id, seller.cookie)).body.listing.deal?.side).toBe("seller");
  });

  it("sold when its agreement closed: the Sold state", async () => {
    const { listing, agreementId } = await underContract(200, 16_000);
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

    const res = await load(listing.id);
    expect(res.status).toBe(200);
    expect(res.body.listing.market).toBe("sold");
    const html = render(res.body);
    expect(html).toMatch(/>Sold</);
    expect(html).toContain("$160/pt");
    expect(availabilityOf(html)).toBe("https://schema.org/SoldOut");
    expect(html).not.toContain("Make an offer");
  });
});
