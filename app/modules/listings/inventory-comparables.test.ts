import { describe, expect, it } from "vitest";
import { comparablesText, pricePosition, priceInputCents, type ResortComparables } from "./inventory-comparables";

const blt: ResortComparables = { resortId: 1, count: 12, medianCents: 150_00, lowCents: 140_00, highCents: 160_00 };

describe("where the seller's price sits", () => {
  it("says below, within or above the suggested range, and how far from the median", () => {
    expect(pricePosition(blt, 150_00)).toMatchObject({ where: "within", percentFromMedian: 0 });
    expect(pricePosition(blt, 150_00)?.text).toMatch(
      /within the suggested range \(\$140\/pt to \$160\/pt\), at the median/,
    );
    expect(pricePosition(blt, 135_00)).toMatchObject({ where: "below", percentFromMedian: -10 });
    expect(pricePosition(blt, 135_00)?.text).toMatch(/10% below the median/);
    expect(pricePosition(blt, 180_00)).toMatchObject({ where: "above", percentFromMedian: 20 });
  });

  it("says nothing without a range or a price", () => {
    expect(pricePosition({ ...blt, count: 2, medianCents: null, lowCents: null, highCents: null }, 150_00)).toBeNull();
    expect(pricePosition(blt, null)).toBeNull();
    expect(pricePosition(undefined, 150_00)).toBeNull();
    expect(comparablesText(undefined)).toMatch(/No other listings/);
    expect(comparablesText({ resortId: 1, count: 2, medianCents: null, lowCents: null, highCents: null })).toMatch(
      /Only 2 other listings are for sale/,
    );
    expect(comparablesText(blt)).toBe(
      "12 listings for sale at this resort ask a median of $150/pt; the middle half ask $140/pt to $160/pt, the suggested range.",
    );
  });

  it("reads the typed price in dollars", () => {
    expect(priceInputCents("125.5")).toBe(125_50);
    expect(priceInputCents("abc")).toBeNull();
    expect(priceInputCents("")).toBeNull();
  });
});
