import { and, eq, sql } from "drizzle-orm";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { agreements, listings, marketMonthly, resortDues, sales } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { refreshMarketMonthly } from "~/modules/market/market.server";
import CalculatorPage, { loader as calculatorLoader } from "~/routes/public/buying-vacation-point-calculator";
import DuesPage, { loader as duesLoader } from "~/routes/public/dvc-annual-dues";
import ComparePage, { loader as compareLoader } from "~/routes/public/dvc-compare-prices";
import ExpirationPage, { loader as expirationLoader } from "~/routes/public/dvc-expiration-date";
import FinancingPage, { loader as financingLoader } from "~/routes/public/dvc-financing";
import FirptaPage, { loader as firptaLoader } from "~/routes/public/dvc-firpta";
import RetailPage, { loader as retailLoader } from "~/routes/public/dvc-retail-prices";
import HarptaPage, { loader as harptaLoader } from "~/routes/public/harpta";
import MarketPage, { loader as marketLoader } from "~/routes/public/market";
import ResortPage, { loader as resortLoader } from "~/routes/public/resort";
import RvcPage, { loader as rvcLoader } from "~/routes/public/selling-rvc";
import { buildListing, buildOffer, resortByCode } from "../factories";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

// Issue 34: every calculator and chart page has its figures in the HTML the server sends (no JavaScript needed),
// from data this file builds: listings, sales and dues of its own at one resort, read through the precomputed
// market tables after the market refresh.
const services = await startTestServices();
const db = services.db;
const CODE = "BLT";

type Fn = (args: any) => unknown;

/** A page as the server renders it for a visitor: its loader's answer, then its component to static HTML. */
async function page(loader: Fn, Page: ComponentType<any>, path: string, params: Record<string, string> = {}) {
  const res = await callRoute(loader as never, makeRequest(path), params);
  const SHELL = {
    viewer: null,
    favoriteIds: [],
    compareIds: [],
    site: { phone: "(800) 555-0142", email: "hello@vacationpointsmarket.test" },
    page: { own: null },
  };
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(Page, { loaderData: res.body, params, matches: [] }) },
  ]);
  const html = renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { root: SHELL } } }));
  // The visible text, cells separated by one space.
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
  return { status: res.status, body: res.body as any, html, text };
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const now = new Date();
/** The first day of the month two months ago (UTC), its noon, and its label on the market page ("Oct 26"). */
const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
const inMonth = (day: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), day, 12));
const monthLabel = `${MONTH_NAMES[month.getUTCMonth()]} ${String(month.getUTCFullYear()).slice(2)}`;
const DAY = 86_400_000;

/** A closed sale of a listing posted `daysOnMarket` days before its agreement, closed in the month. */
async function buildSale(price: number, points: number, daysOnMarket: number, rofr: "waived" | "exercised") {
  const listing = await buildListing(db, {
    resortCode: CODE,
    pricePerPointCents: price,
    points,
    status: LISTING_STATUS.sold,
  });
  const agreedAt = inMonth(3);
  await db
    .update(listings)
    .set({ postedAt: new Date(agreedAt.getTime() - daysOnMarket * DAY) })
    .where(eq(listings.id, listing.id));
  const offer = await buildOffer(db, { listing, status: "accepted", pricePerPointCents: price });
  const [agreement] = await db
    .insert(agreements)
    .values({
      offerId: offer.id,
      listingId: listing.id,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      resortId: listing.resortId,
      useMonth: 2,
      points,
      pricePerPointCents: price,
      totalCents: price * points,
      duesPaidBy: "buyer",
      closingCostsPaidBy: "buyer",
      financing: "cash",
      deedNames: offer.deedNames,
      status: rofr === "waived" ? "closed" : "rofr_exercised",
      createdAt: agreedAt,
    })
    .returning();
  await db.insert(sales).values({
    agreementId: agreement.id,
    listingId: listing.id,
    resortId: listing.resortId,
    points,
    useMonth: 2,
    pricePerPointCents: price,
    daysToClose: 40,
    rofrResult: rofr,
    closedAt: inMonth(20),
  });
}

let resort: Awaited<ReturnType<typeof resortByCode>>;
const YEAR = now.getUTCFullYear();

