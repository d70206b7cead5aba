import { describe, expect, it } from "vitest";
import { getViewer } from "~/auth/session.server";
import { LISTING_STATUS } from "~/modules/listings/listing-status";
import { listMyInventory } from "~/modules/listings/inventory.server";
import { getListingDetail } from "~/modules/listings/detail.server";
import { buildBroker, buildListing, buildUser, FACTORY_PASSWORD, viewerOf } from "../factories";
import { makeRequest, sessionCookieFor, startTestServices } from "../fixtures/services";

const services = await startTestServices();
const db = services.db;

describe("test factories", () => {
  it("a built user signs in through better-auth and the app knows them", async () => {
    const u = await buildUser(db, { role: "seller", name: "Fay Factory" });
    const cookie = await sessionCookieFor(services, u.email, FACTORY_PASSWORD);
    const viewer = await getViewer(makeRequest("/v2/profile", { cookie }));
    expect(viewer).toMatchObject({ id: u.id, name: "Fay Factory", role: "seller", emailVerified: true });
  });

  it("a built seller's built listing is in the seller's inventory; a broker's listing is public", async () => {
    const seller = await buildUser(db, { role: "seller" });
    const mine = await buildListing(db, { seller, points: 210, pricePerPointCents: 16500 });
    const pending = await buildListing(db, { seller, status: LISTING_STATUS.pending });
    const forSale = await listMyInventory(services, { actor: viewerOf(seller), input: { view: "for-sale" } });
    expect(forSale.rows.map((r) => r.id).sort()).toEqual([mine.id, pending.id].sort());
    const broker = await buildBroker(db);
    const theirs = await buildListing(db, { broker, resortCode: "AKV" });
    const detail = await getListingDetail(services, { actor: null, input: { id: theirs.id } });
    expect(detail.broker?.name).toBe(broker.name);
  });
});
