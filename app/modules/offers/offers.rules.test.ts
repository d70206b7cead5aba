import { describe, expect, it } from "vitest";
import {
  actingAs,
  appraisalPerPointCents,
  awaitingSide,
  canSeeOffer,
  checkOfferPrice,
  isOpen,
  limitMessage,
  offerTimers,
  offerTotalCents,
  openOfferLimitReached,
  ownSide,
} from "./offers.rules";
import { CounterOfferSchema, DeclineOfferSchema, SubmitOfferSchema } from "./offers.schema";

const buyer = { id: "b", role: "buyer" as const, impersonatedBy: null };
const seller = { id: "s", role: "seller" as const, impersonatedBy: null };
const stranger = { id: "x", role: "buyer" as const, impersonatedBy: null };
const admin = { id: "a", role: "admin" as const, impersonatedBy: null };
const impersonating = { id: "x", role: "buyer" as const, impersonatedBy: "a" };
const member = { buyerId: "b", sellerId: "s", brokerId: null };
const brokers = { buyerId: "b", sellerId: null, brokerId: 7 };

describe("who sees and acts on an offer", () => {
  it("shows it to its buyer, its seller and administrators only", () => {
    expect([buyer, seller, admin, stranger, impersonating].map((a) => canSeeOffer(a, member))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("gives the seller side of a broker's listing to the broker's staff (administrators)", () => {
    expect(ownSide(admin, brokers)).toBe("seller");
    expect(ownSide(admin, member)).toBeNull();
    expect(ownSide(seller, brokers)).toBeNull();
    expect(canSeeOffer(seller, brokers)).toBe(false);
  });

  it("lets a party act for their own side and an administrator for either, as acting for them", () => {
    expect(actingAs(buyer, member, "buyer")).toEqual({ side: "buyer", forOther: false });
    expect(actingAs(buyer, member, "seller")).toBeNull();
    expect(actingAs(seller, member, "seller")).toEqual({ side: "seller", forOther: false });
    expect(actingAs(admin, member, "seller")).toEqual({ side: "seller", forOther: true });
    expect(actingAs(admin, member, "buyer")).toEqual({ side: "buyer", forOther: true });
    expect(actingAs(stranger, member, "buyer")).toBeNull();
    // Impersonating, an administrator has only the person's rights.
    expect(actingAs({ ...buyer, impersonatedBy: "a" }, member, "seller")).toBeNull();
  });

  it("knows whose turn it is", () => {
    expect(awaitingSide("submitted")).toBe("seller");
    expect(awaitingSide("countered_by_buyer")).toBe("seller");
    expect(awaitingSide("countered_by_seller")).toBe("buyer");
    for (const s of ["accepted", "declined", "withdrawn", "expired"] as const) {
      expect(awaitingSide(s)).toBeNull();
      expect(isOpen(s)).toBe(false);
    }
  });
});

describe("the open-offer limit", () => {
  it("refuses at the limit, and everything at zero", () => {
    expect(openOfferLimitReached(4, 5)).toBe(false);
    expect(openOfferLimitReached(5, 5)).toBe(true);
    expect(openOfferLimitReached(0, 0)).toBe(true);
    expect(limitMessage(1)).toBe(
      "You already have 1 open offer, the most allowed at once. Wait for an answer or withdraw one first.",
    );
    expect(limitMessage(0)).toMatch(/cannot make offers/);
  });
});

describe("low and high offers", () => {
  const limits = { lowEnabled: false, lowPercent: 20, highEnabled: false, highPercent: 20 };

  it("passes anything when there is no appraisal value", () => {
    expect(checkOfferPrice(1, null, { ...limits, lowEnabled: true }, false)).toEqual({ kind: "ok" });
  });

  it("asks to confirm an offer more than the percent below, unless confirmed", () => {
    expect(checkOfferPrice(8000, 10000, limits, false)).toEqual({ kind: "ok" }); // exactly 20% below
    const r = checkOfferPrice(7999, 10000, limits, false);
    expect(r).toMatchObject({ kind: "low-needs-confirmation", appraisalCents: 10000, percentBelow: 20 }); // 20.01%, shown as 20
    expect(checkOfferPrice(5000, 10000, limits, false)).toMatchObject({
      kind: "low-needs-confirmation",
      percentBelow: 50,
      message:
        "Your offer is 50% below this contract's appraisal value of $100/pt. Sellers rarely accept offers that low: raise your offer, or confirm that you want to send it as it is.",
    });
    expect(checkOfferPrice(5000, 10000, limits, true)).toEqual({ kind: "ok" });
  });

  it("refuses a low offer outright when the low limit is enabled", () => {
    expect(checkOfferPrice(5000, 10000, { ...limits, lowEnabled: true }, true)).toMatchObject({ kind: "low-refused" });
    expect(checkOfferPrice(9000, 10000, { ...limits, lowEnabled: true }, false)).toEqual({ kind: "ok" });
  });

  it("refuses an offer more than the percent above while the high limit is enabled", () => {
    expect(checkOfferPrice(15000, 10000, limits, false)).toEqual({ kind: "ok" });
    expect(checkOfferPrice(12000, 10000, { ...limits, highEnabled: true }, false)).toEqual({ kind: "ok" });
    expect(checkOfferPrice(12050, 10000, { ...limits, highEnabled: true }, false)).toMatchObject({
      kind: "high-refused",
      percentAbove: 20.5,
      message:
        "Your offer is 20.5% above this contract's appraisal value of $100/pt; offers more than 20% above it are not accepted. Please check the price per point.",
    });
  });
});

describe("the appraisal value", () => {
  const inputs = {
    pricePerPointCents: 15000,
    actualValuePerPointCents: 15000,
    annualisedCostCents: 1500,
    yearsLeft: 20,
  };

  it("is the comparable median turned into an asking price", () => {
    expect(appraisalPerPointCents({ basis: "resort", comparableMedian: 14000, inputs })).toBe(14000);
    // Banked points make the actual value lower than the price: the appraisal carries the same difference.
    expect(
      appraisalPerPointCents({
        basis: "resort",
        comparableMedian: 14000,
        inputs: { ...inputs, actualValuePerPointCents: 14500 },
      }),
    ).toBe(14500);
    // Market basis: annualised cost difference x years left.
    expect(appraisalPerPointCents({ basis: "market", comparableMedian: 1400, inputs })).toBe(15000 - 100 * 20);
    expect(appraisalPerPointCents({ basis: "none", comparableMedian: null, inputs })).toBeNull();
  });
});

describe("timers and totals", () => {
  it("expires after the hours and reminds halfway", () => {
    const from = new Date("2026-01-01T00:00:00Z");
    const t = offerTimers(from, 48);
    expect(t.expiresAt.toISOString()).toBe("2026-01-03T00:00:00.000Z");
    expect(t.remindAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(offerTotalCents(160, 14050)).toBe(2_248_000);
  });
});

describe("offer inputs", () => {
  const base = { listingId: "12", pricePerPoint: "125.50", financing: "loan", deedNames: "Pat Buyer; Sam Buyer" };

  it("parses prices typed with a dollar sign and commas into cents", () => {
    expect(SubmitOfferSchema.parse(base)).toMatchObject({
      listingId: 12,
      pricePerPoint: 12550,
      financing: "loan",
      deedNames: ["Pat Buyer", "Sam Buyer"],
      message: "",
      confirmLow: false,
    });
    expect(SubmitOfferSchema.parse({ ...base, pricePerPoint: "$1,000.00" }).pricePerPoint).toBe(100_000);
    expect(SubmitOfferSchema.parse({ ...base, pricePerPoint: 140 }).pricePerPoint).toBe(14000);
    expect(SubmitOfferSchema.parse({ ...base, confirmLow: "on" }).confirmLow).toBe(true);
  });

  it("refuses zero, negative, over the cap and non-amounts with a message", () => {
    for (const p of ["0", "-5", "$12,500", "12.345", "twelve", ""]) {
      const r = SubmitOfferSchema.safeParse({ ...base, pricePerPoint: p });
      expect(r.success, p).toBe(false);
      expect(r.error?.issues[0].message).toMatch(/price per point/);
    }
  });

  it("needs deed names, a financing choice and known payers", () => {
    expect(SubmitOfferSchema.safeParse({ ...base, deedNames: [] }).success).toBe(false);
    expect(SubmitOfferSchema.safeParse({ ...base, deedNames: "A; B; C; D; E" }).success).toBe(false);
    expect(SubmitOfferSchema.safeParse({ ...base, financing: undefined }).success).toBe(false);
    expect(SubmitOfferSchema.safeParse({ ...base, duesPaidBy: "nobody" }).success).toBe(false);
    expect(SubmitOfferSchema.parse({ ...base, duesPaidBy: "split" }).duesPaidBy).toBe("split");
  });

  it("counters name a price; declines a reason", () => {
    expect(CounterOfferSchema.parse({ offerId: 3, pricePerPoint: "149" })).toMatchObject({
      offerId: 3,
      pricePerPoint: 14900,
    });
    expect(DeclineOfferSchema.safeParse({ offerId: 3, reason: " " }).success).toBe(false);
  });
});