beforeAll(async () => {
  resort = await resortByCode(db, CODE);
  // This resort's market is this file's alone: the seed's live listings and sales there go.
  await db
    .update(listings)
    .set({ listingStatusId: LISTING_STATUS.deactivated })
    .where(and(eq(listings.resortId, resort.id), eq(listings.listingStatusId, LISTING_STATUS.active)));
  await db.delete(sales).where(eq(sales.resortId, resort.id));
  // Three sales in the month: $150, $160 and $175 a point; the developer bought back the last.
  await buildSale(15_000, 100, 30, "waived");
  await buildSale(16_000, 150, 50, "waived");
  await buildSale(17_500, 200, 70, "exercised");
  // Three live listings: $121, $122 and $133 a point (median $122).
  for (const price of [12_100, 12_200, 13_300]) await buildListing(db, { resortCode: CODE, pricePerPointCents: price });
  // Dues on record this year: $10.00 a point.
  await db
    .insert(resortDues)
    .values({ resortId: resort.id, year: YEAR, duesPerPointCents: 1_000, source: "Test figure", estimated: false })
    .onConflictDoUpdate({
      target: [resortDues.resortId, resortDues.year],
      set: { duesPerPointCents: 1_000, source: "Test figure", estimated: false },
    });
  await refreshMarketMonthly(db);
});

