import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Embed as BrokerEmbed } from "~/components/content/embed-broker-comparison";
import { Embed as CommissionEmbed } from "~/components/content/embed-commission-table";
import { Embed as MedianEmbed } from "~/components/content/embed-median-days-on-market";
import { agreements, listings, sales, settings } from "~/db/schema";
import { load as loadBrokers } from "~/modules/content/embeds/broker-comparison.server";
import { load as loadCommission } from "~/modules/content/embeds/commission-table.server";
import { load as loadMedian } from "~/modules/content/embeds/median-days-on-market.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { buildBroker, buildListing, buildOffer } from "../factories";
import { startTestServices } from "../fixtures/services";

// Issue 32 (decision 0079): the three content embeds compute their figures from the product's own data.
const services = await startTestServices();
const db = services.db;

const DAY = 86_400_000;
/** A "now" years ahead, so the twelve-month window holds only this file's sales. */
const NOW = new Date("2031-06-01T12:00:00Z");
const daysBefore = (d: Date, n: number) => new Date(d.getTime() - n * DAY);

/** A closed sale: listed `onMarket` days before the agreement, closed `toClose` days after it, `closedDaysAgo` before NOW. */
async function buildSale(o: {
  code: string;
  points: number;
  price: number;
  onMarket: number;
  toClose: number;
  closedDaysAgo: number;
  isTest?: boolean;
}) {
  const closedAt = daysBefore(NOW, o.closedDaysAgo);
  const agreedAt = daysBefore(closedAt, o.toClose);
  const postedAt = daysBefore(agreedAt, o.onMarket);
  const listing = await buildListing(db, {
    resortCode: o.code,
    points: o.points,
    pricePerPointCents: o.price,
    status: LISTING_STATUS.sold,
    isTest: o.isTest,
  });
  await db.update(listings).set({ postedAt }).where(eq(listings.id, listing.id));
  const offer = await buildOffer(db, { listing, status: "accepted", pricePerPointCents: o.price });
  const [agreement] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: listing.id,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing.resortId,
      useMonth: 2,
      points: o.points,
      pricePerPointCents: o.price,
      totalCents: o.price * o.points,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: offer.deedNames,
      status: "closed",
      createdAt: agreedAt,
    })
    .returning();
  await db.insert(sales).values({
    agreementId: agreement.id,
    listingId: listing.id,
    resortId: listing.resortId,
    points: o.points,
    useMonth: 2,
    pricePerPointCents: o.price,
    daysToClose: o.toClose,
    rofrResult: "waived",
    closedAt,
  });
}

// Bay Lake Tower: on market 10, 20, 40 days; to close 50, 60, 70; listed to closed 60, 80, 110.
await buildSale({ code: "BLT", points: 100, price: 15_000, onMarket: 10, toClose: 50, closedDaysAgo: 30 });
await buildSale({ code: "BLT", points: 200, price: 15_000, onMarket: 40, toClose: 70, closedDaysAgo: 60 });
await buildSale({ code: "BLT", points: 150, price: 10_000, onMarket: 20, toClose: 60, closedDaysAgo: 90 });
// Animal Kingdom: on market 5 and 15 (median 10); to close 30 and 41 (35.5, rounded 36); listed to closed 35, 56 (45.5 -> 46).
await buildSale({ code: "AKV", points: 100, price: 12_000, onMarket: 5, toClose: 30, closedDaysAgo: 100 });
await buildSale({ code: "AKV", points: 160, price: 12_500, onMarket: 15, toClose: 41, closedDaysAgo: 200 });
// Left out: closed 400 days before NOW (outside the twelve months), and a test listing's sale.
await buildSale({ code: "BLT", points: 100, price: 1_000, onMarket: 500, toClose: 500, closedDaysAgo: 400 });
await buildSale({
  code: "BLT",
  points: 100,
  price: 1_000,
  onMarket: 900,
  toClose: 900,
  closedDaysAgo: 10,
  isTest: true,
});

