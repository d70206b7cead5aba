import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "~/db/schema";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { selectComparables } from "~/modules/listings/detail.queries.server";
import { buildListing, buildUser, resortByCode } from "../factories";
import { startTestServices } from "../fixtures/services";

const services = await startTestServices();
const { db } = services;

// A listing page's chart (issue 34): the query reads the nearest listings above and below the listing's points from
// an index instead of sorting every listing of the resort; it must keep exactly what the full sort kept.
describe("a listing page's comparable listings", () => {
  it("are the resort's listings nearest in contract points, ties by id, from both sides, as a full sort gives", async () => {
    const seller = await buildUser(db, { role: "seller" });
    const built = [];
    for (const points of [25, 50, 75, 100, 100, 125, 150, 150, 175, 200, 250, 300])
      built.push(await buildListing(db, { resortCode: "VB", points, seller }));
    await buildListing(db, { resortCode: "VB", points: 125, seller, status: LISTING_STATUS.deactivated });
    await buildListing(db, { resortCode: "VB", points: 125, seller, isTest: true });
    const resort = await resortByCode(db, "VB");

    for (const [pivot, points] of [
      [built[5], 125],
      [built[0], 25],
      [built[11], 300],
      [built[3], 110],
    ] as const) {
      const others = await db
        .select({ id: listings.id, contractPoints: listings.contractPoints })
        .from(listings)
        .where(
          and(
            eq(listings.resortId, resort.id),
            eq(listings.listingStatusId, LISTING_STATUS.active),
            eq(listings.isTest, false),
            ne(listings.id, pivot.id),
          ),
        );
      const fullSort = others
        .sort((a, b) => Math.abs(a.contractPoints - points) - Math.abs(b.contractPoints - points) || a.id - b.id)
        .map((l) => l.id);
      for (const limit of [1, 2, 3, 5, 8, others.length, others.length + 3]) {
        const kept = await selectComparables(db, {
          resortId: resort.id,
          exceptId: pivot.id,
          contractPoints: points,
          limit,
        });
        expect(
          kept.map((l) => l.id),
          `points ${points}, limit ${limit}`,
        ).toEqual(fullSort.slice(0, limit));
      }
    }
  });
});
