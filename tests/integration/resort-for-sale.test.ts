import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, resorts } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { loader } from "~/routes/public/resort";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

async function resortPage(slug: string) {
  const res = await callRoute(loader as never, makeRequest(`/resorts/${slug}`), { resort: slug });
  expect(res.status).toBe(200);
  return res.body as {
    forSale: {
      total: number;
      lowestCents: number | null;
      highestCents: number | null;
      listings: { id: number; resortCode: string; score: number | null; pricePerPointCents: number; href: string }[];
    } | null;
  };
}

describe("a resort page's listings for sale", () => {
  it("counts the resort's active listings, gives their price range and the two best scored", async () => {
    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    const active = await db
      .select()
      .from(listings)
      .where(eq(listings.resortId, akv.id))
      .then((rows) => rows.filter((l) => l.listingStatusId === LISTING_STATUS.active && !l.isTest));
    expect(active.length).toBeGreaterThan(2);
    const { forSale } = await resortPage("animal-kingdom");
    expect(forSale?.total).toBe(active.length);
    expect(forSale?.lowestCents).toBe(Math.min(...active.map((l) => l.pricePerPointCents)));
    expect(forSale?.highestCents).toBe(Math.max(...active.map((l) => l.pricePerPointCents)));
    expect(forSale?.listings).toHaveLength(2);
    expect(forSale?.listings.every((l) => l.resortCode === "AKV")).toBe(true);
    const best = Math.max(...active.map((l) => l.score ?? -1));
    expect(forSale?.listings[0].score).toBe(best);
    expect(forSale?.listings[0].href).toMatch(/^\/(listing-info|broker-listings)\/\d+$/);
  });

  it("a resort with nothing listed says so (and a withdrawn listing is not counted)", async () => {
    const [akv] = await db.select().from(resorts).where(eq(resorts.code, "AKV"));
    await db.update(listings).set({ listingStatusId: LISTING_STATUS.deactivated }).where(eq(listings.resortId, akv.id));
    const { forSale } = await resortPage("animal-kingdom");
    expect(forSale).toMatchObject({ total: 0, lowestCents: null, highestCents: null, listings: [] });
  });

  it("the interval-resorts page has no listings section", async () => {
    expect((await resortPage("interval-resorts")).forSale).toBeNull();
  });
});