async function setFees(bps: number, minimumCents: number) {
  for (const [key, value] of [
    ["admin_fee_commission_bps", bps],
    ["admin_fee_commission_minimum_cents", minimumCents],
  ] as const)
    await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);

describe("the median-days-on-market embed", () => {
  it("gives the medians of the last twelve months' own sales, overall and per resort", async () => {
    const data = await loadMedian(db, NOW);
    expect(data.to).toBe("2031-06-01");
    expect(data.from).toBe("2030-06-01");
    // All five: on market [5, 10, 15, 20, 40]; to close [30, 41, 50, 60, 70]; listed to closed [35, 56, 60, 80, 110].
    expect(data.all).toEqual({ sales: 5, daysOnMarket: 15, daysToClose: 50, daysListingToClose: 60 });
    expect(
      data.byResort.map((r) => [r.resortCode, r.sales, r.daysOnMarket, r.daysToClose, r.daysListingToClose]),
    ).toEqual([
      ["BLT", 3, 20, 60, 80],
      ["AKV", 2, 10, 36, 46],
    ]);
  });

  it("renders an accessible table of them, and a plain note when there are no sales", async () => {
    const out = html(createElement(MedianEmbed, { data: await loadMedian(db, NOW) }));
    expect(out).toContain("<caption");
    expect(out).toContain("Median days to sell on this marketplace");
    expect(out.match(/<th scope="col"/g)).toHaveLength(5);
    expect(out.match(/<th scope="row"/g)).toHaveLength(3);
    expect(out).toMatch(
      /All resorts.*?<td[^>]*>5<\/td><td[^>]*>15 days<\/td><td[^>]*>50 days<\/td><td[^>]*>60 days<\/td>/,
    );
    expect(out).toContain('href="/resorts/');
    const none = html(createElement(MedianEmbed, { data: await loadMedian(db, new Date("2040-01-01T00:00:00Z")) }));
    expect(none).not.toContain("<table");
    expect(none).toContain("no median of our own to show yet");
  });
});

describe("the commission-table embed", () => {
  it("works the site's commission out on the example prices as the closing statement does, minimum included", async () => {
    await setFees(750, 100_000); // 7.5%, at least $1,000
    const data = await loadCommission(db);
    expect(data.percent).toBe(7.5);
    expect(data.minimumCents).toBe(100_000);
    expect(data.examples.map((e) => [e.priceCents, e.commissionCents, e.atMinimum, e.afterCommissionCents])).toEqual([
      [500_000, 100_000, true, 400_000],
      [1_000_000, 100_000, true, 900_000],
      [2_000_000, 150_000, false, 1_850_000],
      [3_000_000, 225_000, false, 2_775_000],
      [5_000_000, 375_000, false, 4_625_000],
    ]);
    const out = html(createElement(CommissionEmbed, { data }));
    expect(out).toContain("Our commission: 7.5% of the sale price, at least $1,000");
    expect(out.match(/<th scope="col"/g)).toHaveLength(3);
    expect(out).toContain("$1,000 (the minimum)");
    expect(out).toContain("$2,250");
  });

  it("follows the setting when an administrator changes it", async () => {
    await setFees(800, 0);
    const data = await loadCommission(db);
    expect(data.examples.map((e) => e.commissionCents)).toEqual([40_000, 80_000, 160_000, 240_000, 400_000]);
    expect(html(createElement(CommissionEmbed, { data }))).toContain("Our commission: 8% of the sale price<");
  });
});

