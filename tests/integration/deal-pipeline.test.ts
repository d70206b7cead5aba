import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, offers, user } from "~/db/schema";
import { acceptOffer } from "~/modules/offers/offers.server";
import { getDealPipeline, lastMonths } from "~/modules/staff/pipeline.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { buildListing, buildOffer } from "../factories";
import { demoParty } from "../fixtures/parties";
import { callRoute, makeRequest, startTestServices } from "../fixtures/services";

/** Issue 33: the admin overview's deal pipeline: offers by state, agreements by step, closings per month. */
const services = await startTestServices();
const db = services.db;
const admin = await demoParty(services, "admin@example.com");
const buyer = await demoParty(services, "buyer@example.com");
const seller = await demoParty(services, "seller@example.com");

/** A fresh listing of the demo seller, an offer by the demo buyer, accepted: an agreement just created. */
async function anAgreement() {
  const [sellerRow] = await db.select().from(user).where(eq(user.id, seller.viewer.id));
  const [buyerRow] = await db.select().from(user).where(eq(user.id, buyer.viewer.id));
  const listing = await buildListing(db, { seller: { ...sellerRow, role: "seller" } as never, points: 160 });
  const offer = await buildOffer(db, { listing, buyer: buyerRow as never, pricePerPointCents: 15000 });
  const accepted = await acceptOffer(services, { actor: seller.viewer, input: { offerId: offer.id } });
  return (await db.select().from(agreements).where(eq(agreements.id, accepted.agreementId)))[0];
}

const barValue = (bars: { key: string; value: number }[], key: string) => bars.find((b) => b.key === key)?.value;

describe("the deal pipeline", () => {
  it("counts offers of the last 30 days by state and agreements under way by step, as the tables hold them", async () => {
    const now = new Date();
    const p = await getDealPipeline(services, { actor: admin.viewer, now });
    const recent = (await db.select().from(offers)).filter(
      (o) => now.getTime() - o.createdAt.getTime() <= 30 * 86_400_000,
    );
    for (const bar of p.offers) expect(bar.value).toBe(recent.filter((o) => o.status === bar.key).length);
    const all = await db.select().from(agreements);
    for (const bar of p.agreements) expect(bar.value).toBe(all.filter((a) => a.status === bar.key).length);
    expect(p.agreements.map((b) => b.key)).not.toContain("closed");
    expect(p.agreements.map((b) => b.key)).not.toContain("cancelled");
    expect(p.agreements[0].label).toBe("Contract being prepared");
  });

  it("puts a deal closed today in this month's bar, with its price, and leaves it out of the steps", async () => {
    const now = new Date();
    await anAgreement();
    const open = await anAgreement();
    const before = await getDealPipeline(services, { actor: admin.viewer, now });
    expect(barValue(before.agreements, "created")).toBeGreaterThanOrEqual(2);
    expect(barValue(before.offers, "accepted")).toBeGreaterThanOrEqual(2);
    await db.update(agreements).set({ status: "closed", closedAt: now }).where(eq(agreements.id, open.id));
    const after = await getDealPipeline(services, { actor: admin.viewer, now });
    expect(after.closedThisMonth.count).toBe(before.closedThisMonth.count + 1);
    expect(after.closedThisMonth.totalCents).toBe(before.closedThisMonth.totalCents + open.totalCents);
    expect(after.closings).toHaveLength(6);
    expect(after.closings[5].key).toBe(lastMonths(now, 1)[0]);
    expect(barValue(after.agreements, "created")).toBe((barValue(before.agreements, "created") ?? 0) - 1);
  });

  it("names six months ending with this one, across a year's end", () => {
    expect(lastMonths(new Date("2027-02-10T12:00:00Z"), 6)).toEqual([
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    // 02:00 UTC on March 1st is still February in Eastern time.
    expect(lastMonths(new Date("2027-03-01T02:00:00Z"), 1)).toEqual(["2027-02"]);
  });

  it("is shown to administrators on the overview and refused to anyone else", async () => {
    const res = await callRoute(dashboardLoader as never, makeRequest("/admin/dashboard", { cookie: admin.cookie }));
    expect(res.status).toBe(200);
    expect(res.body.pipeline.offers).toHaveLength(7);
    await expect(getDealPipeline(services, { actor: buyer.viewer })).rejects.toThrow(
      "You do not have permission to see the deal pipeline.",
    );
    const refused = await callRoute(
      dashboardLoader as never,
      makeRequest("/admin/dashboard", { cookie: buyer.cookie }),
    );
    expect(refused.status).not.toBe(200);
  });
});