describe("the market page (/market)", () => {
  it("shows one resort's month from its own sales in the table rows and the chart's summary", async () => {
    const p = await page(marketLoader, MarketPage, `/market?resort=${CODE}`);
    expect(p.status).toBe(200);
    // Prices: the asking median (of the seed's listings posted that month), then the sold median: $160.
    expect(p.text).toMatch(new RegExp(`${monthLabel} \\$[\\d,.]+ \\$160 \\$[\\d,.]+ ours`));
    // Volume: 3 sales, 450 points.
    expect(p.text).toMatch(new RegExp(`${monthLabel} 3 450 \\d+ ours`));
    // Days on market: the median of 30, 50 and 70 days.
    expect(p.text).toContain(`${monthLabel} 50 3 ours`);
    // ROFR: 2 waived, 1 exercised, 33.3%.
    expect(p.text).toContain(`${monthLabel} 2 1 33.3%`);
    // The chart is drawn on the server: an SVG with a point per month.
    expect(p.html).toMatch(/<svg[^>]*aria-labelledby="chart-prices/);
  });

  it("shows every resort together: the month's sales add up across resorts", async () => {
    const p = await page(marketLoader, MarketPage, "/market");
    expect(p.status).toBe(200);
    const [sum] = await db
      .select({ sold: sql<number>`sum(${marketMonthly.soldCount})::int` })
      .from(marketMonthly)
      .where(eq(marketMonthly.month, month.toISOString().slice(0, 10)));
    expect(sum.sold).toBeGreaterThanOrEqual(3);
    expect(p.text).toMatch(new RegExp(`${monthLabel} ${sum.sold.toLocaleString("en-US")} [\\d,]+ [\\d,]+ (ours|demo)`));
  });
});

describe("the price pages", () => {
  it("/dvc-compare-prices: the resort's medians from its live listings and recent sales, and the calculation", async () => {
    const p = await page(compareLoader, ComparePage, `/dvc-compare-prices?resort=${CODE}&points=150&price=&growth=4`);
    expect(p.status).toBe(200);
    expect(p.text).toContain(`${resort.name} `);
    expect(p.text).toContain("$122/pt (3 listings)");
    expect(p.text).toContain("$160/pt (3 sales)");
    // The calculation priced the contract at the median asking price: 150 points at $122.
    expect(p.text).toContain("$18,300");
  });

  it("/dvc-expiration-date: the yearly cost of a point from the median asking price and the dues", async () => {
    const p = await page(expirationLoader, ExpirationPage, "/dvc-expiration-date");
    expect(p.status).toBe(200);
    const row = p.body.rows.find((r: { code: string }) => r.code === CODE);
    expect(row.price).toBe(12_200);
    const yearly = 12_200 / row.yearsLeft + 1_000;
    expect(p.text).toContain(`$${(Math.round(yearly) / 100).toFixed(2)}`);
  });

  it("/dvc-annual-dues: this year's dues for the contract, year by year", async () => {
    const p = await page(duesLoader, DuesPage, `/dvc-annual-dues?resort=${CODE}&points=100&growth=4&month=2`);
    expect(p.status).toBe(200);
    // 100 points at $10.00: $1,000 this year, then 4% more a year: $1,040.
    expect(p.text).toContain("$1,000");
    expect(p.text).toContain("$1,040");
  });

  it("/dvc-retail-prices: the direct price table", async () => {
    const p = await page(retailLoader, RetailPage, "/dvc-retail-prices");
    expect(p.status).toBe(200);
    expect(p.text).toContain(resort.name);
    expect(p.text).toMatch(/\$\d+(\.\d\d)?\/pt|\$\d+(\.\d\d)?/);
  });
});

describe("the calculators", () => {
  it("/selling/rvc: the estimate and its range", async () => {
    const p = await page(
      rvcLoader,
      RvcPage,
      `/selling/rvc?resort=${resort.id}&points=150&useMonth=2&banked=0&current=150&next=150`,
    );
    expect(p.status).toBe(200);
    const a = p.body.answer;
    expect(a.estimateCents).not.toBeNull();
    expect(p.html).toMatch(/data-testid="rvc-estimate">\$[\d,.]+\/pt</);
    expect(p.text).toContain(
      `Estimate $${(a.estimateCents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`,
    );
  });

  it("/dvc-financing: the monthly payment", async () => {
    // $20,000, 10% down, 12% a year over 10 years: $18,000 at 1% a month for 120 months, $258.25 a month (258.2473).
    const p = await page(financingLoader, FinancingPage, "/dvc-financing?price=20000&down=10&rate=12&years=10");
    expect(p.status).toBe(200);
    expect(p.text).toContain("$258.25");
  });

  it("/dvc-firpta and /harpta: the amount withheld", async () => {
    const firpta = await page(firptaLoader, FirptaPage, "/dvc-firpta?calc=1&price=20000&foreign=on");
    expect(firpta.status).toBe(200);
    expect(firpta.text).toContain("$3,000"); // 15% of $20,000
    const harpta = await page(harptaLoader, HarptaPage, "/harpta?calc=1&price=20000&aulani=on&nonresident=on");
    expect(harpta.status).toBe(200);
    expect(harpta.text).toContain("$1,450"); // 7.25% of $20,000
  });

  it("/buying-vacation-point-calculator: the nights and their total", async () => {
    const vgc = await resortByCode(db, "VGC");
    const p = await page(
      calculatorLoader,
      CalculatorPage,
      `/buying-vacation-point-calculator?resort=${vgc.slug}&room=deluxe-studio&view=standard&checkIn=${YEAR + 1}-09-28&checkOut=${YEAR + 1}-10-03`,
    );
    expect(p.status).toBe(200);
    const r = p.body.result;
    expect(r.nights).toHaveLength(5);
    expect(p.text).toContain(`Total ${r.total}`);
    for (const n of r.nights as { points: number; seasonName: string }[])
      expect(p.text).toContain(`${n.seasonName} ${n.points}`);
  });
});

describe("the resort page", () => {
  it("shows the last sales and the month's median sold price from this file's sales", async () => {
    const p = await page(resortLoader, ResortPage, `/resorts/${resort.slug}`, { resort: resort.slug });
    expect(p.status).toBe(200);
    // The last sales (the developer's buy-back is not a resale): newest first.
    const closed = inMonth(20).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "America/New_York" });
    expect(p.text).toContain(
      `Last sales at ${resort.name} Closed Points Use year Price per point ${closed} 150 points February $160/pt ${closed} 100 points February $150/pt`,
    );
    // The price trend's table: the month's median sold price of the two resales, $155.
    const long = inMonth(20).toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    expect(p.text).toMatch(new RegExp(`${long} (\\$[\\d,.]+/pt \\(\\d+\\)|–) \\$155/pt \\(2\\)`));
  });
});

describe("the precomputed market", () => {
  it("the price pages read the hourly figures: a new listing counts from the next refresh", async () => {
    const path = `/dvc-compare-prices?resort=${CODE}&points=150&price=&growth=4`;
    await buildListing(db, { resortCode: CODE, pricePerPointCents: 50_000 });
    expect((await page(compareLoader, ComparePage, path)).text).toContain("$122/pt (3 listings)");
    await refreshMarketMonthly(db);
    // The median of $121, $122, $133 and $500: $127.50.
    expect((await page(compareLoader, ComparePage, path)).text).toContain("$127.50/pt (4 listings)");
  });
});