describe("the broker-comparison embed", () => {
  it("lists the active brokers with their stated commission, worked out on the median sale where it is a plain figure", async () => {
    await setFees(750, 100_000);
    const alpha = await buildBroker(db, { name: "Alpha Embed Brokers", commissionText: "9%" });
    const beta = await buildBroker(db, { name: "Beta Embed Brokers", commissionText: "$1,500" });
    await buildBroker(db, { name: "Gamma Embed Brokers", commissionText: "10% with a $2,000 minimum" });
    await buildBroker(db, { name: "Delta Embed Brokers", commissionText: "5%", isActive: false });
    await buildListing(db, { broker: alpha });
    await buildListing(db, { broker: alpha });
    await buildListing(db, { broker: alpha, isTest: true });
    await buildListing(db, { broker: alpha, status: LISTING_STATUS.sold });
    await buildListing(db, { broker: beta });

    const data = await loadBrokers(db, NOW);
    expect(data.siteName).toBe("Vacation Points Market");
    // Totals in the window: $15,000, $30,000, $15,000, $12,000, $20,000 -> median $15,000.
    expect(data.example).toEqual({ priceCents: 1_500_000, sales: 5 });
    expect(data.ours).toEqual({ percent: 7.5, minimumCents: 100_000, exampleCommissionCents: 112_500 });
    const mine = data.brokers.filter((b) => b.name.endsWith("Embed Brokers"));
    expect(mine.map((b) => [b.name, b.activeListings, b.exampleCommissionCents])).toEqual([
      ["Alpha Embed Brokers", 2, 135_000],
      ["Beta Embed Brokers", 1, 150_000],
      ["Gamma Embed Brokers", 0, null],
    ]);

    const out = html(createElement(BrokerEmbed, { data }));
    expect(out).toContain("<caption");
    expect(out).toContain("On a $15,000 sale");
    expect(out).toContain("Vacation Points Market (listing with us)");
    expect(out).toMatch(/Alpha Embed Brokers<\/a><\/th><td[^>]*>9%<\/td><td[^>]*>2<\/td><td[^>]*>\$1,350<\/td>/);
    expect(out).toMatch(
      /Gamma Embed Brokers<\/a><\/th><td[^>]*>10% with a \$2,000 minimum<\/td><td[^>]*>0<\/td><td[^>]*>Not a plain figure/,
    );
    expect(out).not.toContain("Delta Embed Brokers");
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it("drops the example column when nothing sold in the last twelve months", async () => {
    const data = await loadBrokers(db, new Date("2040-01-01T00:00:00Z"));
    expect(data.example).toBeNull();
    expect(data.ours.exampleCommissionCents).toBeNull();
    const out = html(createElement(BrokerEmbed, { data }));
    expect(out).not.toContain(" sale</th>");
    expect(out.match(/<th scope="col"/g)).toHaveLength(3);
  });
});

describe("the median-days-on-market embed's medians, taken in the database", () => {
  it("counts a day on market as Math.round does (half a day up, none below 0) and averages the two middle values", async () => {
    // Four sales at VGF in a window of their own (closed 1,600-1,700 days before NOW).
    const THEN = daysBefore(NOW, 1_500);
    await buildSale({ code: "VGF", points: 100, price: 7_001, onMarket: 10, toClose: 20, closedDaysAgo: 1_600 });
    await buildSale({ code: "VGF", points: 100, price: 7_002, onMarket: 3, toClose: 31, closedDaysAgo: 1_610 });
    await buildSale({ code: "VGF", points: 100, price: 7_003, onMarket: 0, toClose: 40, closedDaysAgo: 1_620 });
    await buildSale({ code: "VGF", points: 100, price: 7_004, onMarket: 20, toClose: 26, closedDaysAgo: 1_630 });
    const shift = async (price: number, ms: number) =>
      db
        .update(listings)
        .set({ postedAt: sql`${listings.postedAt} + make_interval(secs => ${ms / 1000})` })
        .where(eq(listings.pricePerPointCents, price));
    await shift(7_001, -12 * 3_600_000); // 10.5 days: 11
    await shift(7_002, 12 * 3_600_000); // 2.5 days: 3
    await shift(7_003, 86_400_000); // posted after the agreement: 0
    const data = await loadMedian(db, THEN);
    // On market [0, 3, 11, 20]: 7; to close [20, 26, 31, 40]: 28.5, rounded 29; listed to closed [31, 34, 40, 46]: 37.
    expect(data.all).toEqual({ sales: 4, daysOnMarket: 7, daysToClose: 29, daysListingToClose: 37 });
    expect(data.byResort.map((r) => [r.resortCode, r.sales, r.daysOnMarket, r.daysToClose])).toEqual([
      ["VGF", 4, 7, 29],
    ]);
  });
});
